package cgsgraph

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// hackenbush is Hackenbush's syntax in CGSuite: unlabelled vertices,
// edges l, r and e.
var hackenbush = Syntax{
	VertexLabel: func(string) bool { return false },
	EdgeLabel:   func(t string) bool { return t == "l" || t == "r" || t == "e" },
}

// col is Col's: vertices L and R, unlabelled edges.
var col = Syntax{
	VertexLabel: func(t string) bool { return t == "L" || t == "R" },
	EdgeLabel:   func(t string) bool { return t == "" },
}

// weights is weighted Arc Kayles': vertices labelled by integers.
var weights = Syntax{
	VertexLabel: func(t string) bool { return t != "" && strings.Trim(t, "0123456789") == "" },
	EdgeLabel:   func(t string) bool { return t == "" },
}

func edgeList(g Graph) []string {
	var out []string
	for _, e := range g.Edges {
		u, v := e.U, e.V
		if u > v {
			u, v = v, u
		}
		out = append(out, string(rune('a'+u))+string(rune('a'+v))+e.Label)
	}
	slices.Sort(out)
	return out
}

// TestParse reads the graphs of CGSuite's "Games on Graphs" tutorial and
// its test cases (GameGraphTest.scala), checking vertices and edges.
func TestParse(t *testing.T) {
	for _, c := range []struct {
		syn    Syntax
		in     string
		labels string // one character a vertex, '.' unlabelled
		edges  string // sorted, vertices a, b, …
	}{
		{col, ".-.-.-.", "....", "ab bc cd"},
		{col, "---", "....", "ab bc cd"},
		{col, "--(-;--;---)", ".........", "ab bc cd ce cg ef gh hi"},
		{col, ".:A-.-.-.-.:A", "....", "ab ad bc cd"},
		{col, ":A----:A", "....", "ab ad bc cd"},
		{col, ":{root}----:{root}", "....", "ab ad bc cd"},
		{col, ":A-:A", ".", "aa"},
		{col, ":A--:A", "..", "ab ab"},
		{col, "L-R-L", "LRL", "ab bc"},
		{col, "L-R---L", "LR..L", "ab bc cd de"},
		{col, "", "", ""},
		{col, ".;.", "..", ""},
		{col, "L;", "L", ""},
		{hackenbush, "lrlrr", "......", "abl bcr cdl der efr"},
		{hackenbush, "l(l;rl)", ".....", "abl bcl bdr del"},
		{hackenbush, "ee:Aeeee:A", "......", "abe bce cde cfe dee efe"},
		{hackenbush, ":Geeee:G", "....", "abe ade bce cde"},
		{hackenbush, "lrlr;lr", "........", "abl bcr cdl der fgl ghr"},
		{hackenbush, "(e:B;e:Bllllllrrr:B)", "..........", "abe abe bcl bjr cdl del efl fgl ghl hir ijr"},
		{weights, "9-1-2", "912", "ab bc"},
		{weights, "{12}-5-{14}", "?5?", "ab bc"},
	} {
		g, err := Parse(c.in, c.syn)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		var labels strings.Builder
		for _, l := range g.Labels {
			switch len(l) {
			case 0:
				labels.WriteByte('.')
			case 1:
				labels.WriteString(l)
			default:
				labels.WriteByte('?')
			}
		}
		if got := labels.String(); got != c.labels {
			t.Errorf("%q: vertices %q, want %q", c.in, got, c.labels)
		}
		if got := strings.Join(edgeList(g), " "); got != c.edges {
			t.Errorf("%q: edges %q, want %q", c.in, got, c.edges)
		}
	}
	g, _ := Parse("{12}-5-{14}", weights)
	if !slices.Equal(g.Labels, []string{"12", "5", "14"}) {
		t.Errorf("weights %q", g.Labels)
	}
}

