package toppling

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("toppling-dominoes", catalog.About{
		Players: []string{"Left", "Right"},
		Rules: "Toppling Dominoes: rows of blue (Left's), red (Right's) and green (either's) dominoes. A move topples one of your " +
			"dominoes to the left or to the right; it and every domino on that side of it fall and leave the game. Either player may move first; the player who cannot move loses.",
		Source: "A. Fink, R. J. Nowakowski, A. N. Siegel and D. Wolfe, \"Toppling conjectures\", Games of No Chance 4 (2015)",
	})
}
