package pig

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("pig", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "Pig: two players race to a goal of N points (100 in the usual game). On a turn a player rolls a die as often as " +
			"they like, adding each roll to a turn total; a roll of 1 loses the turn total and ends the turn, and holding banks " +
			"the turn total and ends the turn. The first to bank N points wins.",
		Source:     "T. W. Neller and C. G. M. Presser, \"Optimal play of the dice game Pig\", The UMAP Journal 25(1) (2004) 25–47",
		Variants:   []catalog.Param{{Name: "goal", Label: "goal (N points)", Kind: catalog.ParamInt, Min: 1, Max: MaxGoal, Default: "100"}},
		SpecFormat: "pig:{goal}",
	})
}
