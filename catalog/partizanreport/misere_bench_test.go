package partizanreport_test

import (
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

// BenchmarkSolveMisere is 'grundy solve GAME POS --misere' on positions
// of built-in partizan games: every position's misère form built and
// simplified, then the outcome and winning moves.
func BenchmarkSolveMisere(b *testing.B) {
	for _, c := range []struct{ spec, pos string }{
		{"domineering", "3x3"},
		{"domineering", "4x4"},
		{"toads-and-frogs", "TT..FF"},
	} {
		b.Run(c.spec+"_"+c.pos, func(b *testing.B) {
			inst, err := catalog.Lookup(c.spec)
			if err != nil {
				b.Fatal(err)
			}
			f := inst.(reports.MisereFormer)
			for b.Loop() {
				if _, err := reports.SolveMiserePartizan(b.Context(), f, []string{c.pos}, catalog.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
