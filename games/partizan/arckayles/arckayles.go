package arckayles

import (
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games/partizan/cgsgraph"
)

// Bounds of a position: past them Parse refuses it.
const (
	MaxVertices = 64
	MaxEdges    = 256
	MaxWeight   = 1 << 16
)

// Rule is one of the three games.
type Rule int

const (
	Plain    Rule = iota // Arc Kayles: unlabelled vertices, edges '-'
	Weighted             // weighted Arc Kayles: vertices labelled by weights
	Partizan             // Partizan Arc Kayles: edges l, r and e
)

// Game plays a rule; its positions are components in CGSuite's notation.
type Game struct{ Rule Rule }

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.PartizanSplitting[string] = Game{}
	_ game.Splitter[string]          = Game{}
	_ game.Formatter[string]         = Game{}
)

// Syntax is the rule's part of CGSuite's notation.
func (g Game) Syntax() cgsgraph.Syntax {
	syn := cgsgraph.Syntax{
		VertexLabel: func(string) bool { return false },
		EdgeLabel:   func(t string) bool { return t == "" },
		MaxVertices: MaxVertices,
		MaxEdges:    MaxEdges,
	}
	switch g.Rule {
	case Weighted:
		syn.VertexLabel = func(t string) bool { return t != "" && strings.Trim(t, "0123456789") == "" }
	case Partizan:
		syn.EdgeLabel = func(t string) bool { return t == "l" || t == "r" || t == "e" }
	}
	return syn
}

// edge colours: green is either player's.
const (
	blue  = 'l'
	red   = 'r'
	green = 'e'
)

type edge struct {
	u, v int
	c    byte
}

// graph is a position: vertex weights and coloured edges.
type graph struct {
	weight []int
	edges  []edge
}

// fromNotation turns a parsed graph into weights and colours.
func (g Game) fromNotation(n cgsgraph.Graph) (graph, error) {
	out := graph{weight: make([]int, len(n.Labels))}
	for v, l := range n.Labels {
		out.weight[v] = 1
		if l != "" {
			w, err := strconv.Atoi(l)
			if err != nil || w > MaxWeight {
				return graph{}, fmt.Errorf("vertex %d weighs %q: weights are whole numbers from 0 to %d", v+1, l, MaxWeight)
			}
			out.weight[v] = w
		}
	}
	for _, e := range n.Edges {
		c := byte(green)
		if e.Label != "" {
			c = e.Label[0]
		}
		out.edges = append(out.edges, edge{e.U, e.V, c})
	}
	return out, nil
}

// notation writes a graph back as CGSuite does: weight 1 unlabelled,
// green edges '-' in the impartial games and e in Partizan Arc Kayles.
func (g Game) notation(x graph) string {
	if g.Rule != Weighted {
		x = removeSpent(x)
	}
	n := cgsgraph.Graph{Labels: make([]string, len(x.weight))}
	for v, w := range x.weight {
		if w != 1 {
			n.Labels[v] = strconv.Itoa(w)
		}
	}
	for _, e := range x.edges {
		l := string(e.c)
		if g.Rule != Partizan {
			l = ""
		}
		n.Edges = append(n.Edges, cgsgraph.Edge{U: e.u, V: e.v, Label: l})
	}
	s, _ := cgsgraph.Format(n, g.Syntax())
	return s
}

// removeSpent drops the vertices of weight 0 and their edges: in Arc
// Kayles and Partizan Arc Kayles a move removes the ends of its edge.
func removeSpent(x graph) graph {
	index := make([]int, len(x.weight))
	var out graph
	for v, w := range x.weight {
		index[v] = len(out.weight)
		if w > 0 {
			out.weight = append(out.weight, w)
		}
	}
	for _, e := range x.edges {
		if x.weight[e.u] > 0 && x.weight[e.v] > 0 {
			out.edges = append(out.edges, edge{index[e.u], index[e.v], e.c})
		}
	}
	return out
}

func (g Game) mustGraph(s string) graph {
	n, err := cgsgraph.Parse(s, g.Syntax())
	if err == nil {
		var x graph
		if x, err = g.fromNotation(n); err == nil {
			return x
		}
	}
	panic(fmt.Sprintf("arckayles: bad position %q: %v", s, err))
}

// components appends the parts of x that can still be played: the
// connected components of its edges between vertices of positive weight,
// each in canonical order and notation.
func (g Game) components(dst []string, x graph) []string {
	n := len(x.weight)
	parent := make([]int, n)
	for v := range parent {
		parent[v] = v
	}
	var find func(int) int
	find = func(v int) int {
		for parent[v] != v {
			parent[v] = parent[parent[v]]
			v = parent[v]
		}
		return v
	}
	var live []edge
	for _, e := range x.edges {
		if x.weight[e.u] > 0 && x.weight[e.v] > 0 {
			live = append(live, e)
			parent[find(e.u)] = find(e.v)
		}
	}
	var roots []int
	byRoot := map[int][]edge{}
	for _, e := range live {
		r := find(e.u)
		if _, ok := byRoot[r]; !ok {
			roots = append(roots, r)
		}
		byRoot[r] = append(byRoot[r], e)
	}
	for _, r := range roots {
		dst = append(dst, g.notation(canonical(x.weight, byRoot[r])))
	}
	return dst
}

