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
}
