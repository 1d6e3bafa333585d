package fibnim

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("fibonacci-nim", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "Fibonacci Nim: one heap of N tokens. The first move takes from 1 to N−1 tokens; after that a move takes from 1 " +
			"token up to twice what the previous move took. The player who takes the last token wins. The first player wins " +
			"exactly when N is not a Fibonacci number (Zeckendorf's theorem).",
		Source: "M. J. Whinihan, \"Fibonacci Nim\", Fibonacci Quarterly 1(4) (1963) 9–13",
	})
}
