package colsnort

import (
	"fmt"
	"iter"
	"strings"

	"github.com/grundy-go/grundy/games/partizan/cgsgraph"
)

// Col, Snort and Fjords in CGSuite's graph notation (package cgsgraph;
// CGSuite's game.graph.Col, Snort and Fjords, all three its GenCol). There
// a vertex's label is not a colour but a tint: CGSuite removes a vertex
// once it is coloured and labels its uncoloured neighbours with the
// colour instead, so "L" is an empty vertex next to a blue one (Left may
// not colour it in Col, Right may not in Snort) and "L-R---L" is a path
// of five empty vertices, three of them tinted. A move colours a vertex
// the rule allows: the vertex goes, its unlabelled neighbours take the
// mover's tint, and a neighbour with the other tint is then tinted both
// ways, where nobody may play, and goes too.
//
// Such a graph is this package's graph with every vertex empty and two
// more vertices, a blue one joined to the vertices tinted L and a red one
// joined to those tinted R (coloured vertices are never joined, so
// neither breaks a rule); loops and parallel edges do not matter to the
// game and are dropped.
//
// The catalog's col and snort tell the notations apart by their
// characters: a token of only '.', 'L' and 'R' is a strip, STATES:EDGES
// and Pn, Cn, Kn, Sn are this package's graphs, and anything else is
// CGSuite's notation. CGSuite's one-vertex graphs "L" and "R" would read
// as strips (a coloured vertex); write them "L;" and "R;" (CGSuite reads
// those as the same one vertex). Positions in CGSuite's notation are kept
// in it (as Format writes them), and the moves Solve and the explorer
// show are written in it too.

// cgsSyntax is GenCol's: vertex labels L and R, unlabelled edges.
var cgsSyntax = cgsgraph.Syntax{
	VertexLabel: func(t string) bool { return t == "L" || t == "R" },
	EdgeLabel:   func(t string) bool { return t == "" },
	MaxVertices: MaxGraphVertices - 2, // room for the two coloured vertices
	MaxEdges:    4096,
}

func onlyOf(s, chars string) bool {
	return strings.Trim(s, chars) == ""
}

// isOwnGraph reports whether s is written STATES:EDGES.
func isOwnGraph(s string) bool {
	states, edges, ok := strings.Cut(s, ":")
	return ok && onlyOf(states, ".LRlr") && onlyOf(edges, "0123456789,-")
}

// isNamed reports whether s is Pn, Cn, Kn or Sn.
func isNamed(s string) bool {
	return len(s) >= 2 && strings.ContainsRune("PCKS", rune(s[0])) && onlyOf(s[1:], "0123456789")
}

// isCGSuite reports whether a token is in CGSuite's notation.
func isCGSuite(s string) bool {
	return !onlyOf(s, ".LRlr") && !isOwnGraph(s) && !isNamed(s)
}

// fromCGSuite reads a graph in CGSuite's notation as this package's.
func fromCGSuite(s string) (graph, error) {
	n, err := cgsgraph.Parse(s, cgsSyntax)
	if err != nil {
		return graph{}, err
	}
	return fromNotation(n), nil
}

func fromNotation(n cgsgraph.Graph) graph {
	size := len(n.Labels)
	g := graph{state: []byte(strings.Repeat(".", size)), adj: make([]uint64, size, size+2)}
	for _, e := range n.Edges {
		if e.U != e.V {
			g.adj[e.U] |= 1 << e.V
			g.adj[e.V] |= 1 << e.U
		}
	}
	for _, c := range []string{"L", "R"} {
		hub := -1
		for v, l := range n.Labels {
			if l != c {
				continue
			}
			if hub < 0 {
				hub = len(g.state)
				g.state = append(g.state, c[0])
				g.adj = append(g.adj, 0)
			}
			g.adj[v] |= 1 << hub
			g.adj[hub] |= 1 << v
		}
	}
	return g
}

// writeCGSuite writes a graph in CGSuite's notation, never as a strip.
func writeCGSuite(n cgsgraph.Graph) string {
	s, _ := cgsgraph.Format(n, cgsSyntax)
	if onlyOf(s, ".LRlr") {
		s += ";" // one vertex: "L;" is CGSuite's "L"
	}
	return s
}

// parseCGSuite reads a token in CGSuite's notation and writes it back as
// Format does.
func parseCGSuite(s string) (string, error) {
	n, err := cgsgraph.Parse(s, cgsSyntax)
	if err != nil {
		return "", err
	}
	if len(n.Labels) == 0 {
		return "", fmt.Errorf("bad graph %q: no vertices", s)
	}
	return writeCGSuite(n), nil
}

// cgsColour yields the graphs, in CGSuite's notation, that the player
// (tint bit me) leaves by colouring a vertex the rule may allows: GenCol's
// move, played on CGSuite's labels.
func cgsColour(s string, me byte, may func(tint, me byte) bool) iter.Seq[[]string] {
	tintOf := map[string]byte{"": 0, "L": tintL, "R": tintR}
	labelOf := map[byte]string{0: "", tintL: "L", tintR: "R"}
	return func(yield func([]string) bool) {
		n, err := cgsgraph.Parse(s, cgsSyntax)
		if err != nil {
			panic(fmt.Sprintf("colsnort: bad position %q", s))
		}
		for v, l := range n.Labels {
			if !may(tintOf[l], me) {
				continue
			}
			tint := make([]byte, len(n.Labels))
			for u, l := range n.Labels {
				tint[u] = tintOf[l]
			}
			gone := map[int]bool{v: true}
			for _, e := range n.Edges {
				for _, w := range [2]int{e.U, e.V} {
					if other := e.U + e.V - w; other == v && w != v {
						tint[w] |= me
						if tint[w] == tintL|tintR {
							gone[w] = true
						}
					}
				}
			}
			index := make([]int, len(tint))
			var left cgsgraph.Graph
			for u := range tint {
				index[u] = len(left.Labels)
				if !gone[u] {
					left.Labels = append(left.Labels, labelOf[tint[u]])
				}
			}
			for _, e := range n.Edges {
				if !gone[e.U] && !gone[e.V] {
					left.Edges = append(left.Edges, cgsgraph.Edge{U: index[e.U], V: index[e.V]})
				}
			}
			var parts []string
			if len(left.Labels) > 0 {
				parts = []string{writeCGSuite(left)}
			}
			if !yield(parts) {
				return
			}
		}
	}
}
