package hackenbush

import (
	"fmt"
	"strings"

	"github.com/grundy-go/grundy/games/partizan/cgsgraph"
)

// Hackenbush in CGSuite's notation (package cgsgraph; CGSuite's
// game.graph.Hackenbush and ChildishHackenbush): edges l (blue), r (red)
// and e (green) written from the ground, which is the first vertex
// (CGSuite's vertex 1); branches in brackets joined by ';' ("l(l;rl)"),
// and ':A' naming a vertex so that cycles close (":Geeee:G" is a green
// square on the ground). As in CGSuite the graph must be connected and
// have a ground. hackenbush-graph and childish-hackenbush take it
// beside their edge lists (a token that starts with a digit is an edge
// list), keep it, and write the moves of such a position in it;
// hackenbush takes the trees among such graphs.

// cgsSyntax is GenHackenbush's: no vertex labels, edges l, r and e.
var cgsSyntax = cgsgraph.Syntax{
	VertexLabel: func(string) bool { return false },
	EdgeLabel:   func(t string) bool { return t == "l" || t == "r" || t == "e" },
	MaxVertices: MaxGraphEdges + 1,
	MaxEdges:    MaxGraphEdges,
}

// isCGSuite reports whether a position token is in CGSuite's notation
// rather than an edge list ("0-1l,...") or the empty picture "-".
func isCGSuite(s string) bool {
	return s != "" && s != "-" && (s[0] < '0' || s[0] > '9')
}

// fromCGSuite reads a picture in CGSuite's notation.
func fromCGSuite(s string) (picture, error) {
	n, err := cgsgraph.Parse(s, cgsSyntax)
	if err != nil {
		return nil, err
	}
	if len(n.Labels) == 0 {
		return nil, fmt.Errorf("bad graph %q: it is empty (no ground)", s)
	}
	p := make(picture, len(n.Edges))
	for i, e := range n.Edges {
		c := e.Label[0]
		if c == 'e' {
			c = 'g'
		}
		p[i] = gedge{e.U, e.V, c}
	}
	reach := map[int]bool{0: true}
	for _, e := range p.grounded() {
		reach[e.u], reach[e.v] = true, true
	}
	if len(reach) != len(n.Labels) {
		return nil, fmt.Errorf("bad graph %q: it is not connected (every part must reach the ground, the first vertex)", s)
	}
	return p, nil
}

// toCGSuite writes a picture in CGSuite's notation, the ground first.
func toCGSuite(p picture) string {
	index := map[int]int{0: 0}
	number := func(v int) int {
		if k, ok := index[v]; ok {
			return k
		}
		index[v] = len(index)
		return index[v]
	}
	var n cgsgraph.Graph
	for _, e := range p {
		c := string(e.c)
		if e.c == 'g' {
			c = "e"
		}
		n.Edges = append(n.Edges, cgsgraph.Edge{U: number(e.u), V: number(e.v), Label: c})
	}
	n.Labels = make([]string, len(index))
	s, _ := cgsgraph.Format(n, cgsSyntax)
	return s
}

// parseCGSuitePicture reads a token in CGSuite's notation and writes it
// back as the position keeps it ("" when no edge is left).
func parseCGSuitePicture(s string) (string, error) {
	p, err := fromCGSuite(s)
	if err != nil {
		return "", err
	}
	if len(p) == 0 {
		return "", nil
	}
	return toCGSuite(p), nil
}

// treesFromCGSuite reads the trees standing on the ground of a picture in
// CGSuite's notation ("l(l;rl)", "eee(e;ee)"), one for each edge at the
// ground.
func treesFromCGSuite(s string) ([]*tnode, error) {
	p, err := fromCGSuite(s)
	if err != nil {
		return nil, err
	}
	adj := map[int][]gedge{}
	vertices := map[int]bool{0: true}
	for _, e := range p {
		if e.u == e.v {
			return nil, fmt.Errorf("bad tree %q: it has a loop; hackenbush-graph plays any graph", s)
		}
		adj[e.u] = append(adj[e.u], e)
		adj[e.v] = append(adj[e.v], gedge{e.v, e.u, e.c})
		vertices[e.u], vertices[e.v] = true, true
	}
	if len(p) != len(vertices)-1 {
		return nil, fmt.Errorf("bad tree %q: it has a cycle; hackenbush-graph plays any graph", s)
	}
	var grow func(e gedge) *tnode
	grow = func(e gedge) *tnode {
		n := &tnode{color: e.c}
		if n.color == 'g' {
			n.color = 'e'
		}
		for _, f := range adj[e.v] {
			if f.v != e.u {
				n.kids = append(n.kids, grow(f))
			}
		}
		return n
	}
	var out []*tnode
	for _, e := range adj[0] {
		out = append(out, grow(e))
	}
	return out, nil
}

// treeTokenIsCGSuite reports whether a hackenbush token uses CGSuite's
// tree notation (brackets '(' with ';', names, dots) rather than
// grundy's (brackets '[' with ',').
func treeTokenIsCGSuite(s string) bool { return strings.ContainsAny(s, "();:{.") }
