package coordheap

import "github.com/grundy-go/grundy/catalog"

// What the games say about themselves to a person (catalog.About): their
// players, their rules with their source and the variants a person picks.
func init() {
	two := []string{"first player", "second player"}
	sum := " Several positions are played as a sum: the value of the whole is the nim-sum of theirs."
	catalog.Describe("r-wythoff", catalog.About{
		Players: two,
		Rules: "Two heaps of tokens. A move takes any positive number of tokens from one heap, or k tokens from one heap and l " +
			"from the other, both positive, with k and l differing by less than R. The player who cannot move loses." + sum,
		Source: "A. S. Fraenkel, How to beat your Wythoff games' opponent on three fronts, Amer. Math. Monthly 89 (1982) 353–361; CGSuite's game.heap.GenWythoff",
		Variants: []catalog.Param{{Name: "r", Label: "R (1 is Wythoff's game)", Kind: catalog.ParamText, Default: "2",
			Note: "a whole number from 1"}},
		SpecFormat: "r-wythoff:{r}",
	})
	catalog.Describe("gen-wythoff", catalog.About{
		Players: two,
		Rules: "Two heaps of tokens. A move takes any positive number of tokens from one heap, or s tokens from one heap and t " +
			"from the other, with 1 ≤ s ≤ t < A·s + B (the bounding function f(s) = A·s + B). The player who cannot move loses." + sum,
		Source: "A. S. Fraenkel and Y. Tanny's bounding functions for Wythoff's game, as CGSuite's game.heap.GenWythoff(f) defines the ruleset; " +
			"f(k) = k + 1 is Wythoff's game (W. A. Wythoff, A modification of the game of nim, Nieuw Archief voor Wiskunde 7 (1907) 199–202)",
		Variants: []catalog.Param{
			{Name: "a", Label: "A (the slope of the bound)", Kind: catalog.ParamText, Default: "2", Note: "a whole number from 0"},
			{Name: "b", Label: "B (the bound's constant)", Kind: catalog.ParamText, Default: "1", Note: "an integer; 1,1 is Wythoff's game"},
		},
		SpecFormat: "gen-wythoff:{a},{b}",
	})
	mem := func(rule string) string {
		return "One heap of tokens and a memory, the number of tokens the previous move took (0 at the start, or as given). " +
			rule + " The player who cannot move loses." + sum
	}
	source := "CGSuite's game.heap.GenMem (Mem, Mem⁰, Take-Away); A. J. Schwenk, Take-away games, Fibonacci Quarterly 8 (1970) 225–234"
	catalog.Describe("mem", catalog.About{Players: two, Source: source,
		Rules: mem("A move takes at least as many tokens as the previous move took (any number when the memory is 0).")})
	catalog.Describe("mem0", catalog.About{Players: two, Source: source,
		Rules: mem("A move takes any positive number of tokens but exactly the number the previous move took.")})
	catalog.Describe("takeaway", catalog.About{Players: two, Source: source,
		Rules: mem("A move takes at least one token and at most R times the number the previous move took (so none after a memory of 0)."),
		Variants: []catalog.Param{{Name: "r", Label: "R (2 is Fibonacci Nim)", Kind: catalog.ParamText, Default: "2",
			Note: "a whole number or a fraction, like 3/2"}},
		SpecFormat: "takeaway:{r}",
	})
}
