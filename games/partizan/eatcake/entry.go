package eatcake

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
		Name:     "eatcake",
		Position: "cakes RxC (R rows, C columns, at most 64 a side); several cakes make a sum",
		Summary:  "Eatcake: Left eats a whole column of a piece of cake, Right a whole row, which may leave two pieces; who meets no cake loses (all-small values)",
		Example:  "value eatcake 3x4",
		Kind:     partizanreport.Kind,
		Make: func(string) (catalog.Instance, error) {
			return partizanreport.New("eatcake", partizanreport.Rules[Cake]{
				Game: Game{}, Parse: Parse, Format: Game{}.Format,
			}), nil
		},
	})
}
