package nim

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("nim", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "Nim is played with a few heaps of tokens. On a turn a player takes any positive number of tokens from one heap " +
			"(a whole heap if they like). The player who takes the last token wins. The player to move loses exactly when the " +
			"binary XOR (nim-sum) of the heap sizes is 0.",
		Source: "C. L. Bouton, \"Nim, a game with a complete mathematical theory\", Annals of Mathematics 3 (1901–1902) 35–39",
	})
	catalog.Describe("misere-nim", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "Misère Nim is Nim in which the player who takes the last token loses. On a turn a player takes any positive number " +
			"of tokens from one heap. Play as in Nim until one move would leave only heaps of one token; then leave an odd number of them.",
		Source: "C. L. Bouton (1901–1902), Annals of Mathematics 3, 35–39; Berlekamp, Conway and Guy, Winning Ways, ch. 13",
	})
}
