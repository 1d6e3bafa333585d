package stopper

import (
	"errors"
	"slices"
)

// ErrNotStopper is the error of an operation defined for stoppers only.
var ErrNotStopper = errors.New("not a stopper: play can go on forever with the players alternating")

// maxSimplifySteps bounds the local simplifications of one graph; the
// argument in Canonical's doc shows they end, and the bound turns a bug
// into an error instead of a hang.
const maxSimplifySteps = 50_000_000

// Canonical returns the simplest form of the stopper g (Siegel, CGT,
// ch. VI §? "simplification of stoppers"; ONAG ch. 16): dominated
// options deleted, reversible options bypassed, and equal vertices
// fused into one. Two equal stoppers have isomorphic simplest forms, so
// the result names the value.
//
// The values of all vertices are compared once (geqTable); each step
// replaces the options of one vertex by options of an equal game, so
// the values — and the table — stay as they were, and the steps may run
// to the end on one table. They end: with no alternating cycle, the
// longest alternating play from each state is finite, and a bypass
// replaces a Left option from which Right's longest alternating play is
// k moves by options from which it is at most k−2 (and removals only
// shorten plays), so the multiset of these lengths over all options
// decreases in a well-founded order.
func Canonical(g *Graph, lim *Limits) (*Graph, error) {
	out, _, err := canonicalRoots(g, []int32{0}, lim)
	return out, err
}

// canonicalRoots simplifies the stopper graph g as Canonical does and
// keeps what the roots reach; it returns the roots' new vertices (equal
// roots share one).
func canonicalRoots(g *Graph, roots []int32, lim *Limits) (*Graph, []int32, error) {
	if !IsStopper(g) {
		return nil, nil, ErrNotStopper
	}
	g, roots = packRoots(g, roots)
	rel, err := geqTable(g, g, lim)
	if err != nil {
		return nil, nil, err
	}
	n := g.Len()
	L := make([][]int32, n)
	R := make([][]int32, n)
	for v := 0; v < n; v++ {
		L[v] = slices.Clone(g.L[v])
		R[v] = slices.Clone(g.R[v])
	}
	steps := 0
	for changed := true; changed; {
		changed = false
		for v := int32(0); v < int32(n); v++ {
			for {
				steps++
				if steps > maxSimplifySteps {
					return nil, nil, errors.New("stopper: simplification did not settle (a bug)")
				}
				if nl, ok := simplifySide(v, L, R, rel, true); ok {
					L[v], changed = nl, true
					continue
				}
				if nr, ok := simplifySide(v, R, L, rel, false); ok {
					R[v], changed = nr, true
					continue
				}
				break
			}
		}
	}
	out, roots := fuse(&Graph{L: L, R: R}, rel, roots)
	return out, roots, nil
}

// simplifySide makes one simplification among own[v], the options of v
// of one player (Left's when left): it deletes one dominated option or
// bypasses one reversible option, and returns the new options and
// whether it did. counter holds the other player's options of every
// vertex.
func simplifySide(v int32, own, counter [][]int32, rel *relation, left bool) ([]int32, bool) {
	opts := own[v]
	// better(x, y): x is at least as good as y for the player.
	better := func(x, y int32) bool {
		if left {
			return rel.ge(x, y)
		}
		return rel.ge(y, x)
	}
	for i, x := range opts {
		for _, y := range opts {
			if y == x || !better(y, x) {
				continue
			}
			if !better(x, y) || y < x {
				// x is dominated by y (or equal to it and y is kept).
				return slices.Delete(slices.Clone(opts), i, i+1), true
			}
		}
	}
	for i, x := range opts {
		// x is reversible through a counter-move y with y ≤ v (Left's
		// option) or y ≥ v (Right's).
		for _, y := range counter[x] {
			if better(v, y) {
				out := slices.Delete(slices.Clone(opts), i, i+1)
				// The player's options from y replace x: Left's options
				// of y for a Left option.
				out = append(out, own[y]...)
				slices.Sort(out)
				return slices.Compact(out), true
			}
		}
	}
	return nil, false
}

// fuse merges vertices of equal value and keeps what the roots reach.
func fuse(g *Graph, rel *relation, roots []int32) (*Graph, []int32) {
	n := g.Len()
	rep := make([]int32, n)
	for v := 0; v < n; v++ {
		rep[v] = int32(v)
		for u := 0; u < v; u++ {
			if rep[u] == int32(u) && rel.ge(int32(u), int32(v)) && rel.ge(int32(v), int32(u)) {
				rep[v] = int32(u)
				break
			}
		}
	}
	out := &Graph{L: make([][]int32, n), R: make([][]int32, n)}
	for v := 0; v < n; v++ {
		out.L[v] = renumber(g.L[v], rep)
		out.R[v] = renumber(g.R[v], rep)
	}
	rr := make([]int32, len(roots))
	for i, r := range roots {
		rr[i] = rep[r]
	}
	return packRoots(out, rr)
}

// CanonicalRoots simplifies the stopper graph g as Canonical does, once
// for several roots: it returns one graph holding the simplest form of
// every root, and each root's vertex in it (equal roots share one).
// Rooted(out, r) is then the simplest form of that root alone. A game
// valued position by position (Fox and Geese, layer by layer) compares
// the vertices of a layer once rather than once per root.
func CanonicalRoots(g *Graph, roots []int32, lim *Limits) (*Graph, []int32, error) {
	g.check()
	return canonicalRoots(g, roots, lim)
}

// Rooted is the part of g reachable from v, renumbered so that v is the
// root 0: a vertex's simplest form when g is a graph from
// CanonicalRoots.
func Rooted(g *Graph, v int32) *Graph { return pack(g, v) }
