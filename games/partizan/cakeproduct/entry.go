package cakeproduct

import (
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/partizanreport"
)

var (
	_ partizanreport.Instance = (*partizanreport.Game[Cake])(nil)
	_ catalog.Tabler          = (*partizanreport.Tabled[Cake])(nil)
)

// The cake products: cake:L/R (CGSuite's GenCutcake), twisted-cake:L/R
// (GenCutcake with twisted => true) and Turn-and-Eatcake, the twisted
// product of Eatcake's 0.7 with itself.
func init() {
	const position = "cakes RxC (R rows, C columns, at most 64 a side); several cakes make a sum"
	catalog.Register(catalog.Entry{
		Name:     "cake",
		Params:   "LEFT/RIGHT",
		Position: position,
		Summary:  "cake product of two take-and-break codes (CGSuite's GenCutcake): Left plays her code on the columns, Right his on the rows, each piece left a cake; 4.0 is Cutcake, 0.7 Eatcake, {2+}=.0 Maundy Cake",
		Example:  "value cake:4.0/0.7 3x4",
		Kind:     partizanreport.Kind,
		Make:     func(p string) (catalog.Instance, error) { return newProduct("cake", p, false) },
	})
	catalog.Register(catalog.Entry{
		Name:     "twisted-cake",
		Params:   "LEFT/RIGHT",
		Position: position,
		Summary:  "twisted cake product (CGSuite's GenCutcake, twisted): as cake:LEFT/RIGHT, the cake turned a quarter turn with every move",
		Example:  "value twisted-cake:{2+}=.0 8x3",
		Kind:     partizanreport.Kind,
		Make:     func(p string) (catalog.Instance, error) { return newProduct("twisted-cake", p, true) },
	})
	catalog.Register(catalog.Entry{
		Name:     "turn-and-eatcake",
		Position: position,
		Summary:  "Turn-and-Eatcake (Winning Ways ch. 8): Eatcake with the cake turned a quarter turn after every move",
		Example:  "value turn-and-eatcake 8x6",
		Kind:     partizanreport.Kind,
		Make: func(string) (catalog.Instance, error) {
			g, err := Parse("0.7", 0, true)
			if err != nil {
				return nil, err
			}
			return tabled("turn-and-eatcake", g), nil
		},
	})
}

func newProduct(name, params string, twisted bool) (catalog.Instance, error) {
	spec := name + ":" + params
	g, err := Parse(spec, len(name)+1, twisted)
	if err != nil {
		return nil, err
	}
	return tabled(name+":"+g.Spec(), g), nil
}

func tabled(spec string, g Game) catalog.Instance {
	return partizanreport.NewTabled(spec, partizanreport.Rules[Cake]{Game: g, Parse: ParseCakes, Format: g.Format}, cakeCells)
}

// cakeCells are the cells of the game's table (grundy table): the cake
// of a rows and b columns, from 1×1.
var cakeCells = partizanreport.Cells[Cake]{
	First: 1, Max: MaxSide, Grid: true,
	At:    func(a, b int) Cake { return Cake{Rows: a, Cols: b} },
	Shape: "the cake a×b (a rows, b columns)",
}
