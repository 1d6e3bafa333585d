package subtraction

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("bash", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "Bash's game: one or more heaps of tokens; on a turn a player takes from 1 to M tokens from one heap. The player who " +
			"takes the last token wins. A single heap is lost by the player to move exactly when its size is a multiple of M+1.",
		Source:     "Berlekamp, Conway and Guy, Winning Ways for your Mathematical Plays, ch. 4 (subtraction games)",
		Variants:   []catalog.Param{{Name: "m", Label: "most tokens a move takes (M)", Kind: catalog.ParamInt, Min: 1, Max: 1_000_000, Default: "3"}},
		SpecFormat: "bash:{m}",
	})
	catalog.Describe("misere-bash", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "Bash's game under misère play: one heap of tokens; on a turn a player takes from 1 to M tokens. The player who " +
			"takes the last token loses, so the player to move loses exactly when the heap's size is 1 more than a multiple of M+1.",
		Source:     "Berlekamp, Conway and Guy, Winning Ways, ch. 4 and ch. 13 (misère play)",
		Variants:   []catalog.Param{{Name: "m", Label: "most tokens a move takes (M)", Kind: catalog.ParamInt, Min: 1, Max: 1_000_000, Default: "3"}},
		SpecFormat: "misere-bash:{m}",
	})
	catalog.Describe("subtract", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "A subtraction game: heaps of tokens and a set S of amounts; on a turn a player takes s tokens from one heap, for some s " +
			"in S that the heap holds. The player who cannot move loses. Every such game's values repeat with a period.",
		Source: "Berlekamp, Conway and Guy, Winning Ways, ch. 4 (subtraction games)",
		Variants: []catalog.Param{{Name: "set", Label: "the amounts a move may take (S, comma-separated)", Kind: catalog.ParamText, Default: "1,3,4",
			Note: "positive whole numbers separated by commas"}},
		SpecFormat: "subtract:{set}",
	})
	catalog.Describe("fib", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "Heaps of tokens; on a turn a player takes a Fibonacci number of tokens (1, 2, 3, 5, 8, 13, …) from one heap. " +
			"The player who cannot move loses; several heaps are played as a sum.",
		Source: "HDU 1848 \"Fibonacci again and again\"; Winning Ways, ch. 4 (subtraction games)",
	})
}
