package quixo

import (
	"math/rand/v2"
	"testing"
)

// sample4 is a spread of 4x4 positions, the board GamesmanOne solves
// (86,093,442 ranks).
func sample4(b *testing.B) (*Game, []Pos) {
	g := mustGame(b, 4)
	rng := rand.New(rand.NewPCG(9, 10))
	ps := make([]Pos, 4096)
	for i := range ps {
		p := randomPos(g, rng)
		ps[i] = pos(p.X()&rng.Uint64(), p.O()&rng.Uint64(), p.OToMove())
	}
	return g, ps
}

func BenchmarkAppendMoves4(b *testing.B) {
	g, ps := sample4(b)
	buf := make([]Pos, 0, 64)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		buf = g.AppendMoves(buf[:0], ps[i&4095])
	}
}

func BenchmarkTierRank4(b *testing.B) {
	g, ps := sample4(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		g.TierRank(ps[i&4095])
	}
}

func BenchmarkTierUnrank4(b *testing.B) {
	g, ps := sample4(b)
	ranks := make([]int64, len(ps))
	for i, p := range ps {
		ranks[i] = g.TierRank(p)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		g.TierUnrank(g.TierOf(ps[i&4095]), ranks[i&4095])
	}
}
