package native_test

import (
	"context"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// Benchmarks of games written in Go, solved through the catalog as the
// command line solves them (without the build, which is cached). The
// sizes are the issue's: Chomp 9×9 and Euclid's game at (2999, 3000);
// examples/bench has the C++ brute forces they are compared with.

func benchSolve(b *testing.B, inst catalog.Instance, pos []string, params map[string]string, want string) {
	for b.Loop() {
		r, err := inst.Solve(context.Background(), pos, catalog.Options{Params: params})
		if err != nil {
			b.Fatal(err)
		}
		if r.Grundy.String() != want {
			b.Fatalf("grundy %v, want %s", r.Grundy, want)
		}
	}
}

func BenchmarkChomp9x9(b *testing.B) {
	inst := lookupB(b, twin("examples/native/chomp/chomp.go"))
	benchSolve(b, inst, nil, map[string]string{"rows": "9", "cols": "9"}, "20")
}

func BenchmarkEuclid2999x3000(b *testing.B) {
	inst := lookupB(b, twin("examples/native/euclid/euclid.go"))
	benchSolve(b, inst, []string{"2999", "3000"}, nil, "0")
}

func BenchmarkMockTurtles(b *testing.B) {
	inst := lookupB(b, twin("examples/native/mock/mock.go"))
	benchSolve(b, inst, []string{"50", "100", "150"}, nil, "385")
}

func lookupB(b *testing.B, spec string) catalog.Instance {
	inst, err := catalog.Lookup(spec)
	if err != nil {
		b.Fatal(err)
	}
	return inst
}
