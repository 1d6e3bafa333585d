package reports_test

import (
	"context"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

// BenchmarkPattern1000 is grundy pattern on the first 1,000 values of a
// one-integer game: values computed and every detector run (target:
// under a second).
func BenchmarkPattern1000(b *testing.B) {
	for _, spec := range []string{"kayles", "grundy-game", "subtract:1,3,4", "fibonacci-nim", "circle:2"} {
		b.Run(spec, func(b *testing.B) {
			inst, err := catalog.Lookup(spec)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := reports.Patterns(context.Background(), inst, 1000, catalog.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
