package cutcake

import (
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/partizanreport"
)

var (
	_ partizanreport.Instance = (*partizanreport.Game[Cake])(nil)
	_ catalog.SuccessorLister = (*partizanreport.Game[Cake])(nil)
)

func init() {
	catalog.Register(catalog.Entry{
		Name:     "cutcake",
		Position: "cakes RxC (R rows, C columns); several cakes make a sum",
		Summary:  "Cutcake: Left cuts a cake vertically, Right horizontally; who cannot cut loses",
		Example:  "value cutcake 3x4",
		Kind:     partizanreport.Kind,
		Make: func(string) (catalog.Instance, error) {
			return partizanreport.New("cutcake", partizanreport.Rules[Cake]{
				Game: Game{}, Parse: Parse, Format: Game{}.Format,
			}), nil
		},
	})
}
