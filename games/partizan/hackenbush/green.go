package hackenbush

import (
	"fmt"
	"iter"
	"strconv"
	"strings"
)

// Green is Green Hackenbush on any graph (Winning Ways ch. 7, "Hackenbush
// Hotchpotch"; Lessons in Play ch. 7): every edge is green, either player
// may cut it. It is impartial, and its values come in closed form:
//
//   - the fusion principle: the vertices of a cycle may be fused into one
//     without changing the value, each edge of the cycle becoming a loop,
//     and a loop is worth a single edge *1 (Winning Ways ch. 7);
//   - the colon principle: a tree is worth the nim-sum over the branches
//     at its root of 1 + the value of what each branch's edge carries
//     (a stalk of n edges is *n).
//
// GreenValue applies them: the bridges of the picture (edges on no cycle)
// form a tree over its 2-edge-connected pieces, each piece fused into one
// vertex with its non-bridge edges as loops. Each region is then kept as
// the stalk of its value, so the evaluator only ever values stalks; the
// tests check GreenValue against a plain mex search over whole pictures.
type Green struct{}

// GreenValue returns the nim value of a picture whose edges are all
// green (colours are ignored).
func GreenValue(s string) int { return greenValue(mustPicture(s).grounded()) }

func greenValue(p picture) int {
	if len(p) == 0 {
		return 0
	}
	// Adjacency by edge index; bridges by Tarjan's low-link.
	adj := map[int][]int{}
	for i, e := range p {
		adj[e.u] = append(adj[e.u], i)
		if e.v != e.u {
			adj[e.v] = append(adj[e.v], i)
		}
	}
	other := func(i, x int) int {
		if p[i].u == x {
			return p[i].v
		}
		return p[i].u
	}
	order, low := map[int]int{}, map[int]int{}
	bridge := make([]bool, len(p))
	var dfs func(x, via int)
	dfs = func(x, via int) {
		order[x] = len(order)
		low[x] = order[x]
		for _, i := range adj[x] {
			if i == via {
				continue
			}
			y := other(i, x)
			if _, seen := order[y]; !seen {
				dfs(y, i)
				low[x] = min(low[x], low[y])
				if low[y] > order[x] {
					bridge[i] = true
				}
			} else {
				low[x] = min(low[x], order[y])
			}
		}
	}
	dfs(0, -1)
	// Fuse the pieces joined by non-bridge edges.
	piece := map[int]int{}
	var find func(int) int
	find = func(x int) int {
		if y, ok := piece[x]; ok && y != x {
			r := find(y)
			piece[x] = r
			return r
		}
		piece[x] = x
		return x
	}
	loops := map[int]int{}
	for i, e := range p {
		if !bridge[i] {
			piece[find(e.u)] = find(e.v)
		}
	}
	for i, e := range p {
		if !bridge[i] {
			loops[find(e.u)]++
		}
	}
	// The colon principle over the tree of bridges, from the ground.
	tree := map[int][]int{}
	for i, e := range p {
		if bridge[i] {
			a, b := find(e.u), find(e.v)
			tree[a] = append(tree[a], b)
			tree[b] = append(tree[b], a)
		}
	}
	var value func(x, from int) int
	value = func(x, from int) int {
		v := loops[x] & 1
		for _, y := range tree[x] {
			if y != from {
				v ^= 1 + value(y, x)
			}
		}
		return v
	}
	return value(find(0), -1)
}

// Stalk is the picture of a green stalk of n edges, worth *n.
func Stalk(n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = strconv.Itoa(i) + "-" + strconv.Itoa(i+1) + "g"
	}
	return strings.Join(parts, ",")
}

func stalkOf(p picture) []string {
	if v := greenValue(p); v > 0 {
		return []string{Stalk(v)}
	}
	return nil
}

func (Green) options(s string) iter.Seq[[]string] {
	return func(yield func([]string) bool) {
		for q := range cutsGraph(s, 'g', false) {
			if !yield(stalkOf(q)) {
				return
			}
		}
	}
}

// LeftOptions cuts an edge, each option kept as the stalk of its value.
func (g Green) LeftOptions(s string) iter.Seq[[]string] { return g.options(s) }

// RightOptions cuts an edge: Green Hackenbush is impartial.
func (g Green) RightOptions(s string) iter.Seq[[]string] { return g.options(s) }

// Split keeps a picture as the stalk of its value.
func (Green) Split(dst []string, s string) []string {
	return append(dst, stalkOf(mustPicture(s).grounded())...)
}

// Format writes a picture; the empty one is "-".
func (Green) Format(s string) string { return Graphs{}.Format(s) }

// ParseGreen reads pictures of green edges, several making a sum; an
// edge written with a colour must be g.
func ParseGreen(tokens []string) ([]string, error) {
	ps, err := ParsePictures(tokens, 'g')
	if err != nil {
		return nil, err
	}
	for _, s := range ps {
		for _, e := range mustPicture(s) {
			if e.c != 'g' {
				return nil, fmt.Errorf("bad picture %q: edge %d-%d is not green; in Green Hackenbush every edge is green (g)", s, e.u, e.v)
			}
		}
	}
	return ps, nil
}
