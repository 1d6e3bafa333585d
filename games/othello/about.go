package othello

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About).
func init() {
	catalog.Describe("othello", catalog.About{
		Players: []string{"Black", "White"},
		Rules: "Othello (Reversi) on a board of W columns and H rows, each even: it starts with four discs at the centre, " +
			"two black and two white on the diagonals, and Black moves first. A move puts a disc of your colour on an empty cell " +
			"so that it outflanks, in a straight line (across, up or diagonally), one or more of the opponent's discs ending at one of yours; " +
			"every disc so outflanked turns to your colour. With no such move you pass; the game ends when neither player can move. " +
			"The score is the difference in discs, empty cells counted for the winner.",
		Source: "World Othello Federation, Othello rules (worldothello.org); J. Feinstein, \"Amenor wins World 6x6 championships!\", " +
			"British Othello Federation newsletter, July 1993 (6×6: White wins 20–16)",
		Variants: []catalog.Param{
			{Name: "width", Label: "columns (W)", Kind: catalog.ParamInt, Min: MinSide, Max: MaxSide, Default: "4", Note: "even"},
			{Name: "height", Label: "rows (H)", Kind: catalog.ParamInt, Min: MinSide, Max: MaxSide, Default: "4",
				Note: "even; 6×6 from the start takes CPU-minutes to search"},
		},
		SpecFormat: "othello:{width}x{height}",
	})
}

var _ catalog.Turner = instance{}

// ToMove is 0 when Black is to move, 1 when White is.
func (in instance) ToMove(tokens []string) (int, error) {
	p, err := in.parse(tokens)
	if err != nil {
		return 0, err
	}
	if p.WhiteToMove {
		return 1, nil
	}
	return 0, nil
}
