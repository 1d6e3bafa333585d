package gobblet

import (
	"fmt"
	"strings"
)

// A plain Gobblet Gobblers written apart from the game's layers, for the
// tests: each square a slice of pieces bottom to top, moves by looping
// over squares and the reserve, lines by reading the top pieces, and the
// values of every position reachable from the start by rounds of
// remoteness (the textbook retrograde analysis: no queue, no symmetry).

type plainRules struct{ sizes, per int }

type plainPiece struct {
	size   int8 // 0 small .. 2 large
	orange bool
}

type plainPos struct {
	sq     [9][3]plainPiece // bottom to top, n[i] of them
	n      [9]int8
	orange bool // Orange to move
}

func (p plainPos) top(i int) (plainPiece, bool) {
	if p.n[i] == 0 {
		return plainPiece{}, false
	}
	return p.sq[i][p.n[i]-1], true
}

func (r plainRules) lineOf(p plainPos, orange bool) bool {
	for _, l := range [][3][2]int{
		{{0, 0}, {0, 1}, {0, 2}}, {{1, 0}, {1, 1}, {1, 2}}, {{2, 0}, {2, 1}, {2, 2}},
		{{0, 0}, {1, 0}, {2, 0}}, {{0, 1}, {1, 1}, {2, 1}}, {{0, 2}, {1, 2}, {2, 2}},
		{{0, 0}, {1, 1}, {2, 2}}, {{0, 2}, {1, 1}, {2, 0}},
	} {
		ok := true
		for _, c := range l {
			t, has := p.top(3*c[0] + c[1])
			if !has || t.orange != orange {
				ok = false
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// fits reports whether a piece of size z may go on square i.
func fits(p plainPos, i int, z int8) bool {
	t, has := p.top(i)
	return !has || t.size < z
}

func (r plainRules) moves(p plainPos) []plainPos {
	if r.lineOf(p, false) || r.lineOf(p, true) {
		return nil
	}
	var out []plainPos
	used := make([]int, r.sizes)
	for i := range 9 {
		for k := range p.n[i] {
			if pc := p.sq[i][k]; pc.orange == p.orange {
				used[pc.size]++
			}
		}
	}
	for z := range r.sizes {
		if used[z] == r.per {
			continue
		}
		for i := range 9 {
			if fits(p, i, int8(z)) {
				q := p
				q.sq[i][q.n[i]] = plainPiece{int8(z), p.orange}
				q.n[i]++
				q.orange = !p.orange
				out = append(out, q)
			}
		}
	}
	for from := range 9 {
		t, has := p.top(from)
		if !has || t.orange != p.orange {
			continue
		}
		lifted := p
		lifted.n[from]--
		lifted.sq[from][lifted.n[from]] = plainPiece{}
		for to := range 9 {
			if to == from || !fits(lifted, to, t.size) {
				continue
			}
			q := lifted
			q.sq[to][q.n[to]] = t
			q.n[to]++
			q.orange = !p.orange
			out = append(out, q)
		}
	}
	return out
}

// won0 is the value of a position without moves: won for the player to
// move when their line shows, lost otherwise.
func (r plainRules) won0(p plainPos) bool { return r.lineOf(p, p.orange) }

// key packs a position for the index: each square a number below 27,
// Σ owner × 3^size over its pieces (owner 1 Blue, 2 Orange; a stack
// holds a size once, the plain moves only put a piece on smaller ones),
// in base 27, and the player to move.
func (p plainPos) key() uint64 {
	var k uint64
	for i := range 9 {
		var c uint64
		for j := range p.n[i] {
			pc := p.sq[i][j]
			o := uint64(1)
			if pc.orange {
				o = 2
			}
			c += o * [3]uint64{1, 3, 9}[pc.size]
		}
		k = 27*k + c
	}
	if p.orange {
		k |= 1 << 63
	}
	return k
}

func (r plainRules) text(p plainPos) string {
	var sb strings.Builder
	for i := range 9 {
		if i > 0 {
			if i%3 == 0 {
				sb.WriteByte('/')
			} else {
				sb.WriteByte(',')
			}
		}
		if p.n[i] == 0 {
			sb.WriteByte('.')
		}
		for k := range p.n[i] {
			pc := p.sq[i][k]
			c := "SML"[pc.size]
			if pc.orange {
				c += 'a' - 'A'
			}
			sb.WriteByte(c)
		}
	}
	if p.orange {
		return sb.String() + ":o"
	}
	return sb.String() + ":b"
}

type plainValue struct {
	o   byte // 'W', 'L', 'D' for the player to move
	rem int
}

func (v plainValue) String() string { return fmt.Sprintf("%c%d", v.o, v.rem) }

// solve lists every position reachable from the start and values each by
// rounds: in round d an undecided position is won in d when a move
// leads to a position lost in d-1, and lost in d when every move leads
// to a won position and the greatest remoteness among them is d-1.
func (r plainRules) solve() ([]plainPos, []plainValue) {
	index := map[uint64]int32{}
	var all []plainPos
	var kids [][]int32
	add := func(p plainPos) int32 {
		k := p.key()
		if i, ok := index[k]; ok {
			return i
		}
		i := int32(len(all))
		index[k] = i
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
		if len(kids[i]) == 0 {
			if r.won0(all[i]) {
				val[i] = plainValue{'W', 0}
			} else {
				val[i] = plainValue{'L', 0}
			}
		}
	}
	open := []int{} // the positions still undecided
	for i := range all {
		if val[i].o == 'D' {
			open = append(open, i)
		}
	}
	for d := 1; ; d++ {
		var lost, won []int
		still := open[:0]
		for _, i := range open {
			ks := kids[i]
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
			default:
				still = append(still, i)
			}
		}
		open = still
		if len(lost)+len(won) == 0 {
			// A position decided in a later round needs one decided in
			// this round (a loss in d for a win in d+1, a win in d as
			// the greatest of a loss in d+1): none are.
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
