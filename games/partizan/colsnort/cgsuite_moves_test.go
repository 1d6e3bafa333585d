package colsnort

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games/partizan"
)

// TestCGSuiteMovesMatchOptions: the graphs in CGSuite's notation that
// Moves writes (what Solve and the explorer show) read back to the values
// of the evaluator's options, move for move, in Col, Snort and Fjords.
func TestCGSuiteMovesMatchOptions(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 3))
	ctx := context.Background()
	for _, g := range []any{Either{}, Either{Snort: true}, Fjords{}} {
		s := cgt.NewSpace()
		e, _ := partizan.New[string](s, g)
		var parse func([]string) ([]string, error)
		var moves func(string, bool) func(func([]string) bool)
		var pg game.PartizanSplitting[string]
		switch x := g.(type) {
		case Either:
			parse, pg = x.Parse, x
			moves = func(p string, l bool) func(func([]string) bool) { return x.Moves(p, l) }
		case Fjords:
			parse, pg = x.Parse, x
			moves = func(p string, l bool) func(func([]string) bool) { return x.Moves(p, l) }
		}
		for range 150 {
			n := 1 + r.IntN(7)
			lg := labelled{label: make([]byte, n), adj: make([][]bool, n)}
			for v := range lg.adj {
				lg.adj[v] = make([]bool, n)
				lg.label[v] = ".LR"[r.IntN(3)]
			}
			for v := 0; v < n; v++ {
				for w := v + 1; w < n; w++ {
					if r.IntN(3) == 0 {
						lg.adj[v][w], lg.adj[w][v] = true, true
					}
				}
			}
			parts, err := parse([]string{lg.notation()})
			if err != nil {
				t.Fatal(err)
			}
			pos := parts[0]
			for _, left := range []bool{true, false} {
				var shown, options []string
				for m := range moves(pos, left) {
					var back []string
					if m != nil {
						if back, err = parse(m); err != nil {
							t.Fatalf("%s: move %q does not read back: %v", pos, m, err)
						}
					}
					v, _ := e.Value(ctx, back...)
					shown = append(shown, s.String(v))
				}
				opts := pg.RightOptions
				if left {
					opts = pg.LeftOptions
				}
				for o := range opts(pos) {
					v, _ := e.Value(ctx, o...)
					options = append(options, s.String(v))
				}
				slices.Sort(shown)
				slices.Sort(options)
				if !slices.Equal(shown, options) {
					t.Fatalf("%T %s (left %v): moves shown %q, options %q", g, pos, left, shown, options)
				}
			}
		}
	}
}
