package maundy

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("maundy-cake", catalog.About{
		Players: []string{"Left", "Right"},
		Rules: "Maundy Cake: rectangular cakes; Left divides one cake's width into equal pieces, Right its height, any number of " +
			"pieces that divides it. Either player may move first; the player who cannot move loses.",
		Source: "Berlekamp, Conway and Guy, Winning Ways, ch. 2 (Maundy Cake)",
	})
}
