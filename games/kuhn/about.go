package kuhn

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("kuhn", catalog.About{
		Players: []string{"player 1", "player 2"},
		Rules: "Kuhn poker: a deck of three cards, jack < queen < king; each player antes 1 chip and is dealt one card. Player 1 " +
			"checks or bets 1; after a check, player 2 checks (showdown) or bets; after a bet, the other player calls (showdown) " +
			"or folds (the bettor takes the pot). At a showdown the higher card wins the pot. Neither player sees the other's card.",
		Source: "H. W. Kuhn, \"A simplified two-person poker\", Contributions to the Theory of Games I (1950) 97–103",
	})
}
