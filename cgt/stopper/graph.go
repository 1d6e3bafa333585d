package stopper

import (
	"context"
	"fmt"
	"slices"

	"github.com/grundy-go/grundy/budget"
)

// Graph is a finite game graph: vertex v has Left options L[v] and Right
// options R[v], indices of vertices of the same graph. The game it
// stands for is the one played from vertex 0 (the root); every vertex of
// a Graph made by this package is reachable from the root.
//
// A Graph is never changed once a function of this package has returned
// it, so values may share them.
type Graph struct {
	L, R [][]int32
}

// Len is the number of vertices.
func (g *Graph) Len() int { return len(g.L) }

// Limits bound the work of one computation.
type Limits struct {
	// MaxVertices bounds the vertices of any graph built (a sum is the
	// product of its parts); 0 for DefaultMaxVertices.
	MaxVertices int
	// Memory, when not nil, is charged for the comparison tables, which
	// hold two bits and a counter for every pair of vertices compared.
	Memory *budget.Bytes
	// Context, when not nil, stops the computation when it is done
	// (Ctrl-C, --timeout, a server's request gone): the comparisons and
	// the search for sides check it between their rounds.
	Context context.Context
}

// stopped is the context's error, wrapped to say what stopped, or nil.
func (lim *Limits) stopped() error {
	if lim == nil || lim.Context == nil {
		return nil
	}
	if err := lim.Context.Err(); err != nil {
		return fmt.Errorf("the loopy value's computation stopped: %w", err)
	}
	return nil
}

// DefaultMaxVertices bounds graphs when Limits.MaxVertices is 0. The
// comparison of two graphs of n and m vertices works on 2·n·m states, so
// 4096 vertices keep one comparison below about 100 MB.
const DefaultMaxVertices = 4096

func (lim *Limits) maxVertices() int {
	if lim == nil || lim.MaxVertices <= 0 {
		return DefaultMaxVertices
	}
	return lim.MaxVertices
}

func (lim *Limits) checkVertices(n int, what string) error {
	if max := lim.maxVertices(); n > max {
		return budget.Exceed(budget.States, int64(max), "%s has more than %d vertices", what, max)
	}
	return nil
}

// charge reserves n bytes of lim's memory; the returned function gives
// them back.
func (lim *Limits) charge(n int64, what string) (func(), error) {
	if lim == nil || lim.Memory == nil {
		return func() {}, nil
	}
	if err := lim.Memory.Charge(n, what); err != nil {
		return nil, err
	}
	return func() { lim.Memory.Release(n) }, nil
}

// pack returns the part of g reachable from root, renumbered in
// breadth-first order so that root becomes 0, with each option list
// sorted and without repeats.
func pack(g *Graph, root int32) *Graph {
	out, _ := packRoots(g, []int32{root})
	return out
}

// packRoots is pack from several roots, and returns their new numbers.
func packRoots(g *Graph, roots []int32) (*Graph, []int32) {
	id := make([]int32, g.Len())
	for i := range id {
		id[i] = -1
	}
	var order []int32
	for _, r := range roots {
		if id[r] < 0 {
			id[r] = int32(len(order))
			order = append(order, r)
		}
	}
	for i := 0; i < len(order); i++ {
		v := order[i]
		for _, opts := range [][]int32{g.L[v], g.R[v]} {
			for _, w := range opts {
				if id[w] < 0 {
					id[w] = int32(len(order))
					order = append(order, w)
				}
			}
		}
	}
	out := &Graph{L: make([][]int32, len(order)), R: make([][]int32, len(order))}
	for i, v := range order {
		out.L[i] = renumber(g.L[v], id)
		out.R[i] = renumber(g.R[v], id)
	}
	newRoots := make([]int32, len(roots))
	for i, r := range roots {
		newRoots[i] = id[r]
	}
	return out, newRoots
}

