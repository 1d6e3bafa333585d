package arckayles

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
	"github.com/grundy-go/grundy/games/partizan/cgsgraph"
)

// plainEdge and plainGraph are the test's own picture of a position: the
// whole graph, no components, no renumbering.
type plainEdge struct {
	u, v int
	c    byte
}

type plainGraph struct {
	weight []int
	edges  []plainEdge
}

func (g plainGraph) key() string { return fmt.Sprint(g.weight, g.edges) }

// plainValue values a whole graph by the rules as CGSuite states them:
// a player picks an edge of her colour or green whose ends both weigh
// more than 0, and each end loses one (a loop's end once); removing the
// ends of an edge is lowering weights of 1 to 0.
func plainValue(s *cgt.Space, g plainGraph, memo map[string]cgt.Game) cgt.Game {
	k := g.key()
	if v, ok := memo[k]; ok {
		return v
	}
	opts := func(c byte) []cgt.Game {
		var out []cgt.Game
		for _, e := range g.edges {
			if e.c != c && e.c != 'e' || g.weight[e.u] < 1 || g.weight[e.v] < 1 {
				continue
			}
			w := append([]int(nil), g.weight...)
			w[e.u]--
			if e.v != e.u {
				w[e.v]--
			}
			out = append(out, plainValue(s, plainGraph{w, g.edges}, memo))
		}
		return out
	}
	v, err := s.Make(opts('l'), opts('r'))
	if err != nil {
		panic(err)
	}
	memo[k] = v
	return v
}

// write puts a test graph in CGSuite's notation for the game.
func write(g plainGraph, rule Rule) string {
	n := cgsgraph.Graph{Labels: make([]string, len(g.weight))}
	for v, w := range g.weight {
		if rule == Weighted {
			n.Labels[v] = strconv.Itoa(w)
		}
	}
	for _, e := range g.edges {
		l := ""
		if rule == Partizan {
			l = string(e.c)
		}
		n.Edges = append(n.Edges, cgsgraph.Edge{U: e.u, V: e.v, Label: l})
	}
	s, _ := cgsgraph.Format(n, Game{rule}.Syntax())
	if s == "" {
		s = "."
	}
	return s
}

func check(t *testing.T, s *cgt.Space, e *partizan.Evaluator[string], g plainGraph, rule Rule, memo map[string]cgt.Game) {
	t.Helper()
	pos := write(g, rule)
	parts, err := Game{rule}.Parse([]string{pos})
	if err != nil {
		t.Fatalf("%s: %v", pos, err)
	}
	got, err := e.Value(context.Background(), parts...)
	if err != nil {
		t.Fatal(err)
	}
	if want := plainValue(s, g, memo); got != want {
		t.Fatalf("rule %d, %s: components give %s, plain play %s", rule, pos, s.String(got), s.String(want))
	}
}

// TestEverySmallGraph: every simple graph on up to 4 vertices with every
// colouring of its edges (blue, red, green), in Partizan Arc Kayles, and
// Arc Kayles on every simple graph of 5 vertices, against plain play.
func TestEverySmallGraph(t *testing.T) {
	s := cgt.NewSpace()
	memo := map[string]cgt.Game{}
	ep, _ := partizan.New[string](s, Game{Partizan})
	ea, _ := partizan.New[string](s, Game{Plain})
	for n := 1; n <= 5; n++ {
		var pairs [][2]int
		for u := 0; u < n; u++ {
			for v := u + 1; v < n; v++ {
				pairs = append(pairs, [2]int{u, v})
			}
		}
		letters := " lre" // absent, blue, red, green
		if n == 5 {
			letters = " e" // Arc Kayles only
		}
		colours := len(letters)
		total := 1
		for range pairs {
			total *= colours
		}
		for code := 0; code < total; code++ {
			g := plainGraph{weight: make([]int, n)}
			for v := range g.weight {
				g.weight[v] = 1
			}
			c := code
			for _, p := range pairs {
				if k := c % colours; k > 0 {
					g.edges = append(g.edges, plainEdge{p[0], p[1], letters[k]})
				}
				c /= colours
			}
			if colours == 4 {
				check(t, s, ep, g, Partizan, memo)
			}
			green := true
			for _, e := range g.edges {
				green = green && e.c == 'e'
			}
			if green {
				check(t, s, ea, g, Plain, memo)
			}
		}
	}
}

// TestRandomGraphs: random multigraphs with loops, in each game, and
// random weights from 0 to 3 in weighted Arc Kayles, against plain play.
func TestRandomGraphs(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 9))
	s := cgt.NewSpace()
	memo := map[string]cgt.Game{}
	for _, rule := range []Rule{Plain, Weighted, Partizan} {
		e, _ := partizan.New[string](s, Game{rule})
		for range 300 {
			n := 1 + r.IntN(6)
			g := plainGraph{weight: make([]int, n)}
			for v := range g.weight {
				g.weight[v] = 1
				if rule == Weighted {
					g.weight[v] = r.IntN(4)
				}
			}
			for k := r.IntN(n + 3); k > 0; k-- {
				c := byte('e')
				if rule == Partizan {
					c = "lre"[r.IntN(3)]
				}
				g.edges = append(g.edges, plainEdge{r.IntN(n), r.IntN(n), c})
			}
			check(t, s, e, g, rule, memo)
		}
	}
}
