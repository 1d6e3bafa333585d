package cutcake

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("cutcake", catalog.About{
		Players: []string{"Left", "Right"},
		Rules: "Cutcake: rectangular cakes scored into squares. Left cuts one cake along a vertical line (between columns), Right " +
			"along a horizontal one, each cut making two cakes. Either player may move first; the player who cannot move loses.",
		Source: "Berlekamp, Conway and Guy, Winning Ways, ch. 2 (Cutcake)",
	})
}
