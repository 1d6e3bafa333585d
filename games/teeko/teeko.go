package teeko

import (
	"fmt"
	"iter"
	"math/bits"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
)

// Pos is a position: bit i (cell i = N*row + col, row 0 at the top) of
// bits 0..24 is a black piece, of bits 32..56 a red one, and bit 63 is
// set when Red is to move. The zero Pos is the empty board with Black to
// move.
type Pos uint64

const (
	redShift = 32
	turnBit  = Pos(1) << 63
	cellMask = 1<<25 - 1
)

// Black is the set of cells holding a black piece.
func (p Pos) Black() uint32 { return uint32(uint64(p) & cellMask) }

// Red is the set of cells holding a red piece.
func (p Pos) Red() uint32 { return uint32(uint64(p) >> redShift & cellMask) }

// RedToMove reports whether Red is to move.
func (p Pos) RedToMove() bool { return p&turnBit != 0 }

// Mover is the set of cells of the player to move.
func (p Pos) Mover() uint32 {
	if p.RedToMove() {
		return p.Red()
	}
	return p.Black()
}

// Opponent is the set of cells of the player who moved last.
func (p Pos) Opponent() uint32 {
	if p.RedToMove() {
		return p.Black()
	}
	return p.Red()
}

// Pieces is the number of pieces on the board.
func (p Pos) Pieces() int { return bits.OnesCount32(p.Black()) + bits.OnesCount32(p.Red()) }

// pos is the position with Black's cells b, Red's r, Red to move when
// redToMove.
func pos(b, r uint32, redToMove bool) Pos {
	p := Pos(b) | Pos(r)<<redShift
	if redToMove {
		p |= turnBit
	}
	return p
}

// Game is Teeko or Advanced Teeko. Make it with New. The rules are
// written for an n×n board with k pieces a side (Teeko: 5 and 4), so
// that the tests can check the solvers on smaller boards against a plain
// analysis of every position.
type Game struct {
	n, k     int
	advanced bool
	full     uint32
	goals    []uint32   // the winning configurations
	adj      [25]uint32 // the cells next to each cell (8 directions)
	sym      *symTables

	sidesOnce sync.Once
	sides     []*sideTable // the ranking of each tier (ranking.go)
}

var (
	_ game.Game[Pos]         = (*Game)(nil)
	_ game.MoveAppender[Pos] = (*Game)(nil)
	_ game.Terminal[Pos]     = (*Game)(nil)
	_ game.Formatter[Pos]    = (*Game)(nil)
	_ game.Enumerable[Pos]   = (*Game)(nil)
	_ game.Tiered[Pos]       = (*Game)(nil)
)

// New is Teeko (44 goals) or, when advanced, Advanced Teeko (58 goals).
func New(advanced bool) *Game { return newGame(5, 4, advanced) }

// newGame is the game on an n×n board (3 ≤ n ≤ 5) with k pieces a side
// (3 ≤ k ≤ 4, k ≤ n): the goals are k in a line (row, column or
// diagonal) and, when k is 4, the corners of a 2×2 square (of any square
// of side 2..n when advanced).
func newGame(n, k int, advanced bool) *Game {
	g := &Game{n: n, k: k, advanced: advanced, sym: newSymTables(n)}
	bit := func(r, c int) uint32 { return 1 << (r*n + c) }
	for r := range n {
		for c := range n {
			g.full |= bit(r, c)
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					rr, cc := r+dr, c+dc
					if (dr != 0 || dc != 0) && rr >= 0 && rr < n && cc >= 0 && cc < n {
						g.adj[r*n+c] |= bit(rr, cc)
					}
				}
			}
		}
	}
	for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
		for r := range n {
			for c := range n {
				var line uint32
				for i := range k {
					rr, cc := r+i*d[0], c+i*d[1]
					if rr < 0 || rr >= n || cc < 0 || cc >= n {
						line = 0
						break
					}
					line |= bit(rr, cc)
				}
				if line != 0 {
					g.goals = append(g.goals, line)
				}
			}
		}
	}
	if k == 4 {
		maxSide := 2
		if advanced {
			maxSide = n
		}
		for s := 2; s <= maxSide; s++ {
			for r := 0; r+s <= n; r++ {
				for c := 0; c+s <= n; c++ {
					g.goals = append(g.goals, bit(r, c)|bit(r, c+s-1)|bit(r+s-1, c)|bit(r+s-1, c+s-1))
				}
			}
		}
	}
	return g
}

// Advanced reports whether this is Advanced Teeko.
func (g *Game) Advanced() bool { return g.advanced }

