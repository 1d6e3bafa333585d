package teeko

import (
	"fmt"

	"github.com/grundy-go/grundy/game"
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

// TierSize is the number of ranks of tier t: one a class of positions
// (ranking.go).
func (g *Game) TierSize(t game.Tier) int64 {
	if int(t) > 2*g.k || t < 0 {
		return 0
	}
	return g.sideTable(t).size()
}

// TierRank is the rank of p's class (ranking.go).
func (g *Game) TierRank(p Pos) int64 {
	m, o := g.canonicalSides(p.Mover(), p.Opponent())
	return g.sideTable(g.TierOf(p)).rank(m, o)
}

// TierUnrank is the position of rank r in tier t: its class's
// representative (Canonical). False for a rank out of range and for a
// position no play reaches because play would have stopped before (the
// player to move holds a goal). Positions where the player who moved
// last holds a goal are terminal ones.
func (g *Game) TierUnrank(t game.Tier, r int64) (Pos, bool) {
	if r < 0 || r >= g.TierSize(t) {
		return 0, false
	}
	m, o := g.sideTable(t).unrank(r)
	if g.Won(m) {
		return 0, false
	}
	return g.sidesPos(t, m, o), true
}

// TierName is "7 pieces" while dropping, "move phase" after.
func (g *Game) TierName(t game.Tier) string {
	if g.TierLoopy(t) {
		return "move phase"
	}
	return fmt.Sprintf("%d pieces", t)
}
