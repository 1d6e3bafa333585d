package foxgeese

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About).
func init() {
	catalog.Describe("fox-and-geese", catalog.About{
		Players: []string{"Left", "Right"},
		Rules: "Fox and Geese on the dark squares of a draughts board: Left has the geese (x), four on 8×8, which start on the top row; " +
			"Right has one fox (o), which starts on the bottom row. A goose steps one square diagonally down onto an empty square; the fox " +
			"steps one square diagonally up or down onto an empty square. Nothing is captured. Either player may move first; the player who " +
			"cannot move loses — a trapped fox, or geese that have all reached the bottom or are blocked. The fox can move back and forth, so " +
			"play that never ends is a draw.",
		Source: "Berlekamp, Conway and Guy, Winning Ways, 2nd ed., vol. 3, ch. 20 (the start of 8×8 is 2 + over, after J. Welton); " +
			"CGSuite's game.grid.FoxAndGeese",
		Variants: []catalog.Param{
			{Name: "width", Label: "columns (W)", Kind: catalog.ParamInt, Min: MinSide, Max: MaxSide, Default: "8"},
			{Name: "height", Label: "rows (H)", Kind: catalog.ParamInt, Min: MinSide, Max: MaxSide, Default: "8"},
		},
		SpecFormat: "fox-and-geese:{width}x{height}",
	})
}
