package othello

import (
	"math/rand/v2"
	"strings"
)

// A second witness: Othello's rules written again, plainly, on a grid of
// bytes, with a plain minimax over the final margin. Nothing here uses
// the bitboards, the shifts or the search of the package.

type plainBoard struct {
	w, h  int
	cells []byte // 'b', 'w' or '.', row by row
	white bool   // White to move
}

func plainStart(w, h int) plainBoard {
	p := plainBoard{w: w, h: h, cells: []byte(strings.Repeat(".", w*h))}
	r, c := h/2-1, w/2-1
	p.cells[r*w+c], p.cells[(r+1)*w+c+1] = 'w', 'w'
	p.cells[r*w+c+1], p.cells[(r+1)*w+c] = 'b', 'b'
	return p
}

func (p plainBoard) mover() byte {
	if p.white {
		return 'w'
	}
	return 'b'
}

func other(c byte) byte {
	if c == 'w' {
		return 'b'
	}
	return 'w'
}

// flipsAt lists the cells that color playing at (r, c) turns over.
func (p plainBoard) flipsAt(color byte, r, c int) []int {
	if p.cells[r*p.w+c] != '.' {
		return nil
	}
	var out []int
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			if dr == 0 && dc == 0 {
				continue
			}
			var line []int
			i, j := r+dr, c+dc
			for i >= 0 && i < p.h && j >= 0 && j < p.w && p.cells[i*p.w+j] == other(color) {
				line = append(line, i*p.w+j)
				i, j = i+dr, j+dc
			}
			if len(line) > 0 && i >= 0 && i < p.h && j >= 0 && j < p.w && p.cells[i*p.w+j] == color {
				out = append(out, line...)
			}
		}
	}
	return out
}

// legal lists the cells where color may play.
func (p plainBoard) legal(color byte) []int {
	var out []int
	for r := range p.h {
		for c := range p.w {
			if len(p.flipsAt(color, r, c)) > 0 {
				out = append(out, r*p.w+c)
			}
		}
	}
	return out
}

func (p plainBoard) play(cell int) plainBoard {
	q := plainBoard{w: p.w, h: p.h, cells: append([]byte(nil), p.cells...), white: !p.white}
	for _, f := range p.flipsAt(p.mover(), cell/p.w, cell%p.w) {
		q.cells[f] = p.mover()
	}
	q.cells[cell] = p.mover()
	return q
}

// margin is the final count for the player to move, empties to the
// player ahead.
func (p plainBoard) margin() int {
	me, opp, empty := 0, 0, 0
	for _, c := range p.cells {
		switch c {
		case p.mover():
			me++
		case '.':
			empty++
		default:
			opp++
		}
	}
	switch {
	case me > opp:
		return me - opp + empty
	case me < opp:
		return me - opp - empty
	}
	return 0
}

// minimax is the margin for the player to move under perfect play.
func (p plainBoard) minimax() int {
	moves := p.legal(p.mover())
	if len(moves) == 0 {
		if len(p.legal(other(p.mover()))) == 0 {
			return p.margin()
		}
		q := p
		q.white = !p.white
		return -q.minimax()
	}
	best := -1000
	for _, m := range moves {
		best = max(best, -p.play(m).minimax())
	}
	return best
}

// text writes p in the package's notation, by hand.
func (p plainBoard) text() string {
	var rows []string
	for r := range p.h {
		rows = append(rows, string(p.cells[r*p.w:(r+1)*p.w]))
	}
	t := "b"
	if p.white {
		t = "w"
	}
	return strings.Join(rows, "/") + ":" + t
}

// randomPlay plays n random moves (passes when forced) from p, stopping
// early when the game ends.
func (p plainBoard) randomPlay(rng *rand.Rand, n int) plainBoard {
	for range n {
		moves := p.legal(p.mover())
		if len(moves) == 0 {
			if len(p.legal(other(p.mover()))) == 0 {
				return p
			}
			p.white = !p.white
			continue
		}
		p = p.play(moves[rng.IntN(len(moves))])
	}
	return p
}
