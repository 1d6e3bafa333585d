package othello

import (
	"fmt"
	"math/bits"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/internal/colex"
)

// The tiers, for strong solving (game.Tiered, package tier). Discs are
// never taken off the board, and a move adds one, so the number of discs
// never falls; a pass keeps it. A tier is the number of discs d and
// whether the player to move has a move: tier 2d+1 holds the positions
// where it has one, tier 2d those where it has none (it must pass, or
// the game is over). A pass goes from tier 2d to 2d+1 (the other player,
// now to move, has a move, else the game would be over), a move from
// 2d+1 to 2d+2 or 2d+3: every move goes to a later tier, and no tier is
// loopy.
//
// Within a tier, a position's raw rank is, in the combinatorial number
// system, the rank of its occupied cells other than the four of the
// centre (always occupied) among the sets of d-4 of the other cells,
// then the colours of its d discs as d bits, then whose turn it is. A
// tier ranks one position of each orbit of the start's stabiliser
// (symmetry.go), its least image.

// RankingVersion is the version of Othello's ranking, which a database
// records.
const RankingVersion = 2

var (
	_ game.Tiered[Pos] = (*Board)(nil)
)

// TierOf is 2×discs, plus 1 when the player to move has a move.
func (b *Board) TierOf(p Pos) game.Tier {
	t := 2 * p.Discs()
	if b.LegalMoves(p) != 0 {
		t++
	}
	return game.Tier(t)
}

// TierChildren: from a tier without moves, the pass's; from one with
// moves, the two tiers of one more disc.
func (b *Board) TierChildren(t game.Tier) []game.Tier {
	d := int(t) / 2
	switch {
	case t%2 == 0:
		return []game.Tier{t + 1}
	case d+1 <= b.Cells():
		return []game.Tier{t + 1, t + 2}
	}
	return nil
}

// TierLoopy is false: every move leaves its tier for a later one.
func (b *Board) TierLoopy(game.Tier) bool { return false }

// TierSize is C(cells-4, d-4) × 2^d × 2 for d discs.
func (b *Board) TierSize(t game.Tier) int64 {
	d := int(t) / 2
	if d < 4 || d > b.Cells() || b.Cells() > 32 {
		return 0
	}
	return colex.Binom(b.Cells()-4, d-4) << d * 2
}

// TierRank is the raw rank of p's orbit's representative (Canonical).
func (b *Board) TierRank(p Pos) int64 { return b.rawRank(b.Canonical(p)) }

func (b *Board) rawRank(p Pos) int64 {
	occ := p.Black | p.White
	d := bits.OnesCount64(occ)
	r := colex.Rank(colex.Extract(occ&^b.centre, b.full&^b.centre))<<d | int64(colex.Extract(p.Black, occ))
	r *= 2
	if p.WhiteToMove {
		r++
	}
	return r
}

// TierUnrank is the position of rank r in tier t, or false when r is out
// of range, names a position that is not its orbit's representative,
// whose mobility is not its tier's, or with a disc cut off from the
// centre (no play puts a disc there).
func (b *Board) TierUnrank(t game.Tier, r int64) (Pos, bool) {
	if r < 0 || r >= b.TierSize(t) {
		return Pos{}, false
	}
	d := int(t) / 2
	white := r&1 == 1
	r >>= 1
	colours := uint64(r) & (1<<d - 1)
	rest := colex.Deposit(colex.Unrank(b.Cells()-4, d-4, r>>d), b.full&^b.centre)
	occ := rest | b.centre
	black := colex.Deposit(colours, occ)
	p := Pos{Black: black, White: occ &^ black, WhiteToMove: white}
	if b.TierOf(p) != t || b.Canonical(p) != p || b.cutOff(occ) >= 0 {
		return Pos{}, false
	}
	return p, true
}

// TierName is "9 discs" for the tier with moves, "9 discs, no move" for
// the one where the player to move must pass or the game is over.
func (b *Board) TierName(t game.Tier) string {
	if t%2 == 0 {
		return fmt.Sprintf("%d discs, no move", t/2)
	}
	return fmt.Sprintf("%d discs", t/2)
}

// TierOrbit is the number of positions rank r stands for: the size of
// the start's stabiliser over the number of its symmetries fixing r's
// position (1 for an unused rank).
func (b *Board) TierOrbit(t game.Tier, r int64) (n, end int64) {
	p, ok := b.TierUnrank(t, r)
	if !ok {
		return 1, r + 1
	}
	fixed := int64(0)
	for _, s := range b.sym.start {
		if b.Image(p, s) == p {
			fixed++
		}
	}
	return int64(len(b.sym.start)) / fixed, r + 1
}

// TierRanking is the version of the ranking (tier.Ranked).
func (b *Board) TierRanking() int { return RankingVersion }
