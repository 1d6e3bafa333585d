package gobblet

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkTierRank: the rank of a position of random play (its class's
// representative under the 16 symmetries, then the mixed-radix rank),
// which every database lookup and every move of the tier solver pays.
func BenchmarkTierRank(b *testing.B) {
	g := New()
	rng := rand.New(rand.NewPCG(7, 8))
	ps := make([]Pos, 1024)
	for i := range ps {
		ps[i] = randomPos(g, rng, 4+rng.IntN(30))
	}
	i := 0
	var sink int64
	for b.Loop() {
		sink += g.TierRank(ps[i&1023])
		i++
	}
	_ = sink
}

// BenchmarkMoves: the moves of a position of random play.
func BenchmarkMoves(b *testing.B) {
	g := New()
	rng := rand.New(rand.NewPCG(7, 8))
	ps := make([]Pos, 1024)
	for i := range ps {
		ps[i] = randomPos(g, rng, 4+rng.IntN(30))
	}
	buf := make([]Pos, 0, 128)
	i := 0
	for b.Loop() {
		buf = g.AppendMoves(buf[:0], ps[i&1023])
		i++
	}
}
