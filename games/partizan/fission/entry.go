package fission

import (
	"strings"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/partizanreport"
)

var _ partizanreport.Instance = (*partizanreport.Game[string])(nil)

func init() {
	catalog.Register(catalog.Entry{
		Name:     "fission",
		Position: "boards of . (empty), x (a stone) and # (blocked), rows joined by '/' or '|', e.g. .../.x./...; several boards make a sum",
		Summary:  "Fission (CGSuite): Left splits a stone onto the empty squares above and below it, Right onto those left and right of it; who cannot split loses",
		Example:  "value fission .../.x./...",
		Kind:     partizanreport.Kind,
		Make: func(string) (catalog.Instance, error) {
			return partizanreport.New("fission", partizanreport.Rules[string]{
				Game: Game{}, Parse: Parse, Format: Game{}.Format,
				Grid: func(p string) []string { return strings.Split(p, "/") },
			}), nil
		},
	})
}
