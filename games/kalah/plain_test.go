package kalah

import "fmt"

// A second, separate statement of Kalah's rules for the tests: the board
// as one ring of 2P+2 holes (South's pits 0..P-1, South's store P,
// North's pits P+1..2P, North's store 2P+1), one sowing a move, the
// same player moving again after an extra turn, and plain minimax of
// South's store minus North's. It shares no code with kalah.go.

type ring struct {
	p        int
	holes    []int
	south    bool // South to move
	nonEmpty bool
}

func newRing(p, s int, nonEmpty bool) ring {
	r := ring{p: p, holes: make([]int, 2*p+2), south: true, nonEmpty: nonEmpty}
	for i := range r.holes {
		if i != p && i != 2*p+1 {
			r.holes[i] = s
		}
	}
	return r
}

func (r ring) own(i int) bool {
	if r.south {
		return i < r.p
	}
	return i > r.p && i < 2*r.p+1
}

func (r ring) store() int {
	if r.south {
		return r.p
	}
	return 2*r.p + 1
}

func (r ring) done() bool {
	a, b := 0, 0
	for i := 0; i < r.p; i++ {
		a += r.holes[i]
		b += r.holes[r.p+1+i]
	}
	return a == 0 || b == 0
}

// sow plays from hole i (one of the mover's) and returns the new ring.
func (r ring) sow(i int) ring {
	n := ring{p: r.p, holes: append([]int(nil), r.holes...), south: r.south, nonEmpty: r.nonEmpty}
	seeds := n.holes[i]
	n.holes[i] = 0
	other := 2*r.p + 1
	if !r.south {
		other = r.p
	}
	j := i
	for seeds > 0 {
		j = (j + 1) % len(n.holes)
		if j == other {
			continue
		}
		n.holes[j]++
		seeds--
	}
	again := j == r.store()
	if r.own(j) && n.holes[j] == 1 {
		opp := 2*r.p - j // the hole across the board
		if n.holes[opp] > 0 || !r.nonEmpty {
			n.holes[r.store()] += 1 + n.holes[opp]
			n.holes[j], n.holes[opp] = 0, 0
		}
	}
	if n.done() {
		for k := 0; k < r.p; k++ {
			n.holes[r.p] += n.holes[k]
			n.holes[2*r.p+1] += n.holes[r.p+1+k]
			n.holes[k], n.holes[r.p+1+k] = 0, 0
		}
		again = false
	}
	if !again {
		n.south = !n.south
	}
	return n
}

// minimax is South's store minus North's under perfect play, South
// maximising and North minimising, memoised on the ring.
func minimax(r ring, memo map[string]int) int {
	if r.done() {
		return r.holes[r.p] - r.holes[2*r.p+1]
	}
	key := fmt.Sprint(r.holes, r.south)
	if v, ok := memo[key]; ok {
		return v
	}
	best := 0
	first := true
	for i := range r.holes {
		if !r.own(i) || r.holes[i] == 0 {
			continue
		}
		v := minimax(r.sow(i), memo)
		if first || (r.south && v > best) || (!r.south && v < best) {
			best, first = v, false
		}
	}
	memo[key] = best
	return best
}

// toRing is p as a ring (the tests' only bridge between the two).
func toRing(g *Game, p Pos) ring {
	r := ring{p: g.P, holes: make([]int, 2*g.P+2), south: p.Turn == 0, nonEmpty: g.NonEmpty}
	for i := range g.P {
		r.holes[i] = int(p.Pits[i])
		r.holes[g.P+1+i] = int(p.Pits[g.P+i])
	}
	r.holes[g.P] = int(p.Store[0])
	r.holes[2*g.P+1] = int(p.Store[1])
	return r
}
