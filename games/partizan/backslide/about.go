package backslide

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About).
func init() {
	catalog.Describe("backsliding-toads", catalog.About{
		Players: []string{"Left", "Right"},
		Rules: "Backsliding Toads and Frogs: a strip of cells with toads (Left's, T) and frogs (Right's, F). A toad moves one cell " +
			"right into an empty cell, jumps right over one frog into an empty cell, or steps one cell back (left) into an empty cell; " +
			"a frog does the same the other way. Positions can repeat: play that never ends is a draw. Either player may move first; " +
			"the player who cannot move loses.",
		Source: "Berlekamp, Conway and Guy, Winning Ways, ch. 11; CGSuite's game.strip library (BackslidingToadsAndFrogs)",
	})
}
