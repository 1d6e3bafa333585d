package psubtract

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("partizan-subtract", catalog.About{
		Players: []string{"Left", "Right"},
		Rules: "A partizan subtraction game: heaps of counters; Left removes k counters from one heap for some k in the set L, " +
			"Right for some k in the set R. Either player may move first; the player who cannot move loses.",
		Source:     "A. S. Fraenkel and A. Kotzig, \"Partizan octal games: partizan subtraction games\", Int. J. Game Theory 16 (1987) 145–154",
		Variants:   []catalog.Param{{Name: "left", Label: "Left's amounts (L)", Kind: catalog.ParamText, Default: "1,3"}, {Name: "right", Label: "Right's amounts (R)", Kind: catalog.ParamText, Default: "2,3"}},
		SpecFormat: "partizan-subtract:{left}/{right}",
	})
}
