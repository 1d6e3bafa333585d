package peuclid

import (
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/partizanreport"
)

var (
	_ partizanreport.Instance = (*partizanreport.Game[Pair])(nil)
	_ catalog.Tabler          = (*partizanreport.Tabled[Pair])(nil)
)

func init() {
	catalog.Register(catalog.Entry{
		Name:     "partizan-euclid",
		Position: "pairs p,q of positive integers (up to 100000), e.g. 7,3; several pairs make a sum",
		Summary:  "Partizan Euclid (Nowakowski and McKay; CGSuite's example): from p,q, Left moves to q,(p mod q), Right to q,(q − p mod q); over when q divides p",
		Example:  "value partizan-euclid 7,3",
		Kind:     partizanreport.Kind,
		Make: func(string) (catalog.Instance, error) {
			return partizanreport.NewTabled("partizan-euclid", partizanreport.Rules[Pair]{
				Game: Game{}, Parse: Parse, Format: Game{}.Format,
			}, pairCells), nil
		},
	})
}

// pairCells are the cells of the game's table: the pair (a, b) from
// (1, 1).
var pairCells = partizanreport.Cells[Pair]{
	First: 1, Max: MaxNumber, Grid: true,
	At:    func(a, b int) Pair { return Pair{a, b} },
	Shape: "the pair (a, b)",
}
