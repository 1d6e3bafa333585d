package clobber

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("clobber", catalog.About{
		Players: []string{"Left", "Right"},
		Rules: "Clobber: black stones (Left's, x) and white stones (Right's, o) on a board. A move picks up one of your stones and " +
			"puts it on an orthogonally adjacent stone of the other colour, which is removed (clobbered). Either player may move first; the player who cannot move loses.",
		Source: "M. H. Albert, J. P. Grossman, R. J. Nowakowski and D. Wolfe, \"An introduction to Clobber\", Integers 5(2) (2005); the variants as CGSuite's game.grid library defines them",
		Variants: []catalog.Param{{Name: "variant", Label: "variant", Kind: catalog.ParamChoice, Default: "",
			Note: "Kings move in 8 directions; Rooks and Queens slide over empty squares to the first stone; Hot takes either colour; Anti moves into an empty square and leaves a stone of the other colour",
			Choices: []catalog.Choice{
				{Value: "", Label: "Clobber"},
				{Value: ":kings", Label: "Kings (8 directions)"},
				{Value: ":knights", Label: "Knights (knight's moves)"},
				{Value: ":rooks", Label: "Rooks (sliding)"},
				{Value: ":queens", Label: "Queens (sliding, 8 ways)"},
				{Value: ":hot", Label: "Hot (take either colour)"},
				{Value: ":anti", Label: "Anti (into empty squares)"},
			}}},
		SpecFormat: "clobber{variant}",
	})
}
