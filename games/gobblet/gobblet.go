package gobblet

import (
	"fmt"
	"iter"
	"math/bits"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
)

// Pos is a position. A stack holds at most one piece of each size, the
// larger ones above (only a larger piece covers a smaller one), so a
// board is three layers, one a size, each naming the squares that hold a
// piece of that size and whose it is: bits 18s..18s+8 are Blue's pieces
// of size s (0 small, 1 medium, 2 large) on squares 0..8 (3*row + col,
// row 0 at the top), bits 18s+9..18s+17 Orange's; bit 63 is set when
// Orange is to move. The zero Pos is the empty board, Blue to move.
type Pos uint64

const (
	turnBit = Pos(1) << 63
	all9    = 1<<9 - 1
)

// Blue is the set of squares holding a blue piece of size s (covered or
// not).
func (p Pos) Blue(s int) uint16 { return uint16(uint64(p)>>(18*s)) & all9 }

// Orange is the set of squares holding an orange piece of size s.
func (p Pos) Orange(s int) uint16 { return uint16(uint64(p)>>(18*s+9)) & all9 }

// OrangeToMove reports whether Orange is to move.
func (p Pos) OrangeToMove() bool { return p&turnBit != 0 }

// Occupied is the set of squares holding a piece of size s.
func (p Pos) Occupied(s int) uint16 { return p.Blue(s) | p.Orange(s) }

// side is the layer of one colour's pieces of size s: shift 0 for Blue,
// 9 for Orange.
func (p Pos) side(s int, orange bool) uint16 {
	if orange {
		return p.Orange(s)
	}
	return p.Blue(s)
}

func bit(s int, orange bool, sq int) Pos {
	k := 18*s + sq
	if orange {
		k += 9
	}
	return Pos(1) << k
}

// Game is Gobblet Gobblers, or the same rules with fewer sizes or one
// piece of each size (gobblet:SIZES,PER, Farmer's variants; the tests'
// plain analysis of every position uses them). Make it with New.
type Game struct {
	sizes, per int
	sym        [8][512]uint16 // sym[g][set]: the image of a set of squares under symmetry g
	layer      layerTables
}

var (
	_ game.Game[Pos]         = (*Game)(nil)
	_ game.MoveAppender[Pos] = (*Game)(nil)
	_ game.Terminal[Pos]     = (*Game)(nil)
	_ game.Formatter[Pos]    = (*Game)(nil)
	_ game.Tiered[Pos]       = (*Game)(nil)
)

// New is Gobblet Gobblers: three sizes, two pieces of each a player.
func New() *Game { return newGame(3, 2) }

// newGame is the game with sizes sizes (1..3) and per pieces of each
// size a player (1..2).
func newGame(sizes, per int) *Game {
	g := &Game{sizes: sizes, per: per}
	g.initSymmetry()
	g.layer = newLayerTables(per)
	return g
}

// Spec is "gobblet", or "gobblet:SIZES,PER" for a variant.
func (g *Game) Spec() string {
	if g.sizes == 3 && g.per == 2 {
		return "gobblet"
	}
	return fmt.Sprintf("gobblet:%d,%d", g.sizes, g.per)
}

// Sizes is the number of sizes; PerSize the pieces of each size a player has.
func (g *Game) Sizes() int   { return g.sizes }
func (g *Game) PerSize() int { return g.per }

// lines are the 8 lines of three: rows, columns, diagonals.
var lines = [8]uint16{
	0007, 0070, 0700, // rows
	0111, 0222, 0444, // columns
	0421, 0124, // diagonals (0,4,8) and (2,4,6)
}

// Visible is the set of squares whose top piece is Blue's, and Orange's.
func (g *Game) Visible(p Pos) (blue, orange uint16) {
	var covered uint16
	for s := g.sizes - 1; s >= 0; s-- {
		blue |= p.Blue(s) &^ covered
		orange |= p.Orange(s) &^ covered
		covered |= p.Occupied(s)
	}
	return blue, orange
}

// hasLine reports whether the squares x hold a line of three.
func hasLine(x uint16) bool {
	for _, l := range lines {
		if x&l == l {
			return true
		}
	}
	return false
}

// Lines reports whether Blue, and Orange, show a line of three.
func (g *Game) Lines(p Pos) (blue, orange bool) {
	b, o := g.Visible(p)
	return hasLine(b), hasLine(o)
}

// Over reports whether play has stopped: a line of three shows.
func (g *Game) Over(p Pos) bool {
	b, o := g.Lines(p)
	return b || o
}

// Placed is the number of pieces of size s of one colour on the board.
func (p Pos) Placed(s int, orange bool) int { return bits.OnesCount16(p.side(s, orange)) }

// Moves yields the positions after each move from p: pieces from the
// reserve (small to large, squares in reading order), then the mover's
// visible pieces (squares in reading order) to each square whose pieces
// are all smaller. Different moves leave different positions.
func (g *Game) Moves(p Pos) iter.Seq[Pos] {
	return func(yield func(Pos) bool) {
		var buf [96]Pos
		for _, q := range g.AppendMoves(buf[:0], p) {
			if !yield(q) {
				return
			}
		}
	}
}

// free is the set of squares a piece of size s may go to: those holding
// no piece of size s or larger.
func (g *Game) free(p Pos, s int) uint16 {
	var taken uint16
	for t := s; t < g.sizes; t++ {
		taken |= p.Occupied(t)
	}
	return all9 &^ taken
}

// AppendMoves appends the positions Moves yields to dst.
func (g *Game) AppendMoves(dst []Pos, p Pos) []Pos {
	if g.Over(p) {
		return dst
	}
	orange := p.OrangeToMove()
	q0 := p ^ turnBit
	for s := range g.sizes {
		if p.Placed(s, orange) >= g.per {
			continue
		}
		for f := g.free(p, s); f != 0; f &= f - 1 {
			dst = append(dst, q0|bit(s, orange, bits.TrailingZeros16(f)))
		}
	}
	var covered uint16
	for s := g.sizes - 1; s >= 0; s-- {
		mine := p.side(s, orange) &^ covered
		covered |= p.Occupied(s)
		if mine == 0 {
			continue
		}
		targets := g.free(p, s)
		for m := mine; m != 0; m &= m - 1 {
			from := bit(s, orange, bits.TrailingZeros16(m))
			for f := targets; f != 0; f &= f - 1 {
				dst = append(dst, q0^from|bit(s, orange, bits.TrailingZeros16(f)))
			}
		}
	}
	return dst
}

// TerminalOutcome scores a position where a line shows, the only
// positions without moves (a player with a piece of the largest size in
// reserve can place it, as at most three squares hold one; a player
// with both on the board can move one, as they are never covered and at
// most four squares hold a piece of that size): N when
// the player to move shows a line (the opponent uncovered it, and that
// wins even if the opponent made a line of their own with the same
// move), P otherwise (the player who just moved made a line).
func (g *Game) TerminalOutcome(p Pos) outcome.Outcome {
	b, o := g.Lines(p)
	if p.OrangeToMove() && o || !p.OrangeToMove() && b {
		return outcome.N
	}
	return outcome.P
}

// Start is the empty board with Blue to move.
func (g *Game) Start() Pos { return 0 }
