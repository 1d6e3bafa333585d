package backslide

import (
	"iter"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/cgt/stopper"
)

// LeftMoves moves a toad of the strip p: a step right or a jump right
// over one frog into an empty square, or a step back left.
func LeftMoves(p string) iter.Seq[string] { return moves(p, 'T', 'F', 1) }

// RightMoves moves a frog: a step or jump left, or a step back right.
func RightMoves(p string) iter.Seq[string] { return moves(p, 'F', 'T', -1) }

func moves(p string, me, them byte, dir int) iter.Seq[string] {
	return func(yield func(string) bool) {
		empty := func(j int) bool { return j >= 0 && j < len(p) && p[j] == '.' }
		for i := 0; i < len(p); i++ {
			if p[i] != me {
				continue
			}
			j, k, back := i+dir, i+2*dir, i-dir
			switch {
			case empty(j):
				if !yield(swap(p, i, j)) {
					return
				}
			case j >= 0 && j < len(p) && p[j] == them && empty(k):
				if !yield(swap(p, i, k)) {
					return
				}
			}
			if empty(back) && !yield(swap(p, i, back)) {
				return
			}
		}
	}
}

func swap(p string, i, j int) string {
	b := []byte(p)
	b[i], b[j] = b[j], b[i]
	return string(b)
}

// Graph is the game graph of the sum of the strips: a vertex for every
// position reached (the strips joined by spaces), vertex 0 the start.
// It stops with the budget's error past maxVertices positions.
func Graph(strips []string, maxVertices int) (*stopper.Graph, []string, error) {
	start := strings.Join(strips, " ")
	ids := map[string]int32{start: 0}
	names := []string{start}
	g := &stopper.Graph{}
	for i := 0; i < len(names); i++ {
		parts := strings.Split(names[i], " ")
		var opts [2][]int32
		for side, gen := range []func(string) iter.Seq[string]{LeftMoves, RightMoves} {
			for k, part := range parts {
				for q := range gen(part) {
					next := make([]string, len(parts))
					copy(next, parts)
					next[k] = q
					key := strings.Join(next, " ")
					id, ok := ids[key]
					if !ok {
						if len(names) >= maxVertices {
							return nil, nil, budget.TooManyStates(maxVertices)
						}
						id = int32(len(names))
						ids[key] = id
						names = append(names, key)
					}
					opts[side] = append(opts[side], id)
				}
			}
		}
		g.L = append(g.L, opts[0])
		g.R = append(g.R, opts[1])
	}
	return g, names, nil
}
