package toads

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("toads-and-frogs", catalog.About{
		Players: []string{"Left", "Right"},
		Rules: "Toads and Frogs: a strip of cells with toads (Left's, T) and frogs (Right's, F). A toad moves one cell right into " +
			"an empty cell, or jumps right over one frog into an empty cell; a frog does the same to the left. Either player may move first; the player who cannot move loses.",
		Source: "Berlekamp, Conway and Guy, Winning Ways, ch. 1; J. Erickson, \"New Toads and Frogs results\", Games of No Chance (1996); jumps over more pieces as CGSuite's GenToadsAndFrogs",
		Variants: []catalog.Param{{Name: "jump", Label: "the most pieces a jump passes over", Kind: catalog.ParamInt, Min: 0, Max: MaxJumpParam, Default: "1",
			Note: "0 is Elephants and Rhinos (no jumps)"}},
		SpecFormat: "toads-and-frogs:{jump}",
	})
	catalog.Describe("elephants-and-rhinos", catalog.About{
		Players: []string{"Left", "Right"},
		Rules: "Elephants and Rhinos: a strip of cells with elephants (Left's, T) and rhinos (Right's, F). An elephant moves one cell " +
			"right into an empty cell, a rhino one cell left; there are no jumps. Either player may move first; the player who cannot move loses.",
		Source: "CGSuite's game.strip library (ElephantsAndRhinos, GenToadsAndFrogs(0)); Albert, Nowakowski and Wolfe, Lessons in Play",
	})
}