// Spec is "teeko" or "teeko:advanced".
func (g *Game) Spec() string {
	if g.advanced {
		return "teeko:advanced"
	}
	return "teeko"
}

// Goals is the number of winning configurations: 44 for Teeko, 58 for
// Advanced Teeko.
func (g *Game) Goals() int { return len(g.goals) }

// Won reports whether the cells s hold a winning configuration.
func (g *Game) Won(s uint32) bool {
	for _, w := range g.goals {
		if s&w == w {
			return true
		}
	}
	return false
}

// Over reports whether the player who moved last has won: play has
// stopped. (The player to move never holds a goal in a legal position.)
func (g *Game) Over(p Pos) bool { return g.Won(p.Opponent()) }

// Moves yields the positions after each move from p: drops on the empty
// cells in reading order while pieces are in hand, then steps of a piece
// (pieces in reading order, each to its empty neighbours in reading
// order). Every move leaves a different position.
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
	me, opp := p.Mover(), p.Opponent()
	if g.Won(opp) {
		return dst
	}
	red := p.RedToMove()
	put := func(nm uint32) Pos {
		if red {
			return pos(opp, nm, false)
		}
		return pos(nm, opp, true)
	}
	empty := g.full &^ (me | opp)
	if p.Pieces() < 2*g.k {
		for e := empty; e != 0; e &= e - 1 {
			dst = append(dst, put(me|e&-e))
		}
		return dst
	}
	for s := me; s != 0; s &= s - 1 {
		from := s & -s
		for t := g.adj[bits.TrailingZeros32(s)] & empty; t != 0; t &= t - 1 {
			dst = append(dst, put(me^from|t&-t))
		}
	}
	return dst
}

// TerminalOutcome scores a position without moves for the player to
// move: P, since the opponent has just made a goal. (A player without a
// move and without a lost game does not occur on the 5×5 board, whose
// four pieces always have an empty neighbour; on the tests' smaller
// boards that player loses too.)
func (g *Game) TerminalOutcome(Pos) outcome.Outcome { return outcome.P }

// CellName names cell i: the column's letter from a at the left and the
// row's number from 1 at the top ("c3" is the centre of the 5×5 board),
// as the catalog names grid cells.
func (g *Game) CellName(i int) string {
	return fmt.Sprintf("%c%d", 'a'+i%g.n, i/g.n+1)
}

// Board writes the cells row by row, b, r or '.'.
func (g *Game) Board(p Pos) string {
	var sb strings.Builder
	for i := range g.n * g.n {
		switch {
		case p.Black()>>i&1 == 1:
			sb.WriteByte('b')
		case p.Red()>>i&1 == 1:
			sb.WriteByte('r')
		default:
			sb.WriteByte('.')
		}
	}
	return sb.String()
}

// Rows is the board as its rows, top down.
func (g *Game) Rows(p Pos) []string {
	s := g.Board(p)
	rows := make([]string, g.n)
	for r := range rows {
		rows[r] = s[r*g.n : (r+1)*g.n]
	}
	return rows
}

// Format writes the board and the player to move: "b.....r......":b.
func (g *Game) Format(p Pos) string {
	if p.RedToMove() {
		return g.Board(p) + ":r"
	}
	return g.Board(p) + ":b"
}

