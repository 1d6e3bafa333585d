package clobber

import (
	"iter"
	"strings"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/partizanreport"
)

var (
	_ partizanreport.Instance = (*partizanreport.Game[string])(nil)
	_ catalog.SuccessorLister = (*partizanreport.Game[string])(nil)
)

func init() {
	catalog.Register(catalog.Entry{
		Name:     "clobber",
		Position: "boards of x (black, Left), o (white, Right) and . rows joined by '/' (or '|', as CGSuite writes them), e.g. xoxo or xo/ox; several boards make a sum",
		Summary:  "Clobber: a stone captures an orthogonally adjacent stone of the other colour; who cannot capture loses",
		Example:  "value clobber xoxoxo",
		Kind:     partizanreport.Kind,
		Make: func(string) (catalog.Instance, error) {
			return partizanreport.New("clobber", partizanreport.Rules[string]{
				Game: Game{}, Parse: Parse, Format: Game{}.Format, Moves: wholeMoves,
				Grid: func(p string) []string { return strings.Split(p, "/") },
			}), nil
		},
	})
}

// wholeMoves yields the whole boards a player's captures leave (the
// explorer's and Solve's moves), where the evaluator values groups.
func wholeMoves(p string, left bool) iter.Seq[[]string] {
	return func(yield func([]string) bool) {
		for q := range Captures(p, left) {
			if !yield([]string{q}) {
				return
			}
		}
	}
}
