package cram

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("cram", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "Cram: a board of empty cells; on a turn a player places a domino on two adjacent empty cells, either way round. " +
			"Both players have the same moves, so every position's value is a nimber. The player who cannot place a domino loses.",
		Source: "Martin Gardner, Scientific American (February 1974); Berlekamp, Conway and Guy, Winning Ways, ch. 23",
	})
}
