package teeko

import (
	"fmt"
	"strings"
)

// A plain Teeko written apart from the game's bitboards, for the tests:
// a board of cells, moves by looping over cells and directions, goals by
// coordinates, and the values of every position reachable by rounds of
// remoteness (the textbook retrograde analysis, no queue, no symmetry).

type plainRules struct {
	n, k     int
	advanced bool
}

type plainPos struct {
	cells [25]byte // 0 empty, 'b', 'r'
	red   bool     // Red to move
}

func (r plainRules) count(p plainPos, who byte) int {
	c := 0
	for i := range r.n * r.n {
		if p.cells[i] == who {
			c++
		}
	}
	return c
}

func (r plainRules) at(p plainPos, row, col int) byte {
	if row < 0 || col < 0 || row >= r.n || col >= r.n {
		return 0
	}
	return p.cells[row*r.n+col]
}

// won: who holds k in a line, or (k = 4) a square's corners.
func (r plainRules) won(p plainPos, who byte) bool {
	for row := range r.n {
		for col := range r.n {
			for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
				ok := true
				for i := range r.k {
					if r.at(p, row+i*d[0], col+i*d[1]) != who {
						ok = false
						break
					}
				}
				if ok {
					return true
				}
			}
			if r.k != 4 {
				continue
			}
			for s := 1; s < r.n; s++ {
				if s > 1 && !r.advanced {
					break
				}
				if r.at(p, row, col) == who && r.at(p, row+s, col) == who && r.at(p, row, col+s) == who && r.at(p, row+s, col+s) == who {
					return true
				}
			}
		}
	}
	return false
}

func (r plainRules) moves(p plainPos) []plainPos {
	me, opp := byte('b'), byte('r')
	if p.red {
		me, opp = opp, me
	}
	if r.won(p, opp) {
		return nil
	}
	var out []plainPos
	dropping := r.count(p, 'b')+r.count(p, 'r') < 2*r.k
	for i := range r.n * r.n {
		if dropping {
			if p.cells[i] == 0 {
				q := p
				q.cells[i] = me
				q.red = !p.red
				out = append(out, q)
			}
			continue
		}
		if p.cells[i] != me {
			continue
		}
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				row, col := i/r.n+dr, i%r.n+dc
				if (dr == 0 && dc == 0) || row < 0 || col < 0 || row >= r.n || col >= r.n || p.cells[row*r.n+col] != 0 {
					continue
				}
				q := p
				q.cells[i] = 0
				q.cells[row*r.n+col] = me
				q.red = !p.red
				out = append(out, q)
			}
		}
	}
	return out
}

func (r plainRules) text(p plainPos) string {
	var sb strings.Builder
	for i := range r.n * r.n {
		if p.cells[i] == 0 {
			sb.WriteByte('.')
		} else {
			sb.WriteByte(p.cells[i])
		}
	}
	if p.red {
		return sb.String() + ":r"
	}
	return sb.String() + ":b"
}

// plainValue is an outcome from the player to move: 'W', 'L' or 'D'
// (never decided), and the remoteness of a win or loss.
type plainValue struct {
	o   byte
	rem int
}

func (v plainValue) String() string { return fmt.Sprintf("%c%d", v.o, v.rem) }

// solve lists every position reachable from the start and values each:
// in round d, an undecided position is lost in d when every move leads
// to a position won (in at most d-1), with d-1 the greatest, and won in
// d when a move leads to a position lost in d-1. A position without
// moves is lost in 0.
func (r plainRules) solve() ([]plainPos, []plainValue) {
	index := map[plainPos]int32{}
	var all []plainPos
	var kids [][]int32
	add := func(p plainPos) int32 {
		if i, ok := index[p]; ok {
			return i
		}
		i := int32(len(all))
		index[p] = i
		all = append(all, p)
		return i
	}
	add(plainPos{})
	for i := 0; i < len(all); i++ {
		var ks []int32
		for _, q := range r.moves(all[i]) {
			ks = append(ks, add(q))
		}
		kids = append(kids, ks)
	}
	val := make([]plainValue, len(all))
	for i := range val {
		val[i] = plainValue{'D', -1}
	}
	for d := 0; ; d++ {
		var lost, won []int
		for i, ks := range kids {
			if val[i].o != 'D' {
				continue
			}
			allWon, most, winning := true, -1, false
			for _, k := range ks {
				v := val[k]
				if v.o != 'W' {
					allWon = false
				} else {
					most = max(most, v.rem)
				}
				if v.o == 'L' && v.rem == d-1 {
					winning = true
				}
			}
			switch {
			case winning:
				won = append(won, i)
			case allWon && most == d-1:
				lost = append(lost, i)
			}
		}
		if len(lost)+len(won) == 0 && d > 0 {
			// No position decided in this round: later rounds decide none
			// either unless a win is still pending, which needs a loss in
			// d-1; there is none.
			break
		}
		for _, i := range lost {
			val[i] = plainValue{'L', d}
		}
		for _, i := range won {
			val[i] = plainValue{'W', d}
		}
	}
	return all, val
}
