package maundy

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
		Name:     "maundy-cake",
		Position: "cakes RxC (R rows, C columns); several cakes make a sum",
		Summary:  "Maundy Cake: Left divides a cake's width into equal pieces, Right its height; who cannot divide loses",
		Example:  "value maundy-cake 6x12",
		Kind:     partizanreport.Kind,
		Make: func(string) (catalog.Instance, error) {
			return partizanreport.New("maundy-cake", partizanreport.Rules[Cake]{
				Game: Game{}, Parse: Parse, Format: Game{}.Format,
			}), nil
		},
	})
}
