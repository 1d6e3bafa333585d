package kalah

import (
	"context"
	"testing"

	"github.com/grundy-go/grundy/search"
)

// BenchmarkMarginSearch: kalah:4,3 from the start by search.Margin (a
// 64 MiB table, new each time): Irving et al.'s +8.
func BenchmarkMarginSearch(b *testing.B) {
	g := mustNew(b, 4, 3, false)
	var nodes int64
	for b.Loop() {
		res, err := search.Margin(context.Background(), g, g.Start(), search.MarginOptions{TTSize: 64 << 20})
		if err != nil || res.Margin != 8 {
			b.Fatal(res, err)
		}
		nodes += res.Nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkBuild: kalah:3,3 strongly solved into a temporary directory.
func BenchmarkBuild(b *testing.B) {
	g := mustNew(b, 3, 3, false)
	for b.Loop() {
		d := build(b, g)
		if d.Stats().Total.Positions() != 19092 {
			b.Fatal(d.Stats().Total)
		}
	}
}

// BenchmarkAppendMoves: every turn of positions met on random play-outs
// of kalah:6,4 (the solvers' hot path).
func BenchmarkAppendMoves(b *testing.B) {
	g := mustNew(b, 6, 4, false)
	var ps []Pos
	rng := newRand()
	for len(ps) < 1000 {
		playout(g, rng, func(p Pos) { ps = append(ps, p) })
	}
	buf := make([]Pos, 0, 64)
	i := 0
	for b.Loop() {
		buf = g.AppendMoves(buf[:0], ps[i%len(ps)])
		i++
	}
}
