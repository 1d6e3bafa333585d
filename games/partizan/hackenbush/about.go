package hackenbush

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("hackenbush", catalog.About{
		Players: []string{"Left", "Right"},
		Rules: "Hackenbush on stalks and trees: edges stand on the ground, blue (Left's), red (Right's) and green (either's). A move removes " +
			"one of your own edges or a green one, and everything no longer joined to the ground falls. Either player may move first; the player who cannot move loses.",
		Source: "Berlekamp, Conway and Guy, Winning Ways, ch. 1; Siegel, Combinatorial Game Theory, ch. I",
	})
	catalog.Describe("hackenbush-graph", catalog.About{
		Players: []string{"Left", "Right"},
		Rules: "Blue-Red-Green Hackenbush on any drawing: Left cuts a blue or a green edge, Right a red or a green one, and " +
			"whatever no longer reaches the ground falls. Either player may move first; the player who cannot move loses.",
		Source: "Berlekamp, Conway and Guy, Winning Ways, ch. 1 and 7",
	})
	catalog.Describe("childish-hackenbush", catalog.About{
		Players: []string{"Left", "Right"},
		Rules: "Childish Hackenbush: as Hackenbush on a drawing (Left cuts blue or green edges, Right red or green), but a blue " +
			"or red edge may be cut only when its cut makes nothing else fall; a green edge may be cut whatever falls (CGSuite's rule). " +
			"The variant 'all' binds green edges by the childish rule too. Either player may move first; the player who cannot move loses.",
		Source: "Berlekamp, Conway and Guy, Winning Ways (Childish Hackenbush); the default reading is CGSuite's game.graph.ChildishHackenbush " +
			"(GenHackenbush with childishEdges => [Blue, Red]); 'all' applies the rule to every edge, as grundy did before",
		Variants: []catalog.Param{{Name: "rule", Label: "edges the childish rule binds", Kind: catalog.ParamChoice, Default: "cgsuite",
			Choices: []catalog.Choice{{Value: "cgsuite", Label: "blue and red (CGSuite)"}, {Value: "all", Label: "every edge, green too"}}}},
		SpecFormat: "childish-hackenbush:{rule}",
	})
	catalog.Describe("green-hackenbush", catalog.About{
		Players: []string{"first player", "second player"},
		Rules: "Green Hackenbush: a drawing of green edges on the ground; on a turn either player cuts an edge, and whatever no " +
			"longer reaches the ground falls. The player who cannot move loses. Values follow from the colon and fusion principles.",
		Source: "Berlekamp, Conway and Guy, Winning Ways, ch. 7",
		Variants: []catalog.Param{{Name: "ground", Label: "the ground's vertex", Kind: catalog.ParamChoice, Default: "0",
			Choices: []catalog.Choice{{Value: "0", Label: "vertex 0 (vertices numbered from 0)"}, {Value: "1", Label: "vertex 1 (vertices numbered from 1)"}}}},
		SpecFormat: "green-hackenbush:{ground}",
	})
}
