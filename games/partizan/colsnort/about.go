package colsnort

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("col", catalog.About{
		Players: []string{"Left", "Right"},
		Rules: "Col: the vertices of a graph (a strip by default) are coloured in turn: Left colours an empty vertex blue, Right " +
			"one red, but no vertex may get the colour of a neighbour. Either player may move first; the player who cannot move loses.",
		Source: "Invented by Colin Vout; Berlekamp, Conway and Guy, Winning Ways, ch. 2",
	})
	catalog.Describe("snort", catalog.About{
		Players: []string{"Left", "Right"},
		Rules: "Snort: the vertices of a graph (a strip by default) are coloured in turn: Left colours an empty vertex blue, Right " +
			"one red, but no vertex may get a colour other than its neighbours' (blue never beside red). Either player may move first; the player who cannot move loses.",
		Source: "Invented by Simon Norton; Berlekamp, Conway and Guy, Winning Ways, ch. 2",
	})
	catalog.Describe("fjords", catalog.About{
		Players: []string{"Left", "Right"},
		Rules: "Fjords: a graph whose vertices may be tinted blue or red. Left colours a vertex tinted blue (and not red), Right one " +
			"tinted red (and not blue). A coloured vertex leaves the graph and tints its untinted neighbours with its colour; a neighbour " +
			"tinted the other colour, now tinted both, leaves too. Either player may move first; the player who cannot move loses.",
		Source: "CGSuite's game.graph.Fjords (its GenCol with Left allowed only on blue-tinted vertices, Right only on red-tinted ones)",
	})
}
