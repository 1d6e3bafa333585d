package dobutsu

import (
	"math/rand/v2"
	"testing"
)

// randomPos is a position with the pieces of r placed at random: each
// piece on a random empty cell with a random owner (a chick promoted at
// random) or in a random hand, a random player to move; both lions on
// the board.
func randomPos(rng *rand.Rand, r Rules) Pos {
	var p Pos
	free := []int{}
	for c := range Cells {
		free = append(free, c)
	}
	take := func() int {
		i := rng.IntN(len(free))
		c := free[i]
		free = append(free[:i], free[i+1:]...)
		return c
	}
	p = p.withCell(take(), Lion).withCell(take(), Lion|goteBit)
	for k := range 3 {
		for range r.total(k) {
			side := rng.IntN(2)
			if rng.IntN(3) == 0 {
				p = p.addHand(side, k, 1)
				continue
			}
			x := handKinds[k]
			if x == Chick && rng.IntN(2) == 0 {
				x = Hen
			}
			if side == Gote {
				x |= goteBit
			}
			p = p.withCell(take(), x)
		}
	}
	if rng.IntN(2) == 0 {
		p |= turnBit
	}
	return p
}

// TestSymmetries: rotate and mirror as the plain loops over cells write
// them; both are involutions.
func TestSymmetries(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		p := randomPos(rng, Standard)
		var rot, mir Pos
		for i := range Cells {
			if x := p.Cell(i); x != 0 {
				rot = rot.withCell(Cells-1-i, x^goteBit)
			}
			mir = mir.withCell(i-i%Files+Files-1-i%Files, p.Cell(i))
		}
		for side := range 2 {
			for k := range 3 {
				rot = rot.addHand(1-side, k, p.Hand(side, k))
				mir = mir.addHand(side, k, p.Hand(side, k))
			}
		}
		if !p.GoteToMove() {
			rot |= turnBit
		} else {
			mir |= turnBit
		}
		if rotate(p) != rot || mirror(p) != mir || rotate(rotate(p)) != p || mirror(mirror(p)) != p {
			t.Fatalf("%x: rotate %x want %x, mirror %x want %x", p, rotate(p), rot, mirror(p), mir)
		}
	}
}

// TestRanking: the rankers are bijections between ranks and positions
// (checked on random ranks and random positions), their sizes are the
// counts of positions with one player to move (1,567,925,964 for the
// full ranker, the figure usually quoted for Dobutsu shogi), and the
// database's rank is the same for the four images of a position.
func TestRanking(t *testing.T) {
	g := New(Standard)
	if g.full.size != 1567925964 {
		t.Errorf("full ranker: %d ranks, want 1,567,925,964", g.full.size)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, k := range []*ranker{g.full, g.folded} {
		for range 100000 {
			r := rng.Int64N(k.size)
			if got := k.rank(k.unrank(r)); got != r {
				t.Fatalf("rank(unrank(%d)) = %d", r, got)
			}
		}
	}
	for range 100000 {
		p := randomPos(rng, Standard)
		s := seenBySente(p)
		if r := g.full.unrank(g.full.rank(s)); r != s {
			t.Fatalf("%s: full unrank(rank) = %s", g.Format(s), g.Format(r))
		}
		r := g.TierRank(p)
		for _, q := range []Pos{mirror(p), rotate(p), rotate(mirror(p))} {
			if g.TierRank(q) != r {
				t.Fatalf("%s and its image %s have ranks %d and %d", g.Format(p), g.Format(q), r, g.TierRank(q))
			}
		}
		if s.lion(Sente)/Files == 0 {
			continue
		}
		u, ok := g.TierUnrank(0, r)
		if !ok || g.TierRank(u) != r {
			t.Fatalf("%s: rank %d unranks to %s (%v)", g.Format(p), r, g.Format(u), ok)
		}
	}
	for _, r := range []Rules{{0, 0, 2}, {2, 0, 0}, {2, 2, 0}, {1, 2, 1}} {
		h := New(r)
		for range 10000 {
			x := rng.Int64N(h.folded.size)
			if got := h.folded.rank(h.folded.unrank(x)); got != x {
				t.Fatalf("%v: rank(unrank(%d)) = %d", r, x, got)
			}
		}
	}
}