// canonical renumbers the vertices of the edges es by colour refinement
// (weight, then the multiset of edge colours and neighbours' classes,
// repeated until the classes stop splitting), ties by old number, and
// sorts the edges: a deterministic form that isomorphic components
// mostly share.
func canonical(weight []int, es []edge) graph {
	index := map[int]int{}
	var verts []int
	for _, e := range es {
		for _, v := range [2]int{e.u, e.v} {
			if _, ok := index[v]; !ok {
				index[v] = len(verts)
				verts = append(verts, v)
			}
		}
	}
	n := len(verts)
	// class[i] starts as the weight; each round a vertex's signature is
	// its class and the sorted colours and classes of its neighbours,
	// and the classes become the signatures' ranks.
	class := make([]int, n)
	for i, v := range verts {
		class[i] = weight[v]
	}
	order := make([]int, n)
	sigs := make([][]int, n)
	for distinct := -1; ; {
		for i := range sigs {
			sigs[i] = append(sigs[i][:0], class[i])
		}
		for _, e := range es {
			a, b := index[e.u], index[e.v]
			sigs[a] = append(sigs[a], int(e.c)<<32|class[b])
			if a != b {
				sigs[b] = append(sigs[b], int(e.c)<<32|class[a])
			}
		}
		for i := range sigs {
			slices.Sort(sigs[i][1:])
			order[i] = i
		}
		// Stable: ties keep the old number.
		slices.SortStableFunc(order, func(a, b int) int { return slices.Compare(sigs[a], sigs[b]) })
		rank := 0
		for k, i := range order {
			if k > 0 && slices.Compare(sigs[order[k-1]], sigs[i]) != 0 {
				rank++
			}
			class[i] = rank
		}
		if rank == distinct {
			break
		}
		distinct = rank
	}
	pos := make([]int, n)
	out := graph{weight: make([]int, n)}
	for i, a := range order {
		pos[a] = i
		out.weight[i] = weight[verts[a]]
	}
	for _, e := range es {
		u, v := pos[index[e.u]], pos[index[e.v]]
		if u > v {
			u, v = v, u
		}
		out.edges = append(out.edges, edge{u, v, e.c})
	}
	slices.SortFunc(out.edges, func(a, b edge) int {
		if a.u != b.u {
			return a.u - b.u
		}
		if a.v != b.v {
			return a.v - b.v
		}
		return int(a.c) - int(b.c)
	})
	return out
}

// play is the move on edge i: lower each end by one (a loop's end once).
func play(x graph, i int) graph {
	w := slices.Clone(x.weight)
	e := x.edges[i]
	w[e.u]--
	if e.v != e.u {
		w[e.v]--
	}
	return graph{weight: w, edges: x.edges}
}

// moves yields the graphs the player (colour c) can leave: an edge of
// her colour or green between vertices of positive weight.
func moves(x graph, c byte) iter.Seq[graph] {
	return func(yield func(graph) bool) {
		for i, e := range x.edges {
			if e.c != c && e.c != green || x.weight[e.u] == 0 || x.weight[e.v] == 0 {
				continue
			}
			if !yield(play(x, i)) {
				return
			}
		}
	}
}

// In Arc Kayles and Partizan Arc Kayles every weight is 1, so lowering
// the ends of an edge removes them: the rule of those games.

func (g Game) options(s string, c byte) iter.Seq[[]string] {
	return func(yield func([]string) bool) {
		for y := range moves(g.mustGraph(s), c) {
			if !yield(g.components(nil, y)) {
				return
			}
		}
	}
}

// LeftOptions plays an edge of Left's (blue or green).
func (g Game) LeftOptions(s string) iter.Seq[[]string] { return g.options(s, blue) }

// RightOptions plays an edge of Right's (red or green).
func (g Game) RightOptions(s string) iter.Seq[[]string] { return g.options(s, red) }

// Split appends the components of a position.
func (g Game) Split(dst []string, s string) []string { return g.components(dst, g.mustGraph(s)) }

// Format writes a position: it is already in CGSuite's notation.
func (Game) Format(s string) string { return s }

// Moves yields the whole graphs a player's moves leave (the explorer's
// and Solve's moves), vertices of weight 0 still written.
func (g Game) Moves(s string, left bool) iter.Seq[[]string] {
	c := byte(red)
	if left {
		c = blue
	}
	return func(yield func([]string) bool) {
		for y := range moves(g.mustGraph(s), c) {
			var parts []string // none when no vertex is left
			if w := g.notation(y); w != "" {
				parts = []string{w}
			}
			if !yield(parts) {
				return
			}
		}
	}
}

// Parse reads graphs in CGSuite's notation, several making a sum.
func (g Game) Parse(tokens []string) ([]string, error) {
	var out []string
	for _, tok := range tokens {
		for _, f := range strings.Fields(tok) {
			n, err := cgsgraph.Parse(f, g.Syntax())
			if err != nil {
				return nil, err
			}
			x, err := g.fromNotation(n)
			if err != nil {
				return nil, fmt.Errorf("bad graph %q: %v", f, err)
			}
			out = append(out, g.notation(x))
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no graph given: %s", g.Help())
	}
	return out, nil
}

// Help says how a position is written.
func (g Game) Help() string {
	switch g.Rule {
	case Weighted:
		return "a graph in CGSuite's notation with vertex weights, e.g. 2-1-2 or {12}-3(-1;-1) (an unlabelled vertex weighs 1; ':A' names a vertex, ':A--:A' a cycle); several make a sum"
	case Partizan:
		return "a graph in CGSuite's notation with edges l (blue, Left's), r (red, Right's) and e (green), e.g. llr or lrlr(ll;ree(rl;l)) (branches in brackets joined by ';', ':A' names a vertex: :Alle:A is a triangle); several make a sum"
	}
	return "a graph in CGSuite's notation, e.g. .---- (a path of five vertices; a leading . keeps the first - from reading as a flag), .--(-;--) (a tree) or :A----:A (a 4-cycle); several make a sum"
}
