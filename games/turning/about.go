package turning

import (
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
	const source = "Berlekamp, Conway and Guy, Winning Ways for your Mathematical Plays, ch. 14 (Turning Turtles and other coin-turning games); turning codes as CGSuite's game.strip.Turning writes them"
	two := []string{"first player", "second player"}
	catalog.Describe("turning", catalog.About{
		Players: two,
		Rules: rules("the coins the turning code allows: parts joined by commas, each K (exactly K coins), A-B or A+ (A or more), then " +
			"modifiers: C (consecutive coins), C(n) (within n adjacent coins), E (equally spaced), S (symmetrically placed), " +
			"F (the leftmost coin, coin 1, among them)"),
		Source: source,
		Variants: []catalog.Param{{Name: "code", Label: "turning code (1-3 Mock Turtles, 2 Twins, 1+C Ruler, 3E Turnips, 4FS Grunt, 1-3C(5) Mock Turtle Fives)", Kind: catalog.ParamText,
			Default: "1-4"}},
		SpecFormat: "turning:{code}",
	})
	for _, n := range named {
		r, err := ParseRule(n.code)
		if err != nil {
			panic(err)
		}
		catalog.Describe(n.name, catalog.About{Players: two, Rules: rules(r.Words()[len("turn "):]), Source: source})
	}
}
