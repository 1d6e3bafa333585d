package landlords

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("landlords", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "Landlords: a known deck; the mover holds n cards, the opponent m, and one unknown card lies face down on the table. " +
			"A turn either guesses the table card (right: the guesser wins; wrong: the guesser loses) or names a card: if the " +
			"opponent holds it, it is shown and discarded, otherwise the opponent says so — and the named card may be one of the " +
			"mover's own, a bluff that the opponent may believe or call.",
		Source: "Codeforces 98E \"Help Shrek and Donkey\"",
	})
}
