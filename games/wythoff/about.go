package wythoff

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("wythoff", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "Wythoff's game: two heaps of tokens; on a turn a player takes any positive number of tokens from one heap, or the " +
			"same positive number from both. The player who takes the last token wins. The losing positions for the player to move " +
			"are the pairs (⌊nφ⌋, ⌊nφ²⌋), φ the golden ratio.",
		Source: "W. A. Wythoff, \"A modification of the game of nim\", Nieuw Archief voor Wiskunde 7 (1907) 199–202",
	})
}
