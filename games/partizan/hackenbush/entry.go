package hackenbush

import (
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/partizanreport"
)

var (
	_ partizanreport.Instance = (*partizanreport.Game[string])(nil)
	_ catalog.SuccessorLister = (*partizanreport.Game[string])(nil)
)

func init() {
	catalog.Register(catalog.Entry{
		Name:     "hackenbush",
		Position: "stalks of l (Left, blue), r (Right, red) and e (green, either player's: CGSuite's letter) edges read from the ground up, e.g. lrrl or lre, or trees with branches in brackets, e.g. l[r,le]; several make a sum",
		Summary:  "Hackenbush on stalks and trees (blue, red and green edges): a player removes one of his edges (or a green one) and everything above it falls",
		Example:  "value hackenbush lrrl l[r,r]",
		Kind:     partizanreport.Kind,
		Make: func(string) (catalog.Instance, error) {
			return partizanreport.New("hackenbush", partizanreport.Rules[string]{
				Game: Trees{}, Parse: ParseTrees, Format: Trees{}.Format,
			}), nil
		},
	})
}
