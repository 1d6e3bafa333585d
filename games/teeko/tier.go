package teeko

import (
	"fmt"
	"math/bits"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/internal/colex"
)

// Tiers are the number of pieces on the board: 0..2k-1 while dropping
// (each drop adds one, so those tiers are acyclic, and the counts say
// who is to move), then 2k, every piece on the board: the move phase,
// one loopy tier (a step keeps the count, and positions repeat).

// TierOf is the number of pieces on the board.
func (g *Game) TierOf(p Pos) game.Tier { return game.Tier(p.Pieces()) }

// TierChildren is the tier of one more piece while dropping.
func (g *Game) TierChildren(t game.Tier) []game.Tier {
	if int(t) >= 2*g.k {
		return nil
	}
	return []game.Tier{t + 1}
}

// TierLoopy is true for the move phase.
func (g *Game) TierLoopy(t game.Tier) bool { return int(t) == 2*g.k }

// blacks is the number of black pieces in tier t.
func (g *Game) blacks(t game.Tier) int { return (int(t) + 1) / 2 }

// TierSize is C(N², t) × C(t, ⌈t/2⌉) while dropping, and twice
// C(N², 2k) × C(2k, k) in the move phase (either player to move).
func (g *Game) TierSize(t game.Tier) int64 {
	if int(t) > 2*g.k {
		return 0
	}
	n := int(t)
	s := colex.Binom(g.n*g.n, n) * colex.Binom(n, g.blacks(t))
	if g.TierLoopy(t) {
		s *= 2
	}
	return s
}

// TierRank is the rank of p's orbit under the square's 8 symmetries: the
// raw rank of its representative, the least of its images (Canonical).
func (g *Game) TierRank(p Pos) int64 { return g.rawRank(g.Canonical(p)) }

// rawRank is the occupied cells' colex rank × C(t, blacks) + the black
// pieces' rank among the occupied cells; in the move phase, twice that,
// plus 1 when Red is to move. (GamesmanOne's two-piece hash.)
func (g *Game) rawRank(p Pos) int64 {
	b := uint64(p.Black())
	occ := b | uint64(p.Red())
	n := bits.OnesCount64(occ)
	r := colex.RankSmall(occ)*colex.Binom(n, bits.OnesCount64(b)) + colex.RankSmall(colex.Extract(b, occ))
	if n == 2*g.k {
		r *= 2
		if p.RedToMove() {
			r++
		}
	}
	return r
}

// TierUnrank is the position of rank r in tier t: the representative of
// its orbit. False for a rank out of range, for one whose raw position
// is not its orbit's representative, and for a position no play reaches
// because play would have stopped before (the player to move holds a
// goal). Positions where the player who moved last holds a goal are
// terminal ones.
func (g *Game) TierUnrank(t game.Tier, r int64) (Pos, bool) {
	if r < 0 || r >= g.TierSize(t) {
		return 0, false
	}
	n := int(t)
	nb := g.blacks(t)
	red := n%2 == 1
	if g.TierLoopy(t) {
		red = r&1 == 1
		r >>= 1
	}
	per := colex.Binom(n, nb)
	occ := colex.Unrank(g.n*g.n, n, r/per)
	b := colex.Deposit(colex.Unrank(n, nb, r%per), occ)
	p := pos(uint32(b), uint32(occ&^b), red)
	if g.Won(p.Mover()) || g.Canonical(p) != p {
		return 0, false
	}
	return p, true
}

// TierName is "7 pieces" while dropping, "move phase" after.
func (g *Game) TierName(t game.Tier) string {
	if g.TierLoopy(t) {
		return "move phase"
	}
	return fmt.Sprintf("%d pieces", t)
}
