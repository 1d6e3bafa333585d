package toppling

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
	catalog.Register(catalog.Entry{
		Name:     "toppling-dominoes",
		Position: "rows of L (Left's), R (Right's) and G (green) dominoes and . (gaps), e.g. LRLG; several rows make a sum",
		Summary:  "Toppling Dominoes: topple one of your dominoes left or right; it and everything on that side fall",
		Example:  "value toppling-dominoes LRRLG",
		Kind:     partizanreport.Kind,
		Make: func(string) (catalog.Instance, error) {
			return partizanreport.New("toppling-dominoes", partizanreport.Rules[string]{
				Game: Game{}, Parse: Parse, Format: Game{}.Format, Moves: moves, Grid: partizanreport.Strip,
			}), nil
		},
	})
}

// moves yields the whole rows left by a player's topples, "-" when none.
func moves(row string, left bool) iter.Seq[[]string] {
	return func(yield func([]string) bool) {
		for q := range Topples(row, left) {
			var opt []string
			if q != "" {
				opt = []string{q}
			}
			if !yield(opt) {
				return
			}
		}
	}
}
