package arckayles

import "github.com/grundy-go/grundy/catalog"

// What the games say about themselves to a person (catalog.About).
func init() {
	catalog.Describe("arc-kayles", catalog.About{
		Players: []string{"Left", "Right"},
		Rules: "Arc Kayles: on a graph, a move picks an edge and removes both its ends, with every edge they touch. " +
			"Left and Right have the same moves; the player who cannot move loses. On a path it is Dawson's Kayles; with a loop at every vertex of a path, Kayles.",
		Source: "Schaefer, On the complexity of some two-person perfect-information games (1978); CGSuite's game.graph.ArcKayles",
	})
	catalog.Describe("weighted-arc-kayles", catalog.About{
		Players: []string{"Left", "Right"},
		Rules: "Weighted Arc Kayles: each vertex of a graph has a weight; a move picks an edge whose two ends both weigh more " +
			"than 0 and lowers each by one (a loop's one end once). Left and Right have the same moves; the player who cannot move loses. An unlabelled vertex weighs 1.",
		Source: "CGSuite's game.graph.WeightedArcKayles (GenArcKayles with weighted => true)",
	})
	catalog.Describe("partizan-arc-kayles", catalog.About{
		Players: []string{"Left", "Right"},
		Rules: "Partizan Arc Kayles: the edges of a graph are blue (Left's), red (Right's) or green (either's); a player picks an " +
			"edge of hers or a green one and removes both its ends, with every edge they touch. Either may move first; the player who cannot move loses.",
		Source: "CGSuite's game.graph.PartizanArcKayles",
	})
}
