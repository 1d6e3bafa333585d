package quixo

import (
	"fmt"
	"iter"
	"math/bits"
	"strings"
	"unicode/utf8"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
)

// Pos is a position: bit i (cell i = N*row + col, row 0 at the top) of
// bits 0..24 is an X, of bits 32..56 an O, and bit 63 is set when O is to
// move. The zero Pos is the blank board with X to move.
type Pos uint64

const (
	oShift  = 32
	turnBit = Pos(1) << 63
	cells   = 1<<25 - 1 // at most 5x5
)

// X is the set of cells holding an X.
func (p Pos) X() uint64 { return uint64(p) & cells }

// O is the set of cells holding an O.
func (p Pos) O() uint64 { return uint64(p) >> oShift & cells }

// OToMove reports whether O is to move.
func (p Pos) OToMove() bool { return p&turnBit != 0 }

// Mover is the set of cells of the player to move, Opponent the other's.
func (p Pos) Mover() uint64 {
	if p.OToMove() {
		return p.O()
	}
	return p.X()
}

// Opponent is the set of cells of the player who moved last.
func (p Pos) Opponent() uint64 {
	if p.OToMove() {
		return p.X()
	}
	return p.O()
}

// pos is the position with X's x, O's o, O to move when oToMove.
func pos(x, o uint64, oToMove bool) Pos {
	p := Pos(x) | Pos(o)<<oShift
	if oToMove {
		p |= turnBit
	}
	return p
}

// push is one way to move a cube: take src, shift the cells of seg by
// shift bits (up when shift > 0, down when < 0) into the gap, and put the
// cube at dest.
type push struct {
	src, seg, dest uint64
	shift          int
}

func (m push) apply(b uint64) uint64 {
	s := b & m.seg
	if m.shift > 0 {
		s <<= uint(m.shift)
	} else {
		s >>= uint(-m.shift)
	}
	return b&^(m.seg|m.src) | s
}

// Game is Quixo on an N×N board. Make it with New.
type Game struct {
	n      int
	full   uint64     // every cell
	border uint64     // the outer ring
	lines  []uint64   // rows, columns, the two diagonals
	pushes []push     // every (cube, end) pair, cubes in reading order
	sym    *symTables // the images of cells under the square's symmetries
}

var (
	_ game.Game[Pos]         = (*Game)(nil)
	_ game.MoveAppender[Pos] = (*Game)(nil)
	_ game.Terminal[Pos]     = (*Game)(nil)
	_ game.Formatter[Pos]    = (*Game)(nil)
	_ game.Enumerable[Pos]   = (*Game)(nil)
	_ game.Tiered[Pos]       = (*Game)(nil)
)

// New is Quixo on an n×n board, 3 <= n <= 5.
func New(n int) (*Game, error) {
	if n < 3 || n > 5 {
		return nil, fmt.Errorf("board size %d: Quixo is played on 3x3 to 5x5 boards", n)
	}
	g := &Game{n: n, sym: newSymTables(n)}
	bit := func(r, c int) uint64 { return 1 << (r*n + c) }
	var d1, d2 uint64
	for i := range n {
		var row, col uint64
		for j := range n {
			row |= bit(i, j)
			col |= bit(j, i)
		}
		g.lines = append(g.lines, row, col)
		d1 |= bit(i, i)
		d2 |= bit(i, n-1-i)
	}
	g.lines = append(g.lines, d1, d2)
	for r := range n {
		for c := range n {
			g.full |= bit(r, c)
			if r != 0 && r != n-1 && c != 0 && c != n-1 {
				continue
			}
			g.border |= bit(r, c)
			src := bit(r, c)
			var seg uint64
			if c != 0 { // in at the left end: (r, 0..c-1) move right
				seg = 0
				for j := range c {
					seg |= bit(r, j)
				}
				g.pushes = append(g.pushes, push{src, seg, bit(r, 0), 1})
			}
			if c != n-1 { // in at the right end
				seg = 0
				for j := c + 1; j < n; j++ {
					seg |= bit(r, j)
				}
				g.pushes = append(g.pushes, push{src, seg, bit(r, n-1), -1})
			}
			if r != 0 { // in at the top
				seg = 0
				for i := range r {
					seg |= bit(i, c)
				}
				g.pushes = append(g.pushes, push{src, seg, bit(0, c), n})
			}
			if r != n-1 { // in at the bottom
				seg = 0
				for i := r + 1; i < n; i++ {
					seg |= bit(i, c)
				}
				g.pushes = append(g.pushes, push{src, seg, bit(n-1, c), -n})
			}
		}
	}
	return g, nil
}

