package moore

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("moore", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "Moore's Nim_K: heaps of tokens; on a turn a player takes tokens from at least one and at most K heaps, any positive " +
			"number from each. The player who takes the last token wins. The player to move loses exactly when, written in binary, " +
			"every column of the heap sizes adds up to a multiple of K+1.",
		Source:     "E. H. Moore, \"A generalization of the game called nim\", Annals of Mathematics 11 (1910) 93–94",
		Variants:   []catalog.Param{{Name: "k", Label: "most heaps a move takes from (K)", Kind: catalog.ParamInt, Min: 1, Max: maxMooreK, Default: "2"}},
		SpecFormat: "moore:{k}",
	})
}
