package lasker

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("lasker", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "Lasker's Nim: heaps of tokens; on a turn a player either takes any positive number of tokens from one heap, or splits " +
			"one heap into two non-empty heaps. The player who takes the last token wins.",
		Source: "E. Lasker, Brettspiele der Völker (1931); Berlekamp, Conway and Guy, Winning Ways, ch. 4",
	})
}
