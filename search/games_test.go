package search

import (
	"fmt"
	"iter"

	"github.com/grundy-go/grundy/outcome"
)

// ttt is tic-tac-toe: two bits a cell (0 empty, 1 the first player, 2 the
// second), the player to move follows from the count of stones.
type ttt struct{}

var tttLines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func tttCell(p uint32, i int) uint32 { return p >> (2 * i) & 3 }

func tttWon(p uint32) bool {
	for _, l := range tttLines {
		a := tttCell(p, l[0])
		if a != 0 && a == tttCell(p, l[1]) && a == tttCell(p, l[2]) {
			return true
		}
	}
	return false
}

func tttTurn(p uint32) uint32 {
	n := 0
	for i := range 9 {
		if tttCell(p, i) != 0 {
			n++
		}
	}
	return uint32(1 + n%2)
}

func (ttt) AppendMoves(dst []uint32, p uint32) []uint32 {
	if tttWon(p) {
		return dst
	}
	t := tttTurn(p)
	for i := range 9 {
		if tttCell(p, i) == 0 {
			dst = append(dst, p|t<<(2*i))
		}
	}
	return dst
}

func (g ttt) Moves(p uint32) iter.Seq[uint32] {
	return func(yield func(uint32) bool) {
		for _, q := range g.AppendMoves(nil, p) {
			if !yield(q) {
				return
			}
		}
	}
}

func (ttt) TerminalOutcome(p uint32) outcome.Outcome {
	if tttWon(p) {
		return outcome.P // the player who just moved made a line
	}
	return outcome.D
}

// tttSym is tic-tac-toe with its eight symmetries and a perfect key.
type tttSym struct{ ttt }

var tttPerms = func() [8][9]int {
	var ps [8][9]int
	rot := [9]int{6, 3, 0, 7, 4, 1, 8, 5, 2}
	ref := [9]int{2, 1, 0, 5, 4, 3, 8, 7, 6}
	cur := [9]int{0, 1, 2, 3, 4, 5, 6, 7, 8}
	for k := range 4 {
		ps[2*k] = cur
		for i := range 9 {
			ps[2*k+1][i] = cur[ref[i]]
		}
		var next [9]int
		for i := range 9 {
			next[i] = cur[rot[i]]
		}
		cur = next
	}
	return ps
}()

func (tttSym) Canonical(p uint32) uint32 {
	best := p
	for _, perm := range tttPerms {
		var q uint32
		for i := range 9 {
			q |= tttCell(p, perm[i]) << (2 * i)
		}
		best = min(best, q)
	}
	return best
}
func (tttSym) Key(p uint32) uint64 { return uint64(p) }
func (tttSym) PerfectKey()         {}
func (tttSym) Acyclic() bool       { return true }

// c4 is a plain Connect-4 on a small board for the tests (no bitboards):
// cells row by row from the bottom, 0 empty, 1 or 2.
type c4 struct{ w, h int }

type c4pos [30]int8

func (g c4) at(p *c4pos, c, r int) int8 { return p[r*g.w+c] }

func (g c4) won(p *c4pos) bool {
	dirs := [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}
	for r := range g.h {
		for c := range g.w {
			a := g.at(p, c, r)
			if a == 0 {
				continue
			}
			for _, d := range dirs {
				ec, er := c+3*d[0], r+3*d[1]
				if ec < 0 || ec >= g.w || er < 0 || er >= g.h {
					continue
				}
				if g.at(p, c+d[0], r+d[1]) == a && g.at(p, c+2*d[0], r+2*d[1]) == a && g.at(p, ec, er) == a {
					return true
				}
			}
		}
	}
	return false
}

func (g c4) stones(p *c4pos) int {
	n := 0
	for _, v := range p[:g.w*g.h] {
		if v != 0 {
			n++
		}
	}
	return n
}

func (g c4) AppendMoves(dst []c4pos, p c4pos) []c4pos {
	if g.won(&p) {
		return dst
	}
	t := int8(1 + g.stones(&p)%2)
	for c := range g.w {
		for r := range g.h {
			if g.at(&p, c, r) == 0 {
				q := p
				q[r*g.w+c] = t
				dst = append(dst, q)
				break
			}
		}
	}
	return dst
}

func (g c4) Moves(p c4pos) iter.Seq[c4pos] {
	return func(yield func(c4pos) bool) {
		for _, q := range g.AppendMoves(nil, p) {
			if !yield(q) {
				return
			}
		}
	}
}

func (g c4) TerminalOutcome(p c4pos) outcome.Outcome {
	if g.won(&p) {
		return outcome.P
	}
	return outcome.D
}

func (g c4) Format(p c4pos) string { return fmt.Sprint(p[:g.w*g.h]) }

// loopGame is a counter game with a cycle: from n one may go to n+1 or
// (from 3) back to 0; 5 is lost for the player to move.
type loopGame struct{}

func (loopGame) Moves(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		if n >= 5 {
			return
		}
		if !yield(n + 1) {
			return
		}
		if n == 3 {
			yield(0)
		}
	}
}

// witness is a plain memoised minimax over outcome and remoteness, by
// definition (no scores): a win takes the quickest lost option, a loss
// the slowest won option, and any drawn option makes a position with no
// lost option a draw.
type witness[P comparable] struct {
	moves func(P) []P
	term  func(P) outcome.Outcome
	memo  map[P]Value
}

func (w *witness[P]) value(p P) Value {
	if v, ok := w.memo[p]; ok {
		return v
	}
	ms := w.moves(p)
	var v Value
	if len(ms) == 0 {
		v = Value{w.term(p), 0}
		if v.Outcome == outcome.D {
			v.Remoteness = -1
		}
	} else {
		win, loss, draw := -1, -1, false
		for _, q := range ms {
			c := w.value(q)
			switch c.Outcome {
			case outcome.P:
				if win < 0 || c.Remoteness+1 < win {
					win = c.Remoteness + 1
				}
			case outcome.N:
				loss = max(loss, c.Remoteness+1)
			default:
				draw = true
			}
		}
		switch {
		case win >= 0:
			v = Value{outcome.N, win}
		case draw:
			v = Value{outcome.D, -1}
		default:
			v = Value{outcome.P, loss}
		}
	}
	w.memo[p] = v
	return v
}
