package quixo

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("quixo", catalog.About{
		Players: []string{"X", "O"},
		Rules: "Quixo: a board of N×N cubes, blank at the start (5×5 in the boxed game). X and O take turns, X first. A turn takes " +
			"a cube from the border that is blank or shows the mover's own mark, turns it to show the mover's mark, and pushes it " +
			"back in at an end of its row or column other than the place it came from, sliding the cubes of that line along. " +
			"The first to make a line of N of their marks wins; a move that completes a line of the opponent's marks loses, " +
			"even if it makes one of the mover's too. Play that never ends is a draw.",
		Source: "Thierry Chapeau, Quixo (Gigamic, 1995); S. Tanaka, F. Bonnet, S. Tixeuil and Y. Tamura, \"Quixo is solved\", arXiv:2007.15895 (2020)",
		Variants: []catalog.Param{{Name: "n", Label: "board size (N×N)", Kind: catalog.ParamInt, Min: 3, Max: 5, Default: "3",
			Note: "4×4 and 5×5 take long to search without a database (grundy db build)"}},
		SpecFormat: "quixo:{n}",
	})
}

var _ catalog.Turner = instance{}

// ToMove is 0 when X is to move, 1 when O is.
func (in instance) ToMove(tokens []string) (int, error) {
	p, err := in.parse(tokens)
	if err != nil {
		return 0, err
	}
	if p.OToMove() {
		return 1, nil
	}
	return 0, nil
}
