package cakeproduct

import "github.com/grundy-go/grundy/catalog"

// What the games say about themselves to a person (catalog.About): their
// players, their rules with their source and the variants a person picks.
func init() {
	players := []string{"Left", "Right"}
	const codes = "Each player's ruleset is a take-and-break code in CGSuite's notation (see tb): 4.0 cuts a side in two, " +
		"0.7 eats a row or column, possibly leaving two pieces, {2+}=.0 cuts a side into equal parts."
	catalog.Describe("cake", catalog.About{
		Players: players,
		Rules: "Rectangular cakes. Left plays her code on a cake's columns as if they were a heap, Right his code on its rows; " +
			"each heap a move leaves is a cake of that many columns (rows), the other side unchanged. " + codes +
			" The player who cannot move loses.",
		Source: "A. N. Siegel, CGSuite's game.heap.GenCutcake (HeapRuleset.CakeProduct); Berlekamp, Conway and Guy, Winning Ways, ch. 2 (Cutcake) and 8 (Eatcake)",
		Variants: []catalog.Param{{Name: "codes", Label: "Left's code/Right's code (one code: both players')", Kind: catalog.ParamText,
			Default: "4.0/0.7", Note: "4.0 (Cutcake), 0.7 (Eatcake), {2+}=.0 (Maundy Cake)"}},
		SpecFormat: "cake:{codes}",
	})
	catalog.Describe("twisted-cake", catalog.About{
		Players: players,
		Rules: "As the cake product, with the cake turned a quarter turn at every move: from a cake of m rows and n columns, " +
			"Left plays her code on the m rows and leaves cakes of n rows, Right his code on the n columns and leaves cakes " +
			"of m columns. " + codes + " The player who cannot move loses.",
		Source: "A. N. Siegel, CGSuite's game.heap.GenCutcake with twisted => true; Berlekamp, Conway and Guy, Winning Ways, ch. 8 (Turn-and-Eatcake)",
		Variants: []catalog.Param{{Name: "codes", Label: "Left's code/Right's code (one code: both players')", Kind: catalog.ParamText,
			Default: "{2+}=.0", Note: "0.7 (Turn-and-Eatcake), {2+}=.0 (twisted Maundy Cake)"}},
		SpecFormat: "twisted-cake:{codes}",
	})
	catalog.Describe("turn-and-eatcake", catalog.About{
		Players: players,
		Rules: "Turn-and-Eatcake: rectangular cakes; Left eats a whole row, Right a whole column, which may leave two pieces, " +
			"and every piece left is turned a quarter turn. The player who cannot move loses.",
		Source: "Berlekamp, Conway and Guy, Winning Ways, ch. 8 (Turn-and-Eatcake); CGSuite's game.heap.TurnAndEatcake",
	})
}
