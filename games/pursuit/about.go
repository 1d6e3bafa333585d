package pursuit

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("pursuit", catalog.About{
		Players: []string{"Bob", "Alice"},
		Rules: "Alice and Bob each have a token on a directed graph. Bob moves first; on a turn a player moves their own token " +
			"along an edge. A player who cannot move loses; if the tokens meet, Bob loses; if play never ends, Alice loses.",
		Source: "UVALive 7042",
	})
}
