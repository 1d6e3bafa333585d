package dobutsu

import (
	"math/rand/v2"
	"testing"
)

// playouts are positions met on random games from the start.
func playouts(g *Game, n int, seed uint64) []Pos {
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []Pos
	for len(out) < n {
		p := g.Start()
		for ply := 0; ply < 200 && len(out) < n; ply++ {
			out = append(out, p)
			ms := g.AppendMoves(nil, p)
			if len(ms) == 0 {
				break
			}
			p = ms[rng.IntN(len(ms))]
		}
	}
	return out
}

// BenchmarkExpand is the tier solver's work per position: unrank it,
// list its moves and rank each.
func BenchmarkExpand(b *testing.B) {
	g := New(Standard)
	ps := playouts(g, 1<<12, 7)
	ranks := make([]int64, len(ps))
	for i, p := range ps {
		ranks[i] = g.TierRank(p)
	}
	var buf []Pos
	b.ResetTimer()
	children := 0
	for i := 0; i < b.N; i++ {
		p, ok := g.TierUnrank(0, ranks[i%len(ranks)])
		if !ok {
			b.Fatal("unrank")
		}
		buf = g.AppendMoves(buf[:0], p)
		for _, q := range buf {
			_ = g.TierRank(q)
		}
		children += len(buf)
	}
	b.ReportMetric(float64(children)/float64(b.N), "moves/op")
}

// BenchmarkUnmove is the un-move solver's work per position of a
// level: unrank it, list its un-moves and rank each.
func BenchmarkUnmove(b *testing.B) {
	g := New(Standard)
	ps := playouts(g, 1<<12, 7)
	ranks := make([]int64, len(ps))
	for i, p := range ps {
		ranks[i] = g.TierRank(p)
	}
	var buf []Pos
	b.ResetTimer()
	parents := 0
	for i := 0; i < b.N; i++ {
		p, ok := g.TierUnrank(0, ranks[i%len(ranks)])
		if !ok {
			b.Fatal("unrank")
		}
		buf = g.AppendUnmoves(buf[:0], p)
		for _, q := range buf {
			_ = g.TierRank(q)
		}
		parents += len(buf)
	}
	b.ReportMetric(float64(parents)/float64(b.N), "parents/op")
}
