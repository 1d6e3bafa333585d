package fission

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About).
func init() {
	catalog.Describe("fission", catalog.About{
		Players: []string{"Left", "Right"},
		Rules: "Fission: stones (x) on a board of empty (.) and blocked (#) squares. Left splits a stone vertically: it leaves its " +
			"square and a stone appears on each of the squares above and below it, which must both be empty; Right splits a stone " +
			"horizontally onto its left and right neighbours. Either player may move first; the player who cannot split loses.",
		Source: "CGSuite's game.grid library (Fission)",
	})
}
