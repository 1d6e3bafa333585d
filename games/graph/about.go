package graph

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("graph", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "Tokens stand on the nodes of a directed graph, which may have cycles. On a turn a player slides one token along an " +
			"edge. The player who cannot move loses; play that never ends is a draw. Several tokens are played as a sum.",
		Source: "C. A. B. Smith, \"Graphs and composite games\", J. Combinatorial Theory 1 (1966) 51–81; HDU 1524",
	})
}
