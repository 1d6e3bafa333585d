package amazons

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("amazons", catalog.About{
		Players: []string{"Left", "Right"},
		Rules: "Amazons: Left's and Right's amazons stand on a board. A move takes one of your amazons like a chess queen (any " +
			"distance in a straight line or diagonal, over no amazon, arrow or stone), then fires an arrow from where it lands, again " +
			"like a queen; the arrow burns its cell for the rest of the game. Either player may move first; the player who cannot move loses.",
		Source: "Invented by Walter Zamkauskas (1988); E. R. Berlekamp, \"Sums of N×2 Amazons\" (2000); Siegel, Combinatorial Game Theory (2013)",
	})
}
