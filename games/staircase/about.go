package staircase

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("staircase", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "Georgia and Bob: coins on cells 1, 2, 3, … of a line, at most one a cell. On a turn a player moves one coin to the " +
			"left by one or more cells, without jumping over or landing on another coin and not past cell 1. The player who cannot " +
			"move loses. It is staircase Nim on the gaps between the coins.",
		Source: "POJ 1704 \"Georgia and Bob\"; R. Sprague (1937); Winning Ways, ch. 3 (staircase Nim)",
	})
}
