package teeko

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("teeko", catalog.About{
		Players: []string{"Black", "Red"},
		Rules: "Teeko: a board of 5×5 cells; Black and Red have four pieces each. In turn, Black first, each drops a piece on an " +
			"empty cell until all eight are down; then a move steps one of the mover's pieces to an adjacent empty cell, in any of " +
			"the eight directions. The first to have four pieces in a straight line (across, down or diagonally) or on the four " +
			"cells of a 2×2 square wins. Advanced Teeko also wins with the four corners of a 3×3, 4×4 or 5×5 square. " +
			"Play that never ends is a draw.",
		Source: "John Scarne, Scarne on Teeko (Crown, New York, 1955); G. L. Steele Jr.'s solution of Teeko and Advanced Teeko (1998)",
		Variants: []catalog.Param{{Name: "advanced", Label: "Advanced Teeko (corners of squares win too)", Kind: catalog.ParamFlag, Default: "off", Word: ":advanced",
			Note: "the move phase is too large to search: serve a database (grundy db build teeko) to play it from the start"}},
		SpecFormat: "teeko{advanced}",
	})
}

var _ catalog.Turner = instance{}

// ToMove is 0 when Black is to move, 1 when Red is.
func (in instance) ToMove(tokens []string) (int, error) {
	p, err := in.parse(tokens)
	if err != nil {
		return 0, err
	}
	if p.RedToMove() {
		return 1, nil
	}
	return 0, nil
}
