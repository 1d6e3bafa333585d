package circle

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("circle", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "Coins lie in a circle. On a turn a player takes from 1 to K coins that lie next to each other; the first move " +
			"turns the circle into a line, and later moves may split a line in two. The player who takes the last coin wins.",
		Source:     "POJ 2484 \"A Funny Game\" (K = 2); the mirror strategy of Winning Ways, ch. 2 (Tweedledum and Tweedledee)",
		Variants:   []catalog.Param{{Name: "k", Label: "most adjacent coins a move takes (K)", Kind: catalog.ParamInt, Min: 1, Max: maxCircleK, Default: "2"}},
		SpecFormat: "circle:{k}",
	})
}
