package quixo

import (
	"fmt"
	"math/bits"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/internal/colex"
)

// MakeTier packs the counts of X's and O's.
func MakeTier(x, o int) game.Tier { return game.Tier(x | o<<8) }

// TierCounts unpacks a tier.
func TierCounts(t game.Tier) (x, o int) { return int(t & 0xff), int(t >> 8 & 0xff) }

// TierOf is the counts of X's and O's.
func (g *Game) TierOf(p Pos) game.Tier { return MakeTier(counts(p)) }

// valid reports whether t names counts that fit the board.
func (g *Game) valid(t game.Tier) bool {
	x, o := TierCounts(t)
	return t < 1<<16 && x+o <= g.n*g.n
}

// TierChildren is (x+1, o) and (x, o+1) while a blank cube is left.
func (g *Game) TierChildren(t game.Tier) []game.Tier {
	x, o := TierCounts(t)
	if !g.valid(t) || x+o == g.n*g.n {
		return nil
	}
	return []game.Tier{MakeTier(x+1, o), MakeTier(x, o+1)}
}

// TierLoopy is true once a cube is marked: its owner may take it back.
func (g *Game) TierLoopy(t game.Tier) bool { return t != 0 && g.valid(t) }

// TierSize is 2 × C(N², x+o) × C(x+o, x).
func (g *Game) TierSize(t game.Tier) int64 {
	if !g.valid(t) {
		return 0
	}
	x, o := TierCounts(t)
	return 2 * colex.Binom(g.n*g.n, x+o) * colex.Binom(x+o, x)
}

// TierRank is the rank of p's orbit under the square's 8 symmetries: the
// raw rank (rawRank) of its representative, the least of its images
// (Canonical). The ranks of the other images are never used.
func (g *Game) TierRank(p Pos) int64 { return g.rawRank(g.Canonical(p)) }

// rawRank is 2 × (occupied cells' rank × C(x+o, x) + the X's rank among
// the occupied cells) + 1 when O is to move.
func (g *Game) rawRank(p Pos) int64 {
	xs, os := p.X(), p.O()
	occ := xs | os
	n := bits.OnesCount64(occ)
	// The X's as a subset of the occupied cells' indices, and both sets'
	// colex ranks, a byte at a time (rank.go).
	r := 2 * (colex.RankSmall(occ)*colex.Binom(n, bits.OnesCount64(xs)) + colex.RankSmall(colex.Extract(xs, occ)))
	if p.OToMove() {
		r++
	}
	return r
}

// TierUnrank is the position of rank r in tier t: the representative of
// its orbit (Canonical); false for a rank whose raw position is not one
// (its orbit has the representative's rank).
func (g *Game) TierUnrank(t game.Tier, r int64) (Pos, bool) {
	p, ok := g.rawUnrank(t, r)
	if !ok || g.Canonical(p) != p {
		return 0, false
	}
	return p, true
}

// rawUnrank is rawRank's inverse. Every rank in range names a position
// (boards with lines are terminal ones).
func (g *Game) rawUnrank(t game.Tier, r int64) (Pos, bool) {
	if r < 0 || r >= g.TierSize(t) {
		return 0, false
	}
	x, o := TierCounts(t)
	n := x + o
	oToMove := r&1 == 1
	r >>= 1
	per := colex.Binom(n, x)
	var occ, sub uint64
	if g.n <= 4 {
		// Both sets by table (rank.go).
		occ, sub = uint64(colex16[n][r/per]), uint64(colex16[x][r%per])
	} else {
		occ, sub = colex.Unrank(g.n*g.n, n, r/per), colex.Unrank(n, x, r%per)
	}
	xs := colex.Deposit(sub, occ)
	return pos(xs, occ&^xs, oToMove), true
}

// TierName is "X5 O4".
func (g *Game) TierName(t game.Tier) string {
	x, o := TierCounts(t)
	return fmt.Sprintf("X%d O%d", x, o)
}

// Image is p under symmetry s of the square, 0..7 (0 the identity; then
// the rotations by a quarter, a half and three quarters, and the four
// reflections). The rules commute with each.
func (g *Game) Image(p Pos, s int) Pos {
	return pos(g.imageSet(s, p.X()), g.imageSet(s, p.O()), p.OToMove())
}

// imageSet is the set of cells b under symmetry s, a byte of cells at a
// time (symmetry.go's tables).
func (g *Game) imageSet(s int, b uint64) uint64 {
	t := &g.sym[s]
	return uint64(t[0][b&0xff] | t[1][b>>8&0xff] | t[2][b>>16&0xff] | t[3][b>>24&0xff])
}

// Canonical is the representative of p's orbit under the square's 8
// symmetries: the least of its images as a Pos. Symmetric positions have
// the same value and tier, and the tier ranks one position of each orbit
// (TierRank, symmetry.go).
func (g *Game) Canonical(p Pos) Pos {
	x, o, turn := p.X(), p.O(), p.OToMove()
	best := p
	for s := 1; s < 8; s++ {
		if q := pos(g.imageSet(s, x), g.imageSet(s, o), turn); q < best {
			best = q
		}
	}
	return best
}
