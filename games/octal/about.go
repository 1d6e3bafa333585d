package octal

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	heapSum := " Several heaps are played as a sum: the Sprague–Grundy value of the whole is the nim-sum of the heaps' values."
	catalog.Describe("kayles", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "Kayles: rows of pins. On a turn a player knocks down one pin, or two pins side by side, which may split a row in two. " +
			"The player who knocks down the last pin wins." + heapSum,
		Source: "H. E. Dudeney, The Canterbury Puzzles (1908); Berlekamp, Conway and Guy, Winning Ways, ch. 4 (octal game 0.77)",
	})
	catalog.Describe("dawson", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "Dawson's chess, played as heaps (octal 0.137): a move takes a whole heap of 1 token, or 2 tokens from the end of " +
			"a heap, or 3 tokens from anywhere in a heap, which may leave two heaps. The player who cannot move loses." + heapSum,
		Source: "T. R. Dawson (1935); Berlekamp, Conway and Guy, Winning Ways, ch. 4",
	})
	catalog.Describe("guiles", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "Guiles (octal 0.15): a move takes a whole heap of 1 or 2 tokens, or 2 tokens from inside a heap, which " +
			"leaves two non-empty heaps. The player who cannot move loses." + heapSum,
		Source: "Berlekamp, Conway and Guy, Winning Ways, ch. 4",
	})
	catalog.Describe("grundy-game", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "Grundy's game: a move splits one heap into two heaps of different sizes (so heaps of 1 and 2 are dead). " +
			"The player who cannot move loses." + heapSum,
		Source: "P. M. Grundy, \"Mathematics and games\", Eureka 2 (1939); Winning Ways, ch. 4",
	})
	catalog.Describe("octal", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "An octal game: heaps of tokens, and a code 0.d1d2d3…; digit k says what a move that removes k tokens from a heap " +
			"may leave of it: add 1 if nothing, 2 if one heap, 4 if two heaps. The player who cannot move loses." + heapSum,
		Source: "R. K. Guy and C. A. B. Smith, \"The G-values of various games\", Proc. Cambridge Philos. Soc. 52 (1956) 514–526; Winning Ways, ch. 4",
		Variants: []catalog.Param{{Name: "code", Label: "octal code", Kind: catalog.ParamText, Default: "0.137",
			Note: "0. then digits 0-7, e.g. 0.77 (Kayles), 0.07 (Dawson's Kayles); CGSuite's modifiers and blocks too, as tb: reads them (4!.0 Grundy's game, 0.[3] Nim)"}},
		SpecFormat: "octal:{code}",
	})
	catalog.Describe("hex", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "A hexadecimal game: as an octal game, with a further 8 in digit k when removing k tokens may leave three heaps " +
			"(digits 0-9 and A-F). The player who cannot move loses." + heapSum,
		Source: "Berlekamp, Conway and Guy, Winning Ways, ch. 4 (hexadecimal games)",
		Variants: []catalog.Param{{Name: "code", Label: "hexadecimal code", Kind: catalog.ParamText, Default: "0.F",
			Note: "0. then digits 0-9, A-F; CGSuite's modifiers and blocks too, as tb: reads them (0.3F! three unequal heaps)"}},
		SpecFormat: "hex:{code}",
	})
	catalog.Describe("tb", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "A take-and-break game in CGSuite's code notation: heaps of tokens; digit j of the code says what a move that " +
			"removes j tokens from a heap may leave of it, bit i set when it may leave exactly i non-empty heaps (digits 0-9 " +
			"and A-V, &N; for any mask, {2,3} or {2+} listing numbers of heaps, * any number). After a digit, ! asks for heaps " +
			"of pairwise different sizes, ? for heaps not all of one size, = for heaps all of one size (these bind moves that " +
			"leave two heaps or more). A block in brackets at the end repeats forever (0.[3] is Nim); digits before the " +
			"point's digit add tokens before splitting (80.0: add one and split into three heaps), and must leave enough heaps " +
			"that every heap left is smaller. The player who cannot move loses." + heapSum,
		Source: "A. N. Siegel, CGSuite's game.heap.TakeAndBreak (codes, modifiers and examples); Berlekamp, Conway and Guy, Winning Ways, ch. 4",
		Variants: []catalog.Param{{Name: "code", Label: "take-and-break code", Kind: catalog.ParamText, Default: "4!.0",
			Note: "4!.0 (Grundy's game), 8?.0 (three heaps not all equal), 0.[37], {2+}=.0, 0.*!"}},
		SpecFormat: "tb:{code}",
	})
	catalog.Describe("treblecross", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "Treblecross: a strip of cells; on a turn a player puts an X in an empty cell. Whoever first makes three X in a row " +
			"wins. No one plays next to an X without losing at once, so the strip splits into independent parts (octal 0.007).",
		Source: "Berlekamp, Conway and Guy, Winning Ways, ch. 4 (Treblecross, octal 0.007)",
	})
	catalog.Describe("allbut", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "An all-but subtraction game: heaps of tokens; a move takes any positive number of tokens from one heap except the " +
			"amounts in a finite set S. The player who cannot move loses." + heapSum,
		Source: "A. A. Siegel, Finite Excluded Subtraction Sets and Kayles, M.Sc. thesis, Dalhousie University (2005)",
		Variants: []catalog.Param{{Name: "set", Label: "the amounts a move may not take (S, comma-separated)", Kind: catalog.ParamText, Default: "1,2",
			Note: "positive whole numbers separated by commas"}},
		SpecFormat: "allbut:{set}",
	})
}
