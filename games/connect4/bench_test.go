package connect4

import (
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/game"
)

// sample6x5 is a spread of positions of the 6x5 board, the issue's
// target for the tier solver (2,818,972,642 positions).
func sample6x5(b *testing.B) (Game, []Board) {
	g := mustGame(b, 6, 5, 4)
	rng := rand.New(rand.NewPCG(5, 6))
	var out []Board
	for len(out) < 4096 {
		p := Board{}
		for !g.Over(p) && rng.IntN(g.S.Cells()+4) > 0 {
			moves := g.AppendMoves(nil, p)
			p = moves[rng.IntN(len(moves))]
		}
		out = append(out, p)
	}
	return g, out
}

func BenchmarkAppendMoves6x5(b *testing.B) {
	g, ps := sample6x5(b)
	buf := make([]Board, 0, 16)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		buf = g.AppendMoves(buf[:0], ps[i&4095])
	}
}

func BenchmarkMoves6x5(b *testing.B) {
	g, ps := sample6x5(b)
	b.ReportAllocs()
	n := 0
	for i := 0; b.Loop(); i++ {
		for range g.Moves(ps[i&4095]) {
			n++
		}
	}
}

func BenchmarkTierRank6x5(b *testing.B) {
	g, ps := sample6x5(b)
	b.ReportAllocs()
	var sum int64
	for i := 0; b.Loop(); i++ {
		sum += g.TierRank(ps[i&4095])
	}
}

func BenchmarkTierUnrank6x5(b *testing.B) {
	g, ps := sample6x5(b)
	type tr struct {
		t uint64
		r int64
	}
	ranks := make([]tr, len(ps))
	for i, p := range ps {
		ranks[i] = tr{uint64(g.TierOf(p)), g.TierRank(p)}
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		x := ranks[i&4095]
		g.TierUnrank(gameTier(x.t), x.r)
	}
}

func gameTier(t uint64) game.Tier { return game.Tier(t) }
