package clobber

import (
	"fmt"
	"iter"
	"strings"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/partizanreport"
	"github.com/grundy-go/grundy/games/partizan/genclobber"
)

var (
	_ partizanreport.Instance = (*partizanreport.Game[string])(nil)
	_ catalog.SuccessorLister = (*partizanreport.Game[string])(nil)
)

func init() {
	catalog.Register(catalog.Entry{
		Name:           "clobber",
		Params:         "VARIANT",
		OptionalParams: true,
		Position:       "boards of x (black, Left), o (white, Right) and . rows joined by '/' (or '|', as CGSuite writes them), e.g. xoxo or xo/ox; several boards make a sum",
		Summary:        "Clobber: a stone captures an orthogonally adjacent stone of the other colour; who cannot capture loses. CGSuite's variants: clobber:kings (eight directions), knights, rooks and queens (sliding over empty squares), hot (either colour), anti (into an empty square, leaving the other colour)",
		Example:        "value clobber xoxoxo",
		Kind:           partizanreport.Kind,
		Make: func(params string) (catalog.Instance, error) {
			if params != "" {
				r, ok := genclobber.Variants[params]
				if !ok {
					return nil, fmt.Errorf("bad variant %q: expected one of CGSuite's kings, knights, rooks, queens, hot or anti", params)
				}
				return partizanreport.New("clobber:"+params, partizanreport.Rules[string]{
					Game: r.Game(), Parse: genclobber.Parse, Format: func(p string) string { return p },
					Moves: func(p string, left bool) iter.Seq[[]string] {
						return func(yield func([]string) bool) {
							for q := range r.Moves(p, left) {
								if !yield([]string{q}) {
									return
								}
							}
						}
					},
					Grid: func(p string) []string { return strings.Split(p, "/") },
				}), nil
			}
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
