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
		Variants: []catalog.Param{{Name: "variant", Label: "variant", Kind: catalog.ParamChoice, Default: "", Choices: []catalog.Choice{
			{Value: "", Label: "Clobber"},
			{Value: ":kings", Label: "Kings: in the eight compass directions"},
			{Value: ":knights", Label: "Knights: along a knight's moves"},
			{Value: ":rooks", Label: "Rooks: sliding orthogonally over empty squares"},
			{Value: ":queens", Label: "Queens: sliding in eight directions over empty squares"},
			{Value: ":hot", Label: "Hot Clobber: a stone of either colour may be taken"},
			{Value: ":anti", Label: "Anti-Clobber: into an empty square, leaving a stone of the other colour"},
		}}},
		SpecFormat: "clobber{variant}",
	})
}
