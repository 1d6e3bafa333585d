package eatcake

import (
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/partizanreport"
)

var (
	_ partizanreport.Instance = (*partizanreport.Game[Cake])(nil)
	_ catalog.SuccessorLister = (*partizanreport.Game[Cake])(nil)
	_ catalog.Tabler          = (*partizanreport.Tabled[Cake])(nil)
)

func init() {
	catalog.Register(catalog.Entry{
		Name:     "eatcake",
		Position: "cakes RxC (R rows, C columns, at most 64 a side); several cakes make a sum",
		Summary:  "Eatcake: Left eats a whole column of a piece of cake, Right a whole row, which may leave two pieces; who meets no cake loses (all-small values)",
		Example:  "value eatcake 3x4",
		Kind:     partizanreport.Kind,
		Make: func(string) (catalog.Instance, error) {
			return partizanreport.NewTabled("eatcake", partizanreport.Rules[Cake]{
				Game: Game{}, Parse: Parse, Format: Game{}.Format,
			}, cakeCells), nil
		},
	})
}

// cakeCells are the cells of the game's table (grundy table): the cake
// of a rows and b columns, from 1×1 (a cake has no side of 0).
var cakeCells = partizanreport.Cells[Cake]{
	First: 1, Max: MaxSide, Grid: true,
	At:    func(a, b int) Cake { return Cake{Rows: a, Cols: b} },
	Shape: "the cake a×b (a rows, b columns)",
}
