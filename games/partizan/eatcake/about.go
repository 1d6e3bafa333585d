package eatcake

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("eatcake", catalog.About{
		Players: []string{"Left", "Right"},
		Rules:   "Eatcake: rectangular cakes; Left eats a whole column of one cake, Right a whole row, which may leave two cakes. Either player may move first; the player who cannot move loses.",
		Source:  "Berlekamp, Conway and Guy, Winning Ways (Eatcake)",
	})
}
