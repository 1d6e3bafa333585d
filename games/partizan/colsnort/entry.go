package colsnort

import (
	"iter"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/partizanreport"
)

var (
	_ partizanreport.Instance = (*partizanreport.Game[string])(nil)
	_ catalog.SuccessorLister = (*partizanreport.Game[string])(nil)
)

func init() {
	for _, snort := range []bool{false, true} {
		g := Either{Snort: snort}
		name, rule := "col", "Col on a path or any graph: Left colours an empty vertex blue, Right red; a vertex may not be coloured like a neighbour"
		if snort {
			name, rule = "snort", "Snort on a path or any graph: Left colours an empty vertex blue, Right red; a vertex may not be coloured unlike a neighbour"
		}
		catalog.Register(catalog.Entry{
			Name: name,
			Position: "a strip of . (empty), L (blue) and R (red) vertices, e.g. L....; or a graph STATES:EDGES, one state a vertex from vertex 0 and edges U-V, e.g. L...:0-1,1-2,2-3,3-0, or P5, C5, K4, S3 (path, cycle, complete, star); " +
				"or a graph in CGSuite's notation, where L and R are empty vertices tinted by a blue or red neighbour, e.g. L-R---L or :A.---:A (a one-vertex graph L is written L;); several make a sum",
			Summary: rule,
			Example: "value " + name + " .....",
			Kind:    partizanreport.Kind,
			Make: func(string) (catalog.Instance, error) {
				return partizanreport.New(name, partizanreport.Rules[string]{
					Game: g, Parse: g.Parse, Format: g.Format, Moves: g.Moves, Grid: grid,
				}), nil
			},
		})
	}
}

func init() {
	g := Fjords{}
	catalog.Register(catalog.Entry{
		Name:     "fjords",
		Position: fjordsHelp,
		Summary:  "Fjords (CGSuite's game.graph.Fjords): Left colours a vertex tinted blue, Right one tinted red; a coloured vertex goes and tints its neighbours",
		Example:  "value fjords L-.-R",
		Kind:     partizanreport.Kind,
		Make: func(string) (catalog.Instance, error) {
			return partizanreport.New("fjords", partizanreport.Rules[string]{
				Game: g, Parse: g.Parse, Format: g.Format, Moves: g.Moves,
			}), nil
		},
	})
}

// colour yields the strips that the player's moves leave in p, each the
// whole strip with one more vertex coloured (the explorer's and Solve's
// winning moves keep the strip, where LeftOptions and RightOptions leave
// the regions the evaluator values).
func (g Game) colour(p string, left bool) iter.Seq[[]string] {
	colour := byte('R')
	if left {
		colour = 'L'
	}
	return func(yield func([]string) bool) {
		for i := range len(p) {
			if p[i] != '.' {
				continue
			}
			b := []byte(p)
			b[i] = colour
			// Parse refuses a strip that breaks the game's rule, which
			// is exactly a move that is not allowed.
			if _, err := g.Parse([]string{string(b)}); err != nil {
				continue
			}
			if !yield([]string{string(b)}) {
				return
			}
		}
	}
}

// grid draws a strip as one row; a graph is drawn as its text.
func grid(p string) []string {
	if isGraph(p) || isCGSuite(p) {
		return nil
	}
	return partizanreport.Strip(p)
}
