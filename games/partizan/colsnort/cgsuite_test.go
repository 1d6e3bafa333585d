package colsnort

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
	"github.com/grundy-go/grundy/games/partizan/cgsgraph"
)

// genCol is the test's own statement of CGSuite's GenCol rule on
// labelled graphs: a vertex's label is 0 (none), 'L' or 'R'; a player
// may move on a vertex whose label is in her permitted list; the move
// deletes the vertex, labels its unlabelled neighbours with the mover's
// colour and deletes its neighbours labelled with the other colour. Col
// permits Left [none, R] and Right [none, L]; Snort Left [none, L] and
// Right [none, R]; Fjords Left [L] and Right [R].
type genCol struct{ left, right string } // permitted labels, '.' for none

var (
	colRule    = genCol{".R", ".L"}
	snortRule  = genCol{".L", ".R"}
	fjordsRule = genCol{"L", "R"}
)

type labelled struct {
	label []byte // '.', 'L', 'R'; 0 once deleted
	adj   [][]bool
}

func (r genCol) value(s *cgt.Space, g labelled, memo map[string]cgt.Game) cgt.Game {
	key := string(g.label)
	if v, ok := memo[key]; ok {
		return v
	}
	opts := func(me, other byte, permitted string) []cgt.Game {
		var out []cgt.Game
		for v, l := range g.label {
			if l == 0 || !containsByte(permitted, l) {
				continue
			}
			h := labelled{label: []byte(string(g.label)), adj: g.adj}
			h.label[v] = 0
			for w := range h.label {
				if !g.adj[v][w] || w == v || h.label[w] == 0 {
					continue
				}
				switch h.label[w] {
				case '.':
					h.label[w] = me
				case other:
					h.label[w] = 0
				}
			}
			out = append(out, r.value(s, h, memo))
		}
		return out
	}
	v, err := s.Make(opts('L', 'R', r.left), opts('R', 'L', r.right))
	if err != nil {
		panic(err)
	}
	memo[key] = v
	return v
}

func containsByte(s string, b byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return true
		}
	}
	return false
}

// notation writes a test graph in CGSuite's notation.
func (g labelled) notation() string {
	n := cgsgraph.Graph{Labels: make([]string, len(g.label))}
	for v, l := range g.label {
		if l != '.' {
			n.Labels[v] = string(l)
		}
		for w := v; w < len(g.label); w++ {
			if g.adj[v][w] {
				n.Edges = append(n.Edges, cgsgraph.Edge{U: v, V: w})
			}
		}
	}
	return writeCGSuite(n)
}

// TestCGSuiteNotationAgainstGenCol: Col, Snort and Fjords on every graph
// of up to 4 vertices with every labelling, and on random graphs of up
// to 7 vertices with loops, in CGSuite's notation through the catalog's
// games (Either, Fjords), against the test's GenCol on the whole graph.
func TestCGSuiteNotationAgainstGenCol(t *testing.T) {
	type played struct {
		name string
		rule genCol
		g    any
		read func([]string) ([]string, error)
	}
	games := []played{
		{"col", colRule, Either{Snort: false}, Either{Snort: false}.Parse},
		{"snort", snortRule, Either{Snort: true}, Either{Snort: true}.Parse},
		{"fjords", fjordsRule, Fjords{}, Fjords{}.Parse},
	}
	r := rand.New(rand.NewPCG(8, 13))
	for _, pg := range games {
		s := cgt.NewSpace()
		e, err := partizan.New[string](s, pg.g)
		if err != nil {
			t.Fatal(err)
		}
		memos := map[string]map[string]cgt.Game{}
		check := func(g labelled) {
			pos := g.notation()
			parts, err := pg.read([]string{pos})
			if err != nil {
				t.Fatalf("%s %s: %v", pg.name, pos, err)
			}
			got, err := e.Value(context.Background(), parts...)
			if err != nil {
				t.Fatal(err)
			}
			// The test's memo is by labels, so one a graph.
			mk := fmt.Sprint(g.adj)
			if memos[mk] == nil {
				memos[mk] = map[string]cgt.Game{}
			}
			if want := pg.rule.value(s, g, memos[mk]); got != want {
				t.Fatalf("%s %s: %s, GenCol %s", pg.name, pos, s.String(got), s.String(want))
			}
		}
		for n := 1; n <= 4; n++ {
			var pairs [][2]int
			for u := 0; u < n; u++ {
				for v := u + 1; v < n; v++ {
					pairs = append(pairs, [2]int{u, v})
				}
			}
			labels := 1
			for range n {
				labels *= 3
			}
			for mask := 0; mask < 1<<len(pairs); mask++ {
				adj := make([][]bool, n)
				for v := range adj {
					adj[v] = make([]bool, n)
				}
				for k, p := range pairs {
					if mask>>k&1 == 1 {
						adj[p[0]][p[1]], adj[p[1]][p[0]] = true, true
					}
				}
				for code := 0; code < labels; code++ {
					g := labelled{label: make([]byte, n), adj: adj}
					for v, c := 0, code; v < n; v, c = v+1, c/3 {
						g.label[v] = ".LR"[c%3]
					}
					check(g)
				}
			}
		}
		for range 200 {
			n := 5 + r.IntN(3)
			g := labelled{label: make([]byte, n), adj: make([][]bool, n)}
			for v := range g.adj {
				g.adj[v] = make([]bool, n)
				g.label[v] = ".LR"[r.IntN(3)]
			}
			for v := 0; v < n; v++ {
				for w := v; w < n; w++ {
					if r.IntN(3) == 0 {
						g.adj[v][w], g.adj[w][v] = true, true
					}
				}
			}
			check(g)
		}
	}
}
