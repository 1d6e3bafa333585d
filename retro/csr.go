package retro

import (
	"fmt"
	"math"
)

// MaxNodes is the largest number of nodes a CSR graph may have: node
// numbers are int32.
const MaxNodes = math.MaxInt32

// CSR is a directed graph in compressed sparse row form: the arcs out of
// node v lead to Adj[Off[v]:Off[v+1]]. Off has one entry more than there are
// nodes. Parallel arcs and self-loops are allowed.
type CSR struct {
	Off []int64
	Adj []int32
}

// Nodes returns the number of nodes.
func (g *CSR) Nodes() int {
	if len(g.Off) == 0 {
		return 0
	}
	return len(g.Off) - 1
}

// Arcs returns the number of arcs.
func (g *CSR) Arcs() int64 { return int64(len(g.Adj)) }

// Out returns the heads of the arcs out of v, in a slice that aliases g.Adj.
func (g *CSR) Out(v int32) []int32 { return g.Adj[g.Off[v]:g.Off[v+1]] }

// Degrees returns a new slice with the out-degree of every node.
func (g *CSR) Degrees() []uint32 {
	n := g.Nodes()
	d := make([]uint32, n)
	for v := range n {
		d[v] = uint32(g.Off[v+1] - g.Off[v])
	}
	return d
}

// Transpose returns the reverse graph: an arc v→u for every arc u→v of g,
// listed for each v in increasing order of u. It allocates the result only.
func (g *CSR) Transpose() *CSR {
	n := g.Nodes()
	off := make([]int64, n+1)
	for _, v := range g.Adj {
		off[v+1]++
	}
	for v := range n {
		off[v+1] += off[v]
	}
	adj := make([]int32, len(g.Adj))
	// Fill using off[v] as a cursor, then shift back.
	for u := range n {
		for _, v := range g.Out(int32(u)) {
			adj[off[v]] = int32(u)
			off[v]++
		}
	}
	for v := n; v > 0; v-- {
		off[v] = off[v-1]
	}
	off[0] = 0
	return &CSR{Off: off, Adj: adj}
}

// Build returns the CSR graph on n nodes whose arcs arcs lists. arcs is
// called twice (once to count, once to fill) and must list the same arcs
// both times; nothing but the result is allocated, so a generator can build
// a graph larger than its list of arcs would be. An arc with an end out of
// [0, n) is an error.
func Build(n int, arcs func(yield func(from, to int32) bool)) (*CSR, error) {
	if n < 0 || n > MaxNodes {
		return nil, fmt.Errorf("retro: %d nodes: must be between 0 and %d", n, MaxNodes)
	}
	off := make([]int64, n+1)
	var bad error
	arcs(func(from, to int32) bool {
		if from < 0 || int(from) >= n || to < 0 || int(to) >= n {
			bad = fmt.Errorf("retro: arc %d→%d: node out of range [0, %d)", from, to, n)
			return false
		}
		off[from+1]++
		return true
	})
	if bad != nil {
		return nil, bad
	}
	for v := range n {
		off[v+1] += off[v]
	}
	adj := make([]int32, off[n])
	cur := make([]int64, n) // fill cursors; freed on return
	copy(cur, off[:n])
	arcs(func(from, to int32) bool {
		if cur[from] >= off[from+1] {
			bad = fmt.Errorf("retro: the arcs listed the second time differ from the first")
			return false
		}
		adj[cur[from]] = to
		cur[from]++
		return true
	})
	if bad != nil {
		return nil, bad
	}
	for v := range n {
		if cur[v] != off[v+1] {
			return nil, fmt.Errorf("retro: the arcs listed the second time differ from the first")
		}
	}
	return &CSR{Off: off, Adj: adj}, nil
}
