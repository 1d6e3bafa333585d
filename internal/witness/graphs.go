package witness

import (
	"iter"
	"math/rand/v2"
)

// RandomGraph returns n nodes with up to m arcs drawn at random (about a
// quarter left out, so that there are sinks), and, half of the time, a
// self-loop.
func RandomGraph(r *rand.Rand, n, m int) [][]int32 {
	adj := make([][]int32, n)
	for range m {
		u := r.IntN(n)
		if r.IntN(4) == 0 {
			continue // leave room for sinks
		}
		adj[u] = append(adj[u], int32(r.IntN(n)))
	}
	if n > 1 && r.IntN(2) == 0 {
		s := r.IntN(n)
		adj[s] = append(adj[s], int32(s)) // a self-loop
	}
	return adj
}

// Tokens is K ≤ 3 tokens on the graph Adj as one game (a game.Enumerable
// of positions [3]int32, the unused entries 0): a move moves one token
// along an arc.
type Tokens struct {
	Adj [][]int32
	K   int
}

// Positions lists every placement of the tokens.
func (p Tokens) Positions() iter.Seq[[3]int32] {
	return func(yield func([3]int32) bool) {
		n := len(p.Adj)
		total := 1
		for range p.K {
			total *= n
		}
		for c := range total {
			var pos [3]int32
			for i := range p.K {
				pos[i] = int32(c % n)
				c /= n
			}
			if !yield(pos) {
				return
			}
		}
	}
}

// Moves lists the positions one token's move leads to.
func (p Tokens) Moves(pos [3]int32) iter.Seq[[3]int32] {
	return func(yield func([3]int32) bool) {
		for i := range p.K {
			for _, w := range p.Adj[pos[i]] {
				q := pos
				q[i] = w
				if !yield(q) {
					return
				}
			}
		}
	}
}
