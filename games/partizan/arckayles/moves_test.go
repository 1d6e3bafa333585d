package arckayles

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
)

// TestMovesMatchOptions: the whole graphs Moves writes (what Solve and
// the explorer show) read back through Parse to the values of the
// evaluator's options, move for move, on random graphs of each game.
func TestMovesMatchOptions(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 2))
	ctx := context.Background()
	for _, rule := range []Rule{Plain, Weighted, Partizan} {
		g := Game{rule}
		s := cgt.NewSpace()
		e, _ := partizan.New[string](s, g)
		for range 150 {
			n := 1 + r.IntN(6)
			pg := plainGraph{weight: make([]int, n)}
			for v := range pg.weight {
				pg.weight[v] = 1
				if rule == Weighted {
					pg.weight[v] = r.IntN(3)
				}
			}
			for k := r.IntN(n + 3); k > 0; k-- {
				c := byte('e')
				if rule == Partizan {
					c = "lre"[r.IntN(3)]
				}
				pg.edges = append(pg.edges, plainEdge{r.IntN(n), r.IntN(n), c})
			}
			parts, err := g.Parse([]string{write(pg, rule)})
			if err != nil {
				t.Fatal(err)
			}
			pos := parts[0]
			for _, left := range []bool{true, false} {
				var shown, options []string
				for m := range g.Moves(pos, left) {
					var back []string
					if m != nil {
						var err error
						if back, err = g.Parse(m); err != nil {
							t.Fatalf("%s: move %q does not read back: %v", pos, m, err)
						}
					}
					v, _ := e.Value(ctx, back...)
					shown = append(shown, s.String(v))
				}
				opts := g.RightOptions
				if left {
					opts = g.LeftOptions
				}
				for o := range opts(pos) {
					v, _ := e.Value(ctx, o...)
					options = append(options, s.String(v))
				}
				slices.Sort(shown)
				slices.Sort(options)
				if !slices.Equal(shown, options) {
					t.Fatalf("rule %d %s (left %v): moves shown %q, options %q", rule, pos, left, shown, options)
				}
			}
		}
	}
}