// Parse reads a position in Format's notation: the cells row by row
// (b, r, or . for empty; B and R too; spaces, '/' and '|' between rows
// ignored), then ':' and the player to move, b or r, which may be left
// out while pieces are being dropped (the counts say who drops next).
// "" is the start. The error is a *budget.BadInput with the offset of
// the fault (-1 when the whole position is at fault): a bad cell, a
// fifth piece of a colour, counts no play reaches (Black drops first, so
// Black has as many pieces as Red or one more), a player to move that
// the counts contradict, and a board no play reaches because the game
// would have stopped: both players holding a goal, or the player to move
// holding one.
func (g *Game) Parse(s string) (Pos, error) {
	bad := func(off int, format string, args ...any) error {
		return &budget.BadInput{Input: s, Offset: off, Msg: fmt.Sprintf(format, args...)}
	}
	if strings.TrimSpace(s) == "" {
		return 0, nil
	}
	size := g.n * g.n
	var b, r uint32
	nb, nr := 0, 0
	cell := 0
	i := 0
	for ; i < len(s) && s[i] != ':'; i++ {
		ch := s[i]
		if ch == ' ' || ch == '/' || ch == '|' || ch == '\t' {
			continue
		}
		if cell == size {
			return 0, bad(i, "bad position %s: more than %d cells (the extra one at offset %d)", budget.Excerpt(s, i), size, i)
		}
		switch ch {
		case 'b', 'B':
			if nb++; nb > g.k {
				return 0, bad(i, "bad position %s: black piece %d at offset %d; each player has %d", budget.Excerpt(s, i), nb, i, g.k)
			}
			b |= 1 << cell
		case 'r', 'R':
			if nr++; nr > g.k {
				return 0, bad(i, "bad position %s: red piece %d at offset %d; each player has %d", budget.Excerpt(s, i), nr, i, g.k)
			}
			r |= 1 << cell
		case '.', '-', '_':
		default:
			ru, _ := utf8.DecodeRuneInString(s[i:])
			return 0, bad(i, "bad cell %q at offset %d: expected b, r or .", ru, i)
		}
		cell++
	}
	if cell != size {
		return 0, bad(-1, "bad position %s: %d cells; expected %d (b, r or . row by row), then :b or :r", budget.Excerpt(s, -1), cell, size)
	}
	drop := nb+nr < 2*g.k
	if drop && nb != nr && nb != nr+1 {
		return 0, bad(-1, "bad position %s: %d black and %d red pieces, which no play reaches: Black drops first and the players take turns, so Black has as many pieces as Red or one more",
			budget.Excerpt(s, -1), nb, nr)
	}
	redToMove := nb > nr // while dropping; checked against what is written
	if i == len(s) {
		if !drop {
			return 0, bad(-1, "bad position %s: the player to move is missing; with every piece on the board end it with :b or :r", budget.Excerpt(s, -1))
		}
	} else {
		turn := strings.TrimSpace(s[i+1:])
		off := i + 1
		for off < len(s) && s[off] == ' ' {
			off++
		}
		var red bool
		switch turn {
		case "b", "B":
		case "r", "R":
			red = true
		case "":
			return 0, bad(i, "bad position %s: the player to move is missing after ':'; end it with :b or :r", budget.Excerpt(s, i))
		default:
			return 0, bad(off, "bad player to move %q at offset %d: expected b or r", turn, off)
		}
		if drop && red != redToMove {
			who, other := "Black", "Red"
			if redToMove {
				who, other = "Red", "Black"
			}
			return 0, bad(off, "bad player to move at offset %d: with %d black and %d red pieces dropped it is %s's turn, not %s's", off, nb, nr, who, other)
		}
		redToMove = red
	}
	p := pos(b, r, redToMove)
	bw, rw := g.Won(b), g.Won(r)
	switch {
	case bw && rw:
		return 0, bad(-1, "bad position %s: both Black and Red hold a winning configuration, which no play reaches: play stops at the first", budget.Excerpt(s, -1))
	case g.Won(p.Mover()):
		who := "Black"
		if redToMove {
			who = "Red"
		}
		return 0, bad(-1, "bad position %s: %s is to move but already holds a winning configuration, which no play reaches: play stopped when it was made", budget.Excerpt(s, -1), who)
	}
	return p, nil
}

// Start is the empty board with Black to move.
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

// MoveNames names each position a move from p leaves, in players'
// words: "drop at c3" while pieces are in hand, then "c3-d4" for a step
// from c3 to d4 (CellName).
func (g *Game) MoveNames(p Pos) map[Pos]string {
	out := map[Pos]string{}
	me := p.Mover()
	var buf [64]Pos
	for _, q := range g.AppendMoves(buf[:0], p) {
		nm := q.Opponent() // the mover's cells after the move
		added, gone := nm&^me, me&^nm
		to := g.CellName(bits.TrailingZeros32(added))
		if gone == 0 {
			out[q] = "drop at " + to
		} else {
			out[q] = g.CellName(bits.TrailingZeros32(gone)) + "-" + to
		}
	}
	return out
}

// WinsAtOnce reports whether the player to move at p has a move that
// makes a goal (tier.Finisher): p is then won in 1. A goal made by a
// move holds k of the mover's pieces, k−1 of them before the move, and
// the cell it lacks is empty: while dropping that is the drop there (the
// mover then has k−1 pieces, all in the goal), while moving the step to
// it of the one piece outside the goal, which must be next to it.
func (g *Game) WinsAtOnce(p Pos) bool {
	me, opp := p.Mover(), p.Opponent()
	if g.Won(opp) {
		return false
	}
	empty := g.full &^ (me | opp)
	drop := p.Pieces() < 2*g.k
	for _, w := range g.goals {
		miss := w &^ me
		if miss&(miss-1) != 0 || miss&empty == 0 {
			continue // not exactly one cell missing, or it is taken
		}
		if drop {
			return true
		}
		if out := me &^ w; g.adj[bits.TrailingZeros32(out)]&miss != 0 {
			return true
		}
	}
	return false
}
