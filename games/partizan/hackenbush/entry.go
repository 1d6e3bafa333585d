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
		Position: "stalks of l (Left, blue) and r (Right, red) edges read from the ground up, e.g. lrrl, or trees with branches in brackets, e.g. l[r,lr]; several make a sum",
		Summary:  "Blue-Red Hackenbush on stalks and trees: a player removes one of his edges and everything above it falls",
		Example:  "value hackenbush lrrl l[r,r]",
		Kind:     partizanreport.Kind,
		Make: func(string) (catalog.Instance, error) {
			return partizanreport.New("hackenbush", partizanreport.Rules[string]{
				Game: Trees{}, Parse: ParseTrees, Format: Trees{}.Format,
			}), nil
		},
	})
}
