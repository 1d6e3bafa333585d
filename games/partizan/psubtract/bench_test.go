package psubtract_test

import (
	"context"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

// BenchmarkThreeHeaps: the value and the solve of issue 37's target,
// partizan-subtract:1,3/2,3 40 45 50, whose sum's canonical form is not
// built (its outcome and winning moves come from cgt.SumSearch); each
// run starts from an empty Space, the heaps' forms included.
func BenchmarkThreeHeaps(b *testing.B) {
	inst, err := catalog.Lookup("partizan-subtract:1,3/2,3")
	if err != nil {
		b.Fatal(err)
	}
	pos := []string{"40", "45", "50"}
	b.Run("value", func(b *testing.B) {
		for b.Loop() {
			r, err := reports.PartizanValue(context.Background(), inst, pos, catalog.Options{}, reports.CGTOptions{})
			if err != nil || r.Outcome != "L" || r.Sum == nil {
				b.Fatal(r, err)
			}
		}
	})
	b.Run("solve", func(b *testing.B) {
		for b.Loop() {
			r, err := inst.Solve(context.Background(), pos, catalog.Options{})
			if err != nil || r.Outcome != "L" || len(r.WinningMoves) != 6 {
				b.Fatal(r, err)
			}
		}
	})
}
