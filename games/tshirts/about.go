package tshirts

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("tshirts", catalog.About{
		Players: []string{"player 1", "player 2", "player 3"},
		Rules: "T-Shirts: n shirts and three players, each with a strict order of preference over the shirts. Players 1, 2, 3, " +
			"1, … take turns to delete one shirt until one remains; each plays to make the last shirt as good as possible for " +
			"itself, knowing the others do the same.",
		Source: "grundy's classic problems (PROBLEMS.md, item 18); solved by backward induction (H. W. Kuhn, \"Extensive games and the problem of information\", 1953)",
	})
}
