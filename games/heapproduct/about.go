package heapproduct

import "github.com/grundy-go/grundy/catalog"

// What the games say about themselves to a person (catalog.About): their
// players, their rules with their source and the variants a person picks.
func init() {
	two := []string{"first player", "second player"}
	const factors = " R and S are heap games (tb:CODE, octal:CODE, subtract:S, nim, kayles, …) or turning:CODE, a coin-turning " +
		"code's heap form (a move from the heap c leaves the heaps of the other coins it turns, as CGSuite's Spawning)."
	catalog.Describe("acrostic", catalog.About{
		Players: two,
		Rules: "Positions are pairs (m, n). A move plays R on m — for a move of R from a heap of m to heaps a1 … ak it leaves " +
			"(a1, n) + … + (ak, n) — or plays S on n likewise. Several pairs are played as a sum. The player who cannot move loses." + factors,
		Source: "Berlekamp, Conway and Guy, Winning Ways, ch. 14 (acrostic products); CGSuite's HeapRuleset.AcrosticProduct",
		Variants: []catalog.Param{{Name: "factors", Label: "R/S", Kind: catalog.ParamText, Default: "nim/tb:4!.0",
			Note: "two heap games joined by /"}},
		SpecFormat: "acrostic:{factors}",
	})
	catalog.Describe("direct", catalog.About{
		Players: two,
		Rules: "Positions are pairs (m, n). A move plays R on m and S on n at once: for moves of R from m to a1 … ak and of S " +
			"from n to b1 … bl it leaves the sum of (ai, n), (m, bj) and (ai, bj) over all i and j. Several pairs are played " +
			"as a sum. The player who cannot move loses; (m, n) is worth the nim product of R's value of m and S's of n (the Tartan Theorem)." + factors,
		Source: "Berlekamp, Conway and Guy, Winning Ways, ch. 14 (the Tartan Theorem); CGSuite's HeapRuleset.DirectProduct",
		Variants: []catalog.Param{{Name: "factors", Label: "R/S", Kind: catalog.ParamText, Default: "nim/octal:0.77",
			Note: "two heap games joined by /"}},
		SpecFormat: "direct:{factors}",
	})
}
