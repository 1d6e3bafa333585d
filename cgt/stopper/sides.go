package stopper

import (
	"fmt"
)

// MaxSidleRounds bounds the rounds of sidling (see sidle).
const MaxSidleRounds = 40

// NotSettledError is the error of sidling that did not reach a fixed
// point: the game may not be stopper-sided (Bach's carousel is not), or
// its side may be a stopper that the approximations only approach.
type NotSettledError struct {
	Onside bool
	Rounds int
}

func (e *NotSettledError) Error() string {
	side := "offside"
	if e.Onside {
		side = "onside"
	}
	return fmt.Sprintf("the %s did not settle after %d rounds of sidling (the game may not be stopper-sided)", side, e.Rounds)
}

// cyclicVertices marks the vertices from which a play with the players
// alternating can go on forever: those with a state on an alternating
// cycle, and those that reach one by any moves (the vertices that are not
// stoppers).
func cyclicVertices(g *Graph) []bool {
	n := g.Len()
	cyc := cyclicStates(g)
	bad := make([]bool, n)
	var stack []int32
	for v := 0; v < n; v++ {
		if cyc[2*v] || cyc[2*v+1] {
			bad[v] = true
			stack = append(stack, int32(v))
		}
	}
	revL, revR := reverse(g.L), reverse(g.R)
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, rev := range [][][]int32{revL, revR} {
			for _, u := range rev[v] {
				if !bad[u] {
					bad[u] = true
					stack = append(stack, u)
				}
			}
		}
	}
	return bad
}

// sidle returns the onside (onside true) or offside of the game g as a
// canonical stopper, by Conway's sidling (ONAG ch. 16; Winning Ways
// ch. 11; Siegel, CGT, ch. VI): every vertex v from which alternating
// play can go on forever starts at on (for the onside; off for the
// offside), the others at their own canonical values, and each round
// gives every such v the value {S(v^L) | S(v^R)} of the last round's
// approximations S. The approximations move monotonically toward the
// side; when a round changes none of them they are the side itself.
// Every round's graph is a stopper (the new vertices' options are old
// approximations), so it is simplified and fused, and a round that
// changes nothing is seen as every new vertex fusing with the one it
// replaces. Sidling need not reach a fixed point in finitely many
// rounds, so it stops after MaxSidleRounds with a *NotSettledError.
func sidle(g *Graph, onside bool, lim *Limits) (*Graph, error) {
	return sidleRounds(g, onside, MaxSidleRounds, lim)
}

// sidleRounds is sidle stopped after rounds rounds.
func sidleRounds(g *Graph, onside bool, rounds int, lim *Limits) (*Graph, error) {
	n := g.Len()
	bad := cyclicVertices(g)
	// C: the stopper vertices of g, then the starting value (on or off).
	c := &Graph{L: make([][]int32, n+1), R: make([][]int32, n+1)}
	for v := 0; v < n; v++ {
		if !bad[v] {
			c.L[v], c.R[v] = g.L[v], g.R[v]
		}
	}
	if onside {
		c.L[n] = []int32{int32(n)}
	} else {
		c.R[n] = []int32{int32(n)}
	}
	cur := make([]int32, n)
	for v := range cur {
		cur[v] = int32(v)
		if bad[v] {
			cur[v] = int32(n)
		}
	}
	c, cur, err := canonicalRoots(c, cur, lim)
	if err != nil {
		return nil, err
	}
	for round := 1; round <= rounds; round++ {
		if err := lim.stopped(); err != nil {
			return nil, err
		}
		if err := lim.checkVertices(c.Len()+n, "a sidling approximation"); err != nil {
			return nil, err
		}
		h := &Graph{L: append([][]int32(nil), c.L...), R: append([][]int32(nil), c.R...)}
		base := int32(c.Len())
		roots := append([]int32(nil), cur...)
		fresh := make([]int32, n)
		for v := 0; v < n; v++ {
			if !bad[v] {
				continue
			}
			fresh[v] = int32(h.Len())
			var L, R []int32
			for _, w := range g.L[v] {
				L = append(L, cur[w])
			}
			for _, w := range g.R[v] {
				R = append(R, cur[w])
			}
			h.L, h.R = append(h.L, L), append(h.R, R)
			roots = append(roots, fresh[v])
		}
		_ = base
		h2, ids, err := canonicalRoots(h, roots, lim)
		if err != nil {
			return nil, err
		}
		settled := true
		next := make([]int32, n)
		k := n
		for v := 0; v < n; v++ {
			next[v] = ids[v]
			if bad[v] {
				next[v] = ids[k]
				k++
				if ids[k-1] != ids[v] {
					settled = false
				}
			}
		}
		c, cur = h2, next
		if settled {
			return pack(c, cur[0]), nil
		}
	}
	return nil, &NotSettledError{Onside: onside, Rounds: rounds}
}
