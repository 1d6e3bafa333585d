package turning

import (
	"strconv"

	"github.com/grundy-go/grundy/catalog"
)

// What the games say about themselves to a person (catalog.About): their
// players, their rules with their source and the variants a person picks.
func init() {
	rules := func(turn string) string {
		return "A row of coins, some heads up. A move turns over " + turn + "; the rightmost coin turned must go from heads " +
			"to tails (the others may go either way). The player who cannot move loses. By the coin-turning theorem a row is " +
			"worth the nim-sum of its heads-up coins' values, each as if it lay alone."
	}
	const source = "Berlekamp, Conway and Guy, Winning Ways for your Mathematical Plays, ch. 14 (Turning Turtles and other coin-turning games)"
	two := []string{"first player", "second player"}
	var choices []catalog.Choice
	for k := 1; k <= MaxTurned; k++ {
		choices = append(choices, catalog.Choice{Value: strconv.Itoa(k), Label: "turn 1 to " + strconv.Itoa(k) + " coins"})
	}
	for k := 1; k <= MaxTurned; k++ {
		choices = append(choices, catalog.Choice{Value: "=" + strconv.Itoa(k), Label: "turn exactly " + strconv.Itoa(k) + " coins"})
	}
	choices = append(choices, catalog.Choice{Value: "run", Label: "turn a run of consecutive coins (Ruler)"})
	catalog.Describe("turning", catalog.About{
		Players:    two,
		Rules:      rules("the coins the rule allows (at most K, exactly K, or any run of consecutive coins)"),
		Source:     source,
		Variants:   []catalog.Param{{Name: "rule", Label: "which coins a move turns", Kind: catalog.ParamChoice, Default: "4", Choices: choices}},
		SpecFormat: "turning:{rule}",
	})
	for _, n := range named {
		turn := map[string]string{"2": "one or two coins", "3": "one, two or three coins", "5": "one to five coins", "7": "one to seven coins",
			"=2": "exactly two coins", "run": "a run of consecutive coins of any length"}[n.rule]
		catalog.Describe(n.name, catalog.About{Players: two, Rules: rules(turn), Source: source})
	}
}