// N is the side of the board.
func (g *Game) N() int { return g.n }

// Spec is "quixo:N".
func (g *Game) Spec() string { return fmt.Sprintf("quixo:%d", g.n) }

// HasLine reports whether the cells s hold a line of N.
func (g *Game) HasLine(s uint64) bool {
	for _, l := range g.lines {
		if s&l == l {
			return true
		}
	}
	return false
}

// Over reports whether someone has a line: play has stopped.
func (g *Game) Over(p Pos) bool { return g.HasLine(p.X()) || g.HasLine(p.O()) }

// Moves yields the positions after each move from p: cubes in reading
// order, for each its ends (left, right, top, bottom). Two moves may
// leave the same position (pushing a blank in from either side of a
// blank row); solvers take repeats.
func (g *Game) Moves(p Pos) iter.Seq[Pos] {
	return func(yield func(Pos) bool) {
		var buf [64]Pos
		for _, q := range g.AppendMoves(buf[:0], p) {
			if !yield(q) {
				return
			}
		}
	}
}

// AppendMoves appends the positions Moves yields to dst.
func (g *Game) AppendMoves(dst []Pos, p Pos) []Pos {
	if g.Over(p) {
		return dst
	}
	me, opp := p.Mover(), p.Opponent()
	oNext := !p.OToMove()
	for _, m := range g.pushes {
		if opp&m.src != 0 {
			continue
		}
		nm, no := m.apply(me)|m.dest, m.apply(opp)
		if oNext { // X moved
			dst = append(dst, pos(nm, no, true))
		} else {
			dst = append(dst, pos(no, nm, false))
		}
	}
	return dst
}

// TerminalOutcome scores a board with a line for the player to move: N
// if that player has a line (the opponent completed it for them), P if
// only the opponent has one.
func (g *Game) TerminalOutcome(p Pos) outcome.Outcome {
	switch {
	case g.HasLine(p.Mover()):
		return outcome.N
	case g.HasLine(p.Opponent()):
		return outcome.P
	}
	// Every position with a cube to take has a move: a position without
	// moves has a line.
	return outcome.D
}

// Board writes the cells row by row, X, O or '.'.
func (g *Game) Board(p Pos) string {
	var sb strings.Builder
	for i := range g.n * g.n {
		switch {
		case p.X()>>i&1 == 1:
			sb.WriteByte('X')
		case p.O()>>i&1 == 1:
			sb.WriteByte('O')
		default:
			sb.WriteByte('.')
		}
	}
	return sb.String()
}

// Rows is the board as its N rows, top down.
func (g *Game) Rows(p Pos) []string {
	s := g.Board(p)
	rows := make([]string, g.n)
	for r := range rows {
		rows[r] = s[r*g.n : (r+1)*g.n]
	}
	return rows
}

// Format writes the board and the player to move: "X...O...........:X".
func (g *Game) Format(p Pos) string {
	if p.OToMove() {
		return g.Board(p) + ":O"
	}
	return g.Board(p) + ":X"
}

