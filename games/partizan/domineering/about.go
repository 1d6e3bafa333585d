package domineering

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("domineering", catalog.About{
		Players: []string{"Left", "Right"},
		Rules: "Domineering: a board of empty cells; Left places dominoes upright (two cells of a column), Right lying down (two " +
			"cells of a row), each on empty cells. Either player may move first; the player who cannot move loses.",
		Source: "Invented by Göran Andersson; Martin Gardner, Scientific American (February 1974); Winning Ways, ch. 2",
	})
}
