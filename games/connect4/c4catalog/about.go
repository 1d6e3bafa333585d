package c4catalog

import (
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/games/connect4"
)

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("connect4", catalog.About{
		Players: []string{"Red", "Yellow"},
		Rules: "Connect-Four: a board stands upright, W columns of H cells (7 columns of 6 by default). Red and Yellow take turns, " +
			"Red first, each dropping a disc of their colour into a column that is not full; it falls to the lowest empty cell. " +
			"The first to have K discs in a row (4 by default: across, up or diagonally) wins; a full board without one is a draw. " +
			"On 7×6 the first player wins by starting in the middle column.",
		Source: "Milton Bradley (1974); L. V. Allis, \"A knowledge-based approach of Connect-Four\", M.Sc. thesis, Vrije Universiteit Amsterdam (1988); " +
			"J. Tromp's solution of the board sizes (1995–2015)",
		Variants: []catalog.Param{
			{Name: "width", Label: "columns (W)", Kind: catalog.ParamInt, Min: 1, Max: connect4.MaxWidth, Default: "4",
				Note: "W×(H+1) at most 64; boards beyond 5×4 take long to search without a database (grundy db build)"},
			{Name: "height", Label: "rows (H)", Kind: catalog.ParamInt, Min: 1, Max: 12, Default: "4"},
			{Name: "k", Label: "in a row to win (K)", Kind: catalog.ParamInt, Min: 2, Max: 12, Default: "4", Note: "at most the larger side"},
		},
		SpecFormat: "connect4:{width}x{height}:{k}",
	})
}

var _ catalog.Turner = instance{}

// ToMove is 0 (Red, the first player) after an even number of discs,
// else 1 (Yellow).
func (in instance) ToMove(tokens []string) (int, error) {
	_, moves, err := in.parse(tokens)
	if err != nil {
		return 0, err
	}
	return len(moves) % 2, nil
}