// Parse reads a position in Format's notation; spaces, '/' and '|' in the
// board are ignored, x and o are accepted, and "" is the start. The error
// is a *budget.BadInput with the offset of the bad character (-1 when
// the whole position is at fault).
func (g *Game) Parse(s string) (Pos, error) {
	bad := func(off int, format string, args ...any) error {
		return &budget.BadInput{Input: s, Offset: off, Msg: fmt.Sprintf(format, args...)}
	}
	if strings.TrimSpace(s) == "" {
		return 0, nil
	}
	size := g.n * g.n
	var x, o uint64
	cell := 0
	i := 0
	for ; i < len(s) && s[i] != ':'; i++ {
		ch := s[i]
		if ch == ' ' || ch == '/' || ch == '|' || ch == '\t' {
			continue
		}
		if cell == size {
			return 0, bad(i, "bad position %s: more than %d cells (the extra one at that offset)", budget.Excerpt(s, i), size)
		}
		switch ch {
		case 'X', 'x':
			x |= 1 << cell
		case 'O', 'o':
			o |= 1 << cell
		case '.', '-', '_':
		default:
			r, _ := utf8.DecodeRuneInString(s[i:])
			return 0, bad(i, "bad cell %q at offset %d: expected X, O or .", r, i)
		}
		cell++
	}
	if cell != size {
		return 0, bad(-1, "bad position %s: %d cells; expected %d (X, O or . row by row), then :X or :O", budget.Excerpt(s, -1), cell, size)
	}
	if i == len(s) {
		return 0, bad(-1, "bad position %s: the player to move is missing; end it with :X or :O", budget.Excerpt(s, -1))
	}
	turn := strings.TrimSpace(s[i+1:])
	if turn == "" {
		// Point at the ':', not past the end of the input.
		return 0, bad(i, "bad position %s: the player to move is missing after ':'; end it with :X or :O", budget.Excerpt(s, i))
	}
	switch turn {
	case "X", "x":
		return pos(x, o, false), nil
	case "O", "o":
		return pos(x, o, true), nil
	}
	return 0, bad(i+1, "bad player to move %q at offset %d: expected X or O", turn, i+1)
}

// Start is the blank board with X to move.
func (g *Game) Start() Pos { return 0 }

// Positions lists every position reachable from the start.
func (g *Game) Positions() iter.Seq[Pos] { return g.From(0) }

// From lists every position reachable from p, p first, breadth first.
func (g *Game) From(p Pos) iter.Seq[Pos] {
	return func(yield func(Pos) bool) {
		seen := map[Pos]struct{}{p: {}}
		queue := []Pos{p}
		var buf []Pos
		for i := 0; i < len(queue); i++ {
			if !yield(queue[i]) {
				return
			}
			buf = g.AppendMoves(buf[:0], queue[i])
			for _, q := range buf {
				if _, ok := seen[q]; !ok {
					seen[q] = struct{}{}
					queue = append(queue, q)
				}
			}
		}
	}
}

// counts is the numbers of X's and O's.
func counts(p Pos) (int, int) { return bits.OnesCount64(p.X()), bits.OnesCount64(p.O()) }

// MoveNames names each position a move from p leaves by the first push
// (in Moves' order) that leaves it: "cube at (1, 3) pushed in at the
// left", rows and columns numbered from 1 at the top left. The cube taken
// from the border goes in at that end of its row or column, the cubes
// between sliding one cell towards where it was.
func (g *Game) MoveNames(p Pos) map[Pos]string {
	out := map[Pos]string{}
	if g.Over(p) {
		return out
	}
	me, opp := p.Mover(), p.Opponent()
	oNext := !p.OToMove()
	for _, m := range g.pushes {
		if opp&m.src != 0 {
			continue
		}
		nm, no := m.apply(me)|m.dest, m.apply(opp)
		q := pos(no, nm, false)
		if oNext {
			q = pos(nm, no, true)
		}
		if _, ok := out[q]; ok {
			continue
		}
		i := bits.TrailingZeros64(m.src)
		end := map[int]string{1: "left", -1: "right", g.n: "top", -g.n: "bottom"}[m.shift]
		out[q] = fmt.Sprintf("cube at (%d, %d) pushed in at the %s", i/g.n+1, i%g.n+1, end)
	}
	return out
}