// TestParseErrors: bad graphs are refused with the offset of the fault.
func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		syn    Syntax
		in     string
		offset int
		msg    string
	}{
		{hackenbush, "l-r", 1, "carry a label"},
		{hackenbush, "lxr", 1, `"x" is not an edge`},
		{hackenbush, "l(l;r", 1, "unmatched '('"},
		{hackenbush, "l(l;r)l", 6, "nothing may follow"},
		{hackenbush, "l(l(r;l)l;r)", 8, "nothing may follow"},
		{hackenbush, "ll:", 3, "name must follow"},
		{hackenbush, "l{lr", 1, "unmatched '{'"},
		{hackenbush, ")", 0, "unexpected"},
		{col, "L-R>", 3, "directed"},
		{col, "L>R", 1, "directed"},
		{col, "L:A-R:A", 6, "labelled"},
		{col, "LR", 1, "vertex label"},
		{col, "L.R", 1, "not an edge"},
		{Syntax{VertexLabel: col.VertexLabel, EdgeLabel: col.EdgeLabel, MaxVertices: 3}, "----", 3, "more than 3 vertices"},
		{Syntax{VertexLabel: col.VertexLabel, EdgeLabel: col.EdgeLabel, MaxEdges: 2}, "L---", 3, "more than 2 edges"},
	} {
		_, err := Parse(c.in, c.syn)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: %v, want a SyntaxError", c.in, err)
			continue
		}
		if se.Offset != c.offset || !strings.Contains(se.Msg, c.msg) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: %v (offset %d), want offset %d and %q", c.in, err, se.Offset, c.offset, c.msg)
		}
	}
}

// randomGraph draws a multigraph with loops and labels.
func randomGraph(r *rand.Rand, syn Syntax, vlabels, elabels []string) Graph {
	n := r.IntN(8)
	g := Graph{Labels: make([]string, n)}
	for v := range g.Labels {
		g.Labels[v] = vlabels[r.IntN(len(vlabels))]
	}
	if n > 0 {
		for k := r.IntN(2 * n); k > 0; k-- {
			g.Edges = append(g.Edges, Edge{r.IntN(n), r.IntN(n), elabels[r.IntN(len(elabels))]})
		}
	}
	return g
}

// checkRoundTrip: Format writes g so that Parse reads it back, vertex
// order[i] being vertex i.
func checkRoundTrip(t *testing.T, g Graph, syn Syntax) {
	t.Helper()
	s, order := Format(g, syn)
	h, err := Parse(s, syn)
	if err != nil {
		t.Fatalf("%+v written %q: %v", g, s, err)
	}
	pos := make([]int, len(order))
	for i, v := range order {
		pos[v] = i
	}
	want := Graph{Labels: make([]string, len(g.Labels))}
	for v, l := range g.Labels {
		want.Labels[pos[v]] = l
	}
	for _, e := range g.Edges {
		want.Edges = append(want.Edges, Edge{pos[e.U], pos[e.V], e.Label})
	}
	if !slices.Equal(h.Labels, want.Labels) || !slices.Equal(edgeList(h), edgeList(want)) {
		t.Fatalf("%+v written %q read back as %+v", g, s, h)
	}
}

func TestFormatRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 7))
	for range 3000 {
		checkRoundTrip(t, randomGraph(r, col, []string{"", "L", "R"}, []string{""}), col)
		checkRoundTrip(t, randomGraph(r, hackenbush, []string{""}, []string{"l", "r", "e"}), hackenbush)
		checkRoundTrip(t, randomGraph(r, weights, []string{"0", "3", "12"}, []string{""}), weights)
		// A syntax where the same letters label vertices and edges.
		both := Syntax{VertexLabel: func(t string) bool { return t == "a" }, EdgeLabel: func(t string) bool { return t == "a" || t == "" }}
		checkRoundTrip(t, randomGraph(r, both, []string{"", "a"}, []string{"", "a"}), both)
	}
	if s, _ := Format(Graph{Labels: []string{"", ""}, Edges: []Edge{{0, 1, "l"}}}, hackenbush); s != "l" {
		t.Errorf("one blue edge written %q", s)
	}
}

// FuzzParse: Parse never panics, its errors carry an offset inside the
// input, and what it reads Format writes back.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"lrlrr", "l(l;rl)", "ee:Aeeee:A", "(e:B;e:Bllllllrrr:B)", "e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))",
		"L-.-.-.-L", ".-.-.(-.;-.)", "R-.-R-.-L-.-R-.-R-.", "{12}-5-{14}", "l>r", "((;))", ":{", "lrlr;lr", ""} {
		f.Add(s)
	}
	syns := []Syntax{hackenbush, col, weights}
	f.Fuzz(func(t *testing.T, s string) {
		for _, syn := range syns {
			g, err := Parse(s, syn)
			if err != nil {
				var se *SyntaxError
				if !errors.As(err, &se) || se.Offset < 0 || se.Offset > len(s) {
					t.Fatalf("%q: %v", s, err)
				}
				continue
			}
			for _, e := range g.Edges {
				if e.U < 0 || e.V < 0 || e.U >= len(g.Labels) || e.V >= len(g.Labels) {
					t.Fatalf("%q: edge %+v out of range", s, e)
				}
			}
			checkRoundTrip(t, g, syn)
		}
	})
}
