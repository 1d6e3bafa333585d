package retro

import (
	"fmt"
	"math"
)

// Power is the game of k tokens on a graph g (the disjunctive sum of k
// copies of the graph game): a position is a k-tuple of nodes and a move
// moves one token along an arc. Its positions are numbered in mixed radix,
// token 0 least significant: the tuple (d0, …, dk-1) is d0 + d1·n + … .
//
// Generalized Sprague–Grundy values (package loopy) decide such sums
// without this product graph; it serves where they cannot help — the
// remoteness of a sum — and as their second witness.
type Power struct {
	g     *CSR
	k     int
	n     int64 // nodes of g
	nodes int64 // n^k
}

// NewPower returns the game of k tokens on g, or an error when it has more
// than maxNodes positions or more than maxArcs moves.
func NewPower(g *CSR, k int, maxNodes, maxArcs int64) (*Power, error) {
	n := int64(g.Nodes())
	if k < 1 {
		return nil, fmt.Errorf("retro: %d tokens", k)
	}
	nodes := int64(1)
	for range k {
		if n != 0 && nodes > math.MaxInt64/n {
			return nil, fmt.Errorf("%d tokens on %d nodes make more than %d positions", k, n, maxNodes)
		}
		nodes *= n
	}
	if nodes > maxNodes || nodes > MaxNodes {
		return nil, fmt.Errorf("%d tokens on %d nodes make %d positions, more than %d", k, n, nodes, min(maxNodes, MaxNodes))
	}
	// Each position has the sum of its tokens' degrees as moves; summed over
	// all positions that is k·n^(k-1)·arcs.
	arcs := float64(k) * float64(nodes/max(n, 1)) * float64(g.Arcs())
	if arcs > float64(maxArcs) {
		return nil, fmt.Errorf("%d tokens on %d nodes make %.0f moves, more than %d", k, n, arcs, maxArcs)
	}
	return &Power{g: g, k: k, n: n, nodes: nodes}, nil
}

// Index returns the number of the position with tokens on the given nodes.
func (p *Power) Index(tokens []int32) int32 {
	var idx, mul int64 = 0, 1
	for _, t := range tokens {
		idx += int64(t) * mul
		mul *= p.n
	}
	return int32(idx)
}

// Problem returns the power game ready for Solve, with normal play.
func (p *Power) Problem() (*Problem, error) {
	moves := make([]uint32, p.nodes)
	digits := make([]int32, p.k)
	for idx := range p.nodes {
		p.decode(idx, digits)
		var d uint32
		for _, t := range digits {
			d += uint32(p.g.Off[t+1] - p.g.Off[t])
		}
		moves[idx] = d
	}
	pred, err := Build(int(p.nodes), func(yield func(from, to int32) bool) {
		p.arcs(func(u, v int32) bool { return yield(v, u) })
	})
	if err != nil {
		return nil, err
	}
	return &Problem{Pred: pred, Moves: moves}, nil
}

func (p *Power) decode(idx int64, digits []int32) {
	for i := range digits {
		digits[i] = int32(idx % p.n)
		idx /= p.n
	}
}

// arcs lists every move of the power game.
func (p *Power) arcs(yield func(from, to int32) bool) {
	digits := make([]int32, p.k)
	for idx := range p.nodes {
		p.decode(idx, digits)
		mul := int64(1)
		for _, t := range digits {
			for _, w := range p.g.Out(t) {
				if !yield(int32(idx), int32(idx+(int64(w)-int64(t))*mul)) {
					return
				}
			}
			mul *= p.n
		}
	}
}
