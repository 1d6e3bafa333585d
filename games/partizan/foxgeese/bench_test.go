package foxgeese

import (
	"context"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// Benchmarks of BENCHMARKS.md ("Fox and Geese"): the value of a position
// with the geese on row 5 of 8×8 (every layer below valued afresh each
// time), and the outcome of the start by retrograde analysis of its
// million positions.
//
//	go test -run ^$ -bench . -benchtime 3x ./games/partizan/foxgeese
func BenchmarkValueRow5(b *testing.B) {
	bd, _ := New(8, 8)
	p, err := bd.Parse([]string{"........|........|........|x.x.x.x.|........|........|........|o......."})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		vr := NewValuer(bd, MaxValuePositions, nil)
		if _, err := vr.Value(p); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(vr.Valued()), "positions")
		b.ReportMetric(float64(vr.Distinct()), "values")
	}
}

func BenchmarkSolveStart(b *testing.B) {
	in := instance{Board{8, 8}}
	for i := 0; i < b.N; i++ {
		r, err := in.Solve(context.Background(), nil, catalog.Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(r.Extra["positions"].(int)), "positions")
	}
}
