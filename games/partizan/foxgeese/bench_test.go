package foxgeese

import (
	"context"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// Benchmarks of BENCHMARKS.md ("Fox and Geese"): the value of a position
// with the geese on row 5 of 8×8 (every layer below valued afresh each
// time), the outcome of the start by retrograde analysis of its
// million positions, and the explorer playing on from the start (its
// moves listed from the kept results, solved.go).
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
		forgetSolved() // the graph built and solved every time
		r, err := in.Solve(context.Background(), nil, catalog.Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(r.Extra["positions"].(int)), "positions")
	}
}

// BenchmarkExplorePlayOn is the explorer's request after a move from
// the start of 8×8: the position's moves and their outcomes, read from
// the results kept when the start was solved.
func BenchmarkExplorePlayOn(b *testing.B) {
	in := instance{Board{8, 8}}
	ctx := context.Background()
	forgetSolved()
	if _, err := in.Successors(ctx, nil, catalog.Options{}, 100); err != nil {
		b.Fatal(err)
	}
	var next Pos
	for q := range in.b.LeftMoves(in.b.Start()) {
		next = q
	}
	tokens := []string{in.b.String(next)}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		l, err := in.Successors(ctx, tokens, catalog.Options{}, 100)
		if err != nil {
			b.Fatal(err)
		}
		for _, m := range l.Moves {
			if _, err := l.Solve(ctx, m.Position); err != nil {
				b.Fatal(err)
			}
		}
	}
}
