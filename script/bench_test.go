package script

import (
	"context"
	"testing"

	"github.com/grundy-go/grundy/games/subtraction"
	"github.com/grundy-go/grundy/impartial"
)

const benchScript = `
S = (1, 3, 4)
def moves(n):
    return [n - s for s in S if s <= n]
`

// benchHeap is the heap solved by the benchmarks: every heap below it is
// solved on the way.
const benchHeap = 100_000

// BenchmarkSubtractScript solves subtract:1,3,4 up to 10^5 written as a
// script; compare BenchmarkSubtractBuiltin.
func BenchmarkSubtractScript(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		g, err := Load(ctx, "bench.star", []byte(benchScript), Options{})
		if err != nil {
			b.Fatal(err)
		}
		s := NewSolver(g, SolveOptions{})
		p, err := g.Parse(ctx, []string{"100000"}, "")
		if err != nil {
			b.Fatal(err)
		}
		if v, _, err := s.Grundy(ctx, p); err != nil || v != 3 {
			b.Fatalf("G(10^5) = %d, %v; want 3", v, err)
		}
	}
}

// BenchmarkSubtractBuiltin solves the built-in subtract:1,3,4 up to 10^5
// with the same solver.
func BenchmarkSubtractBuiltin(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		g, err := subtraction.New([]int{1, 3, 4})
		if err != nil {
			b.Fatal(err)
		}
		s := impartial.New(g, impartial.Options{})
		if v, err := s.Grundy(ctx, benchHeap); err != nil || v != 3 {
			b.Fatalf("G(10^5) = %d, %v; want 3", v, err)
		}
	}
}

// benchExample solves a position of one of the examples/ scripts from
// scratch, loading included. The sizes are small enough for CI's single
// iteration; examples/bench/run.sh times the full sizes against the plain
// Python programs of the same rules.
func benchExample(b *testing.B, file string, params map[string]string, tokens []string, want uint64) {
	ctx := context.Background()
	for b.Loop() {
		g, err := Load(ctx, "../examples/"+file, nil, Options{Params: params})
		if err != nil {
			b.Fatal(err)
		}
		s := NewSolver(g, SolveOptions{})
		p, err := g.Parse(ctx, tokens, "")
		if err != nil {
			b.Fatal(err)
		}
		r, err := s.Solve(ctx, p)
		if err != nil {
			b.Fatal(err)
		}
		if r.Grundy == nil || r.Grundy.Uint64() != want {
			b.Fatalf("%s %v: grundy %v, want %d", file, tokens, r.Grundy, want)
		}
	}
}

// BenchmarkEuclid is Euclid's game at (999, 1000): half a million moves
// from the positions (k, 1).
func BenchmarkEuclid(b *testing.B) {
	benchExample(b, "euclid.star", nil, []string{"999", "1000"}, 0)
}

// BenchmarkChomp is Chomp 6 × 6 (924 positions).
func BenchmarkChomp(b *testing.B) {
	benchExample(b, "chomp.star", map[string]string{"rows": "6", "cols": "6"}, nil, 13)
}

// BenchmarkMockTurtles is Mock Turtles with heads at 20, 40 and 60.
func BenchmarkMockTurtles(b *testing.B) {
	benchExample(b, "mock.star", nil, []string{"20", "40", "60"}, 1)
}

// BenchmarkStringGame is Codeforces 305E's game on benchString.
func BenchmarkStringGame(b *testing.B) {
	benchExample(b, "stringgame.star", nil, []string{benchString}, 6)
}

const benchString = "abababababababababababababaabababababababa"
