package multiply

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("multiply", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "The multiplication game: a number p starts at 1; on a turn a player multiplies p by a whole number from 2 to 9. " +
			"The first player to make p at least N wins.",
		Source: "POJ 2505 \"A multiplication game\"",
		Variants: []catalog.Param{{Name: "n", Label: "target (N)", Kind: catalog.ParamInt, Min: 2, Max: 1_000_000_000, Default: "162",
			Note: "the command line takes any size"}},
		SpecFormat: "multiply:{n}",
	})
}
