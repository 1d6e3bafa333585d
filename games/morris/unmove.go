package morris

import (
	"math/bits"

	"github.com/grundy-go/grundy/game"
)

var _ game.TierUnmover[Pos] = (*Game)(nil)

// Un-moves: the positions of a tier one move before a position, which
// the tier solver un-moves a loopy tier by (game.TierUnmover) instead of
// storing the tier's graph, as Gasser un-moved the positions of Nine
// Men's Morris (Gasser 1996, after Thompson 1986).
//
// A move stays in its tier exactly when it moves a man (a step along a
// line, or a flight) and removes nothing (tier.go): a placement empties a
// hand and a removal shrinks a board count. EachMove removes a man after
// every move whose man stands in a mill at its new point, unless the
// game has no removal (three men's morris: the mill ends the game, in
// the same tier) or the opponent has no man on the board (possible only
// under Lasker's rule, and only in positions no play reaches: a player
// always has a man on the board after their own move). So the moves of
// the player X who has just moved (not q's mover) into q are undone by:
//
//   - taking each man of X in q back from its point "to" to a point
//     "from" that was empty: a point joined to "to", or, when X was
//     flying (Fly, X with three men on the board and none in hand), any
//     empty point;
//   - skipping the men whose point "to" is in a mill of X's men in q
//     when the game removes and q's mover has a man on the board: that
//     move removed a man, so it came from another tier;
//   - keeping the position only when X could move there at all (no men
//     in hand, or Lasker's rule) and the game was not already over:
//     every player with three men in all (games with removal), no line
//     standing (three men's morris); a full board never has a move to
//     undo.
//
// Every position returned has the move to q (it is exactly EachMove's
// condition read backwards), including positions no play reaches, and
// each once: different men or points give different positions.
// TestUnmovesUndoMoves checks both directions on random positions of
// every variant, and TestUnmovesExactly on whole tiers against the
// moves.

// AppendUnmoves appends to dst the positions of q's tier with a move to
// q (game.TierUnmover), each once, but for those whose turn their hands
// contradict (see below), which no play reaches.
func (g *Game) AppendUnmoves(dst []Pos, q Pos) []Pos {
	w, b := q.White(), q.Black()
	wh, bh := q.Hands()
	// X, who has just moved, is the player not to move in q; M is q's
	// mover. shift places X's men in a Pos.
	x, m, xh, mh, shift := w, b, wh, bh, uint(0)
	if !q.BlackToMove() {
		x, m, xh, mh, shift = b, w, bh, wh, blackShift
	}
	if xh > 0 && !g.Lasker {
		return dst // X could only place
	}
	if mh > 0 && !g.Lasker {
		// M still places, so it was M's turn before X's move too: a
		// position with X to move there is one no play reaches, and
		// the ranking gives it the rank of the same board with M to
		// move (rank.go folds the turn where the hands decide it).
		return dst
	}
	nx := bits.OnesCount32(x)
	if g.Removal {
		if nx+xh < 3 || bits.OnesCount32(m)+mh < 3 {
			return dst // over before X's move too: the counts do not change
		}
	} else if g.HasMill(m) {
		return dst // M's line stood before X's move
	}
	empty := g.Board.Full() &^ (x | m)
	fly := g.Fly && xh == 0 && nx == 3
	removes := g.Removal && m != 0
	flip := q ^ turnBit
	for men := x; men != 0; men &= men - 1 {
		to := bits.TrailingZeros32(men)
		if removes && g.inMill(x, to) {
			continue // the move made a mill and removed a man
		}
		from := empty
		if !fly {
			from &= g.Board.Adj[to]
		}
		for f := from; f != 0; f &= f - 1 {
			fr := f & -f
			if !g.Removal && g.HasMill(x&^(1<<to)|fr) {
				continue // X's line stood: the game was over
			}
			dst = append(dst, flip^Pos(uint32(1)<<to|fr)<<shift)
		}
	}
	return dst
}

// MovesDistinct reports whether p's moves inside its tier reach
// pairwise different ranks (tier.DistinctMoves), so that the un-move
// solver counts them without ranking them. Those moves step or fly one
// of the mover's men and remove nothing: each leaves the mover's men
// two points away from p's and the other's as they are, and different
// moves leave different positions. Two of them, q1 = p - a + a' and q2 =
// p - b + b', share a rank only when a symmetry s ≠ identity maps q2's
// board to q1's (all of them have the same counts and turn, so the
// colour swap sends all or none of them to its orientation): s fixes
// the other's men, and the mover's men and their image under s differ
// in at most the four points a, a', s(b), s(b'). So no such s means no
// two such moves share a rank; most positions have none (a symmetry
// fixing a set of four men or more is rare).
func (g *Game) MovesDistinct(p Pos) bool {
	me, opp, _, _ := p.sides()
	return g.farFromSymmetry(opp, me)
}

// farFromSymmetry reports whether no symmetry but the identity (the
// first) maps fixed onto itself and moving to a set within four points
// of moving.
func (g *Game) farFromSymmetry(fixed, moving uint32) bool {
	for k := 1; k < len(g.sym); k++ {
		if g.imageSet(fixed, k) == fixed && bits.OnesCount32(g.imageSet(moving, k)^moving) <= 4 {
			return false
		}
	}
	return true
}
