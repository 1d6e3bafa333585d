package loopy

import (
	"context"
	"fmt"
	"math"

	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/retro"
)

const (
	unlabelled = math.MaxUint32
	infinite   = math.MaxUint32 - 1
)

// Options tune Solve.
type Options struct {
	// Progress, if not nil, is called after each stage with the stage
	// number and the number of nodes still unlabelled.
	Progress func(stage, unlabelled int)
}

// Values holds the generalized Sprague–Grundy value of every node of a
// graph. It keeps one uint32 per node; the reachable sets K of ∞ values are
// computed from the graph when asked for.
type Values struct {
	succ  *retro.CSR
	label []uint32
	// Stages is the number of stages the algorithm ran.
	Stages int
}

// Solve computes the generalized Sprague–Grundy values of the graph succ
// (moves u→v are the arcs of succ) whose reverse graph is pred (see
// retro.CSR.Transpose). It allocates 20 bytes per node.
func Solve(ctx context.Context, succ, pred *retro.CSR, opts Options) (*Values, error) {
	n := succ.Nodes()
	if pred.Nodes() != n || pred.Arcs() != succ.Arcs() {
		return nil, fmt.Errorf("loopy: the reverse graph does not match the graph")
	}
	label := make([]uint32, n)
	cnt := make([]uint32, n)
	hit := make([]uint32, n) // hit[v] == m+1: v has a follower labelled m
	active := make([]int32, n)
	for v := range n {
		label[v] = unlabelled
		active[v] = int32(v)
	}
	queue := make([]int32, 0, 64)
	stage := 0
	for m := uint32(0); len(active) > 0; m++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if m >= infinite-1 {
			return nil, fmt.Errorf("loopy: too many stages")
		}
		stage++
		stamp := m + 1
		queue = queue[:0]
		// Counters: followers that are unlabelled or ∞ and do not yet
		// have a follower labelled m.
		for _, u := range active {
			var c uint32
			for _, w := range succ.Out(u) {
				if label[w] >= infinite {
					c++
				}
			}
			cnt[u] = c
			if c == 0 {
				queue = append(queue, u)
			}
		}
		for head := 0; head < len(queue); head++ {
			if head&0xffff == 0xffff {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			u := queue[head]
			if label[u] != unlabelled || hit[u] == stamp {
				continue
			}
			label[u] = m
			for _, w := range pred.Out(u) {
				if label[w] < infinite || hit[w] == stamp {
					continue
				}
				hit[w] = stamp
				for _, x := range pred.Out(w) {
					if label[x] != unlabelled || hit[x] == stamp {
						continue
					}
					if cnt[x]--; cnt[x] == 0 {
						queue = append(queue, x)
					}
				}
			}
		}
		next := active[:0]
		for _, u := range active {
			switch {
			case label[u] != unlabelled:
			case hit[u] != stamp:
				label[u] = infinite
			default:
				next = append(next, u)
			}
		}
		active = next
		if opts.Progress != nil {
			opts.Progress(stage, len(active))
		}
	}
	return &Values{succ: succ, label: label, Stages: stage}, nil
}

// Len returns the number of nodes.
func (vs *Values) Len() int { return len(vs.label) }

// Nimber returns the finite value of v, and false when γ(v) is ∞.
func (vs *Values) Nimber(v int32) (uint64, bool) {
	l := vs.label[v]
	return uint64(l), l < infinite
}

// Value returns γ(v), with the set K of an ∞ value.
func (vs *Values) Value(v int32) Value {
	if l := vs.label[v]; l < infinite {
		return Finite(uint64(l))
	}
	var k []uint64
	for _, w := range vs.succ.Out(v) {
		if l := vs.label[w]; l < infinite {
			k = append(k, uint64(l))
		}
	}
	return Infinite(k...)
}

// Outcome returns the outcome of a single token on v.
func (vs *Values) Outcome(v int32) outcome.Outcome {
	l := vs.label[v]
	switch {
	case l == 0:
		return outcome.P
	case l < infinite:
		return outcome.N
	}
	for _, w := range vs.succ.Out(v) {
		if vs.label[w] == 0 {
			return outcome.N
		}
	}
	return outcome.D
}

// Sum returns the value of the sum of tokens on the given nodes.
func (vs *Values) Sum(nodes []int32) Value {
	var s uint64
	infs := -1
	for i, v := range nodes {
		if l := vs.label[v]; l < infinite {
			s ^= uint64(l)
		} else if infs == -1 {
			infs = i
		} else {
			return Value{inf: true}
		}
	}
	if infs == -1 {
		return Finite(s)
	}
	return Sum(vs.Value(nodes[infs]), Finite(s))
}

// Move moves the token at index Token of a position to node To.
type Move struct {
	Token int
	To    int32
}

// WinningMoves returns every move of the sum of tokens on nodes that leaves
// a P-position (sum value 0), in token order and, for each token, in the
// graph's order of arcs (parallel arcs give one move). There are some
// exactly when the sum is an N-position.
func (vs *Values) WinningMoves(nodes []int32) []Move {
	var s uint64
	infs := -1
	for i, v := range nodes {
		if l := vs.label[v]; l < infinite {
			s ^= uint64(l)
		} else if infs == -1 {
			infs = i
		} else {
			return nil // two ∞ components: every move leaves one
		}
	}
	var moves []Move
	add := func(i int, target uint64) {
		seen := map[int32]bool{}
		for _, w := range vs.succ.Out(nodes[i]) {
			if l := vs.label[w]; l < infinite && uint64(l) == target && !seen[w] {
				seen[w] = true
				moves = append(moves, Move{Token: i, To: w})
			}
		}
	}
	if infs >= 0 {
		// Only a move of the ∞ token to a finite value s can leave 0.
		add(infs, s)
		return moves
	}
	if s == 0 {
		return nil
	}
	for i, v := range nodes {
		add(i, uint64(vs.label[v])^s)
	}
	return moves
}
