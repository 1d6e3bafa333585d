package tictactoe

import (
	"fmt"
	"iter"
	"math/bits"
	"unicode/utf8"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
)

// Pos is a board: bit i (cell i = 3*row + col, row 0 at the top) of the
// low 9 bits is an X, of bits 9..17 an O. The zero Pos is the empty
// board.
type Pos uint32

// X is the set of cells holding an X, as 9 bits.
func (p Pos) X() uint32 { return uint32(p) & 0x1ff }

// O is the set of cells holding an O, as 9 bits.
func (p Pos) O() uint32 { return uint32(p) >> 9 & 0x1ff }

// Marks is the number of marks on the board.
func (p Pos) Marks() int { return bits.OnesCount32(p.X() | p.O()) }

// XToMove reports whether X is to move (as many X's as O's).
func (p Pos) XToMove() bool { return bits.OnesCount32(p.X()) == bits.OnesCount32(p.O()) }

// lines are the eight lines of three, as cell sets.
var lines = [8]uint32{0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124}

// hasLine reports whether the cells s hold a line of three.
func hasLine(s uint32) bool {
	for _, l := range lines {
		if s&l == l {
			return true
		}
	}
	return false
}

// Game is tic-tac-toe for the solvers.
type Game struct{}

var (
	_ game.Game[Pos]         = Game{}
	_ game.MoveAppender[Pos] = Game{}
	_ game.Terminal[Pos]     = Game{}
	_ game.Formatter[Pos]    = Game{}
	_ game.Enumerable[Pos]   = Game{}
	_ game.Tiered[Pos]       = Game{}
)

// Over reports whether play has stopped at p: someone has a line, or the
// board is full.
func (Game) Over(p Pos) bool {
	return hasLine(p.X()) || hasLine(p.O()) || p.X()|p.O() == 0x1ff
}

// Moves yields the boards after each move from p, cells in reading order.
func (g Game) Moves(p Pos) iter.Seq[Pos] {
	return func(yield func(Pos) bool) {
		var buf [9]Pos
		for _, q := range g.AppendMoves(buf[:0], p) {
			if !yield(q) {
				return
			}
		}
	}
}

// AppendMoves appends the boards Moves yields to dst.
func (g Game) AppendMoves(dst []Pos, p Pos) []Pos {
	if g.Over(p) {
		return dst
	}
	shift := uint(9)
	if p.XToMove() {
		shift = 0
	}
	for empty := ^(p.X() | p.O()) & 0x1ff; empty != 0; empty &= empty - 1 {
		dst = append(dst, p|Pos(empty&-empty)<<shift)
	}
	return dst
}

// TerminalOutcome is P when the player who moved last has a line (the
// player to move has lost), D for a full board without one.
func (Game) TerminalOutcome(p Pos) outcome.Outcome {
	if hasLine(p.X()) || hasLine(p.O()) {
		return outcome.P
	}
	return outcome.D
}

// Format writes the 9 cells row by row: X, O or '.'.
func (Game) Format(p Pos) string {
	var b [9]byte
	for i := range 9 {
		switch {
		case p.X()>>i&1 == 1:
			b[i] = 'X'
		case p.O()>>i&1 == 1:
			b[i] = 'O'
		default:
			b[i] = '.'
		}
	}
	return string(b[:])
}

// Rows is the board as three rows of three characters, top down.
func (g Game) Rows(p Pos) []string {
	s := g.Format(p)
	return []string{s[0:3], s[3:6], s[6:9]}
}

// Parse reads a board: 9 characters X, O or . row by row (x, o, and - or
// _ for an empty cell are accepted too; spaces and '/' or '|' between
// rows are ignored). The error is a *budget.BadInput with the offset of
// the bad character, or -1 when the whole board is at fault (the counts,
// the lines).
func Parse(s string) (Pos, error) {
	bad := func(off int, format string, args ...any) error {
		return &budget.BadInput{Input: s, Offset: off, Msg: fmt.Sprintf(format, args...)}
	}
	var p Pos
	cell := 0
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if ch == ' ' || ch == '/' || ch == '|' || ch == '\t' {
			continue
		}
		if cell == 9 {
			return 0, bad(i, "bad board %q: more than 9 cells (the 10th at offset %d)", s, i)
		}
		switch ch {
		case 'X', 'x':
			p |= 1 << cell
		case 'O', 'o':
			p |= 1 << (9 + cell)
		case '.', '-', '_':
		default:
			r, _ := utf8.DecodeRuneInString(s[i:])
			return 0, bad(i, "bad cell %q at offset %d: expected X, O or .", r, i)
		}
		cell++
	}
	if cell != 9 {
		return 0, bad(-1, "bad board %q: %d cells; expected 9 (X, O or . row by row)", s, cell)
	}
	nx, no := bits.OnesCount32(p.X()), bits.OnesCount32(p.O())
	lx, lo := hasLine(p.X()), hasLine(p.O())
	switch {
	case nx != no && nx != no+1:
		return 0, bad(-1, "bad board %q: %d X's and %d O's; X moves first, so there are as many X's as O's or one more", s, nx, no)
	case lx && lo:
		return 0, bad(-1, "bad board %q: both X and O have three in a row; play stops at the first line", s)
	case lx && nx == no:
		return 0, bad(-1, "bad board %q: X has three in a row but it is X's turn (as many X's as O's); play stopped when X made the line", s)
	case lo && nx != no:
		return 0, bad(-1, "bad board %q: O has three in a row but it is O's turn (one X more); play stopped when O made the line", s)
	}
	return p, nil
}

// Positions lists every board reachable from the empty board, breadth
// first: 5,478 of them.
func (g Game) Positions() iter.Seq[Pos] { return g.From(0) }

// From lists every board reachable from p, p first, breadth first.
func (g Game) From(p Pos) iter.Seq[Pos] {
	return func(yield func(Pos) bool) {
		seen := map[Pos]bool{p: true}
		queue := []Pos{p}
		var buf []Pos
		for i := 0; i < len(queue); i++ {
			if !yield(queue[i]) {
				return
			}
			buf = g.AppendMoves(buf[:0], queue[i])
			for _, q := range buf {
				if !seen[q] {
					seen[q] = true
					queue = append(queue, q)
				}
			}
		}
	}
}
