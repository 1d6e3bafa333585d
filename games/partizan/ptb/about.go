package ptb

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("partizan-tb", catalog.About{
		Players: []string{"Left", "Right"},
		Rules: "Heaps of tokens. Left moves on a heap as her take-and-break code allows, Right as his (codes in CGSuite's " +
			"notation, see tb: digit j says what removing j tokens may leave, ! ? = constrain the heaps left, [..] repeats); " +
			"a move that leaves several heaps leaves them as a sum. The player who cannot move loses.",
		Source: "A. N. Siegel, CGSuite's game.heap.PartizanTakeAndBreak and PartizanHeapRuleset; Berlekamp, Conway and Guy, Winning Ways, ch. 4",
		Variants: []catalog.Param{{Name: "codes", Label: "Left's code/Right's code", Kind: catalog.ParamText, Default: "0.77/4!.0",
			Note: "0.303/0.033 (subtraction {1,3} against {2,3}), 0.77/4!.0 (Kayles against Grundy's game)"}},
		SpecFormat: "partizan-tb:{codes}",
	})
}
