package tictactoe

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source.
func init() {
	catalog.Describe("tictactoe", catalog.About{
		Players: []string{"X", "O"},
		Rules: "Tic-tac-toe: a board of 3×3 cells; X and O take turns, X first, each marking an empty cell with their letter. " +
			"The first to have three of their marks in a row, a column or a diagonal wins; a full board without one is a draw, " +
			"which is the result of best play.",
		Source: "Traditional (noughts and crosses); Berlekamp, Conway and Guy, Winning Ways for your Mathematical Plays (tic-tac-toe is a draw)",
	})
}

var _ catalog.Turner = instance{}

// ToMove is 0 (X) when the board holds as many X as O, else 1 (O).
func (instance) ToMove(tokens []string) (int, error) {
	p, err := parseTokens(tokens)
	if err != nil {
		return 0, err
	}
	if p.XToMove() {
		return 0, nil
	}
	return 1, nil
}