func renumber(opts []int32, id []int32) []int32 {
	out := make([]int32, 0, len(opts))
	for _, w := range opts {
		out = append(out, id[w])
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Neg is −g: Left's and Right's options exchanged at every vertex.
func Neg(g *Graph) *Graph {
	return &Graph{L: g.R, R: g.L}
}

// Sum is the disjunctive sum g + h: a vertex for every pair (x, y)
// reachable from the pair of roots, where a player moves in one of the
// two components. It fails when the sum would pass lim's vertices.
func Sum(g, h *Graph, lim *Limits) (*Graph, error) {
	ng, nh := g.Len(), h.Len()
	max := lim.maxVertices()
	ids := map[int64]int32{0: 0}
	pairs := []int64{0}
	key := func(x, y int32) int64 { return int64(x)*int64(nh) + int64(y) }
	get := func(k int64) (int32, error) {
		if id, ok := ids[k]; ok {
			return id, nil
		}
		if len(pairs) >= max {
			return 0, budget.Exceed(budget.States, int64(max), "the sum has more than %d vertices", max)
		}
		id := int32(len(pairs))
		ids[k] = id
		pairs = append(pairs, k)
		return id, nil
	}
	out := &Graph{}
	for i := 0; i < len(pairs); i++ {
		x, y := int32(pairs[i]/int64(nh)), int32(pairs[i]%int64(nh))
		var L, R []int32
		for _, side := range []struct {
			gOpts, hOpts []int32
			dst          *[]int32
		}{{g.L[x], h.L[y], &L}, {g.R[x], h.R[y], &R}} {
			for _, x2 := range side.gOpts {
				id, err := get(key(x2, y))
				if err != nil {
					return nil, err
				}
				*side.dst = append(*side.dst, id)
			}
			for _, y2 := range side.hOpts {
				id, err := get(key(x, y2))
				if err != nil {
					return nil, err
				}
				*side.dst = append(*side.dst, id)
			}
		}
		slices.Sort(L)
		slices.Sort(R)
		out.L = append(out.L, slices.Compact(L))
		out.R = append(out.R, slices.Compact(R))
	}
	_ = ng
	return out, nil
}

// IsStopper reports whether no play from any vertex of g, with either
// player starting, can go on forever with the players alternating
// (Siegel, CGT, Definition VI.1.?; ONAG ch. 16: a stopper). It is the
// absence of a cycle in the graph of states (vertex, player to move),
// found by removing states of in-degree zero (Kahn's algorithm).
func IsStopper(g *Graph) bool {
	return alternatingAcyclic(g)
}

// alternatingAcyclic decides IsStopper: state 2v is v with Left to move,
// 2v+1 with Right to move; Left's move from v to w is the edge 2v → 2w+1.
func alternatingAcyclic(g *Graph) bool {
	n := g.Len()
	indeg := make([]int32, 2*n)
	for v := 0; v < n; v++ {
		for _, w := range g.L[v] {
			indeg[2*w+1]++
		}
		for _, w := range g.R[v] {
			indeg[2*w]++
		}
	}
	queue := make([]int32, 0, 2*n)
	for s := range indeg {
		if indeg[s] == 0 {
			queue = append(queue, int32(s))
		}
	}
	for i := 0; i < len(queue); i++ {
		s := queue[i]
		v, leftToMove := s/2, s%2 == 0
		next, turn := g.R[v], int32(0)
		if leftToMove {
			next, turn = g.L[v], 1
		}
		for _, w := range next {
			t := 2*w + turn
			if indeg[t]--; indeg[t] == 0 {
				queue = append(queue, t)
			}
		}
	}
	return len(queue) == 2*n
}

// isLoopfree reports, for every vertex, whether no cycle of any moves is
// reachable from it (the vertex is a short game).
func isLoopfree(g *Graph) []bool {
	n := g.Len()
	// Remove vertices all of whose options are removed (out-degree
	// counting on the reverse graph); what remains reaches a cycle.
	out := make([]int32, n)
	rev := make([][]int32, n)
	for v := 0; v < n; v++ {
		opts := append(slices.Clone(g.L[v]), g.R[v]...)
		slices.Sort(opts)
		opts = slices.Compact(opts)
		out[v] = int32(len(opts))
		for _, w := range opts {
			rev[w] = append(rev[w], int32(v))
		}
	}
	short := make([]bool, n)
	var queue []int32
	for v := range out {
		if out[v] == 0 {
			queue = append(queue, int32(v))
		}
	}
	for i := 0; i < len(queue); i++ {
		v := queue[i]
		short[v] = true
		for _, u := range rev[v] {
			if out[u]--; out[u] == 0 {
				queue = append(queue, u)
			}
		}
	}
	return short
}

// check panics on a malformed graph; the package's own graphs are always
// well formed, so a failure is a bug.
func (g *Graph) check() {
	for v := range g.L {
		for _, opts := range [][]int32{g.L[v], g.R[v]} {
			for _, w := range opts {
				if w < 0 || int(w) >= g.Len() {
					panic(fmt.Sprintf("stopper: vertex %d has option %d outside the graph", v, w))
				}
			}
		}
	}
}
