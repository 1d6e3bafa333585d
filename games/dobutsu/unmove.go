package dobutsu

import (
	"math/bits"

	"github.com/grundy-go/grundy/game"
)

var _ game.TierUnmover[Pos] = (*Game)(nil)

// Un-moves: the positions one move before a position, which the tier
// solver un-moves its loopy tier by (game.TierUnmover) instead of
// storing the tier's graph, as tablebase builders do (Thompson 1986).
// They undo exactly the moves EachMove lists, in Tanaka's model: the
// player who just moved (X) stepped a piece onto its cell, maybe taking
// a piece of the other player (M, to move now) that went to X's hand
// (a hen as a chick), maybe promoting a chick onto X's far rank, or
// dropped a piece from their hand.
//
//   - A step undone: X's piece goes back to an empty cell it steps from.
//     A hen on X's far rank may have been a chick there (the promotion
//     undone) or a hen; a chick on X's far rank was dropped, never
//     stepped (it would have promoted).
//   - A capture undone: besides, a piece of X's hand returns to the cell
//     left as M's: a giraffe, an elephant, or, for a chick, a chick or a
//     hen (a hen taken goes to the hand as a chick).
//   - A drop undone: a giraffe, elephant or chick of X's on the board
//     goes back to X's hand.
//
// Only positions whose moves EachMove lists in full can be parents of a
// position where M still has a lion: a position where X can take M's
// lion lists only those captures, and one where M's lion stands on X's
// home rank out of reach has none (the try has stood). So a parent is
// kept only when X cannot take M's lion there and M's lion is not on
// M's far rank (M's lion is where it is in the child: X's move does not
// touch it). A position where M has no lion (finished) was left by X
// taking M's lion: each piece of X's may have done it, from a cell it
// steps from, where M's lion stood.
//
// A parent may be a position no play reaches (a lion on its far rank
// with its player to move, pieces no game arranges so); the solver
// keeps only the reachable ranks. The tests check both directions on
// random positions: every move's parent is among the child's
// un-moves, and every un-move's moves include the child.

// stepsTo[side][piece][c] is the set of cells from which a piece of
// side reaches cell c in one step: steps read backwards.
var stepsTo = func() (t [2][6][Cells]uint16) {
	for side := range 2 {
		for piece := Lion; piece <= Hen; piece++ {
			for s := range Cells {
				for to := steps[side][piece][s]; to != 0; to &= to - 1 {
					t[side][piece][trailing(to)] |= 1 << s
				}
			}
		}
	}
	return t
}()

// AppendUnmoves appends to dst the positions with a move to q
// (game.TierUnmover), each once.
func (g *Game) AppendUnmoves(dst []Pos, q Pos) []Pos {
	m := q.Mover()
	x := 1 - m
	if q.lion(x) < 0 {
		return dst // no position of play
	}
	var xBit, mBit uint8 = 0, goteBit
	if x == Gote {
		xBit, mBit = goteBit, 0
	}
	empty := uint16(1<<Cells-1) &^ uint16(q.sideCells(Sente)|q.sideCells(Gote))
	their := q.lion(m)
	flip := q ^ turnBit // X to move
	for mine := q.sideCells(x); mine != 0; mine &= mine - 1 {
		c := bits.TrailingZeros64(mine)
		piece := q.Cell(c) & 7
		// The pieces that may have stepped onto c: a hen on X's far
		// rank may have promoted there.
		sources := [2]uint8{piece}
		ns := 1
		if c/Files == farRow(x) {
			switch piece {
			case Hen:
				sources[1] = Chick
				ns = 2
			case Chick:
				ns = 0 // dropped there
			}
		}
		for _, k := range sources[:ns] {
			for from := stepsTo[x][k][c] & empty; from != 0; from &= from - 1 {
				s := trailing(from)
				before := flip.withCell(s, k|xBit)
				if their < 0 {
					// X took M's lion on c.
					dst = append(dst, before.withCell(c, Lion|mBit))
					continue
				}
				dst = g.keepParent(dst, before.withCell(c, 0), x, their)
				for hk, kind := range handKinds {
					if q.Hand(x, hk) == 0 {
						continue
					}
					taken := before.addHand(x, hk, -1)
					dst = g.keepParent(dst, taken.withCell(c, kind|mBit), x, their)
					if kind == Chick {
						dst = g.keepParent(dst, taken.withCell(c, Hen|mBit), x, their)
					}
				}
			}
		}
		if their >= 0 && piece != Lion && piece != Hen {
			if k := handIndex(piece); q.Hand(x, k) < 3 {
				dst = g.keepParent(dst, flip.withCell(c, 0).addHand(x, k, 1), x, their)
			}
		}
	}
	return dst
}

// keepParent appends p, a position with X to move and M's lion on cell
// their, if EachMove lists all its moves: X cannot take M's lion and M's
// lion is not on X's home rank.
func (g *Game) keepParent(dst []Pos, p Pos, x, their int) []Pos {
	if their/Files == farRow(1-x) || p.attacks(x, their) {
		return dst
	}
	return append(dst, p)
}
