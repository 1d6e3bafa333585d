package psubtract

import (
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/partizanreport"
)

var (
	_ partizanreport.Instance = (*partizanreport.Game[int])(nil)
	_ catalog.SuccessorLister = (*partizanreport.Game[int])(nil)
)

func init() {
	catalog.Register(catalog.Entry{
		Name:     "partizan-subtract",
		Params:   "L/R",
		Position: "heap sizes up to 5000; several heaps make a sum",
		Summary:  "partizan subtraction game: Left removes k counters from a heap for k in L, Right for k in R (comma-separated sets, e.g. 1,3/2,3); who cannot remove loses",
		Example:  "value partizan-subtract:1,3/2,3 10",
		Kind:     partizanreport.Kind,
		Make: func(params string) (catalog.Instance, error) {
			g, err := New(params)
			if err != nil {
				return nil, err
			}
			return partizanreport.New(g.Spec(), partizanreport.Rules[int]{
				Game: g, Parse: Parse, Format: g.Format,
			}), nil
		},
	})
}
