package paper

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("paper", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "The cutting game: sheets of grid paper; on a turn a player cuts one sheet along a grid line into two sheets. " +
			"The player who first cuts out a 1×1 piece wins.",
		Source: "POJ 2311 \"Cutting Game\"",
	})
}
