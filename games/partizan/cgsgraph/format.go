package cgsgraph

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Format writes g in CGSuite's notation and returns the order in which
// its vertices appear there: Parse(Format(g, syn), syn) has order[i] as
// vertex i. Unlabelled vertices are written as nothing, CGSuite's way,
// except where the next token could be read as a vertex's label (an
// isolated vertex, or an edge whose label also labels vertices in syn):
// there a '.' stands for the vertex.
// Each connected part is written from its first vertex by a depth-first
// walk: a vertex with one way on continues the chain, one with several
// lists them as branches, and an edge back to a vertex already written
// (a cycle's last edge, a loop, a parallel edge) reaches it by a name,
// its number in the order (":3", ":{12}").
func Format(g Graph, syn Syntax) (string, []int) {
	n := len(g.Labels)
	incident := make([][]int, n)
	for i, e := range g.Edges {
		incident[e.U] = append(incident[e.U], i)
		if e.V != e.U {
			incident[e.V] = append(incident[e.V], i)
		}
	}
	// Pass 1: the walk, each vertex's ways on (an edge and a new vertex,
	// or an edge back), and which vertices are reached again by name.
	type way struct {
		edge, to int
		back     bool
	}
	ways := make([][]way, n)
	index := make([]int, n)
	for v := range index {
		index[v] = -1
	}
	named := make([]bool, n)
	used := make([]bool, len(g.Edges))
	var order []int
	var walk func(v int)
	walk = func(v int) {
		index[v] = len(order)
		order = append(order, v)
		for _, i := range incident[v] {
			if used[i] {
				continue
			}
			used[i] = true
			w := g.Edges[i].U + g.Edges[i].V - v
			if index[w] < 0 {
				ways[v] = append(ways[v], way{i, w, false})
				walk(w)
			} else {
				ways[v] = append(ways[v], way{i, w, true})
				named[w] = true
			}
		}
	}
	// Pass 2: write the walk.
	var sb strings.Builder
	// vertex writes v (reached again when back); start says it begins a
	// part of the graph.
	vertex := func(v int, start, back bool) {
		if g.Labels[v] == "" && !named[v] {
			isolated := start && len(ways[v]) == 0
			next := !back && len(ways[v]) == 1 && g.Edges[ways[v][0].edge].Label != ""
			if isolated || next && syn.VertexLabel != nil && syn.VertexLabel(g.Edges[ways[v][0].edge].Label) {
				sb.WriteByte('.')
			}
		}
		sb.WriteString(word(g.Labels[v]))
		if named[v] {
			sb.WriteByte(':')
			sb.WriteString(word(strconv.Itoa(index[v] + 1)))
		}
	}
	var write func(v int)
	write = func(v int) {
		if len(ways[v]) > 1 {
			sb.WriteByte('(')
		}
		for k, w := range ways[v] {
			if k > 0 {
				sb.WriteByte(';')
			}
			if l := g.Edges[w.edge].Label; l == "" {
				sb.WriteByte('-')
			} else {
				sb.WriteString(word(l))
			}
			vertex(w.to, false, w.back)
			if !w.back {
				write(w.to)
			}
		}
		if len(ways[v]) > 1 {
			sb.WriteByte(')')
		}
	}
	for v := 0; v < n; v++ {
		if index[v] >= 0 {
			continue
		}
		walk(v)
		if sb.Len() > 0 {
			sb.WriteByte(';')
		}
		vertex(v, true, false)
		write(v)
	}
	return sb.String(), order
}

// word writes a label or a name as one token: a single character that
// is not part of the notation as itself, anything else in braces.
func word(s string) string {
	if s == "" {
		return ""
	}
	if r, size := utf8.DecodeRuneInString(s); size == len(s) && r != utf8.RuneError && !strings.ContainsRune(".-<>();:{} ", r) {
		return s
	}
	return "{" + s + "}"
}
