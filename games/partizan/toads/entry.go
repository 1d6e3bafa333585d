package toads

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
		Name:     "toads-and-frogs",
		Aliases:  []string{"toads"},
		Position: "a strip of T (Left's toads), F (Right's frogs) and . (empty), e.g. TT..FF; several strips make a sum",
		Summary:  "Toads and Frogs: toads step or jump over one frog to the right, frogs to the left",
		Example:  "value toads-and-frogs TT..FF",
		Kind:     partizanreport.Kind,
		Make: func(string) (catalog.Instance, error) {
			return partizanreport.New("toads-and-frogs", partizanreport.Rules[string]{
				Game: Game{}, Parse: Parse, Format: Game{}.Format, Grid: partizanreport.Strip,
			}), nil
		},
	})
}
