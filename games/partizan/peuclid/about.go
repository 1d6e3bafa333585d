package peuclid

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About).
func init() {
	catalog.Describe("partizan-euclid", catalog.About{
		Players: []string{"Left", "Right"},
		Rules: "Partizan Euclid: a pair of positive whole numbers p,q. When q divides p the game is over; otherwise Left's one move " +
			"is to q,(p mod q) and Right's to q,(q − p mod q). Either player may move first; the player who cannot move loses.",
		Source: "R. J. Nowakowski and N. McKay; CGSuite's example PartizanEuclid.cgs",
	})
}
