package gobblet

import (
	"strings"

	"github.com/grundy-go/grundy/catalog"
)

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("gobblet", catalog.About{
		Players: []string{"Blue", "Orange"},
		Rules: "Gobblet Gobblers: a 3×3 board; Blue and Orange each have two small, two medium and two large pieces. A turn places " +
			"a piece from your reserve or moves one of your visible pieces, onto an empty square or over any smaller piece of either " +
			"colour (gobbling it). Three of your visible pieces in a line win; a move that uncovers a line of the opponent's loses, " +
			"even if it makes one of yours. Play that never ends is a draw.",
		Source: "Blue Orange Games (2003); J. Farmer, \"Strongly solving Gobblet Gobblers\" (Possibly Wrong, 2024)",
		Variants: []catalog.Param{
			{Name: "sizes", Label: "sizes of piece", Kind: catalog.ParamInt, Min: 1, Max: 3, Default: "3"},
			{Name: "per", Label: "pieces of each size", Kind: catalog.ParamInt, Min: 1, Max: 2, Default: "2",
				Note: "the full game is too large to search from the start: serve a database (grundy db build gobblet) to play it"},
		},
		SpecFormat: "gobblet:{sizes},{per}",
	})
}

var _ catalog.Turner = instance{}

// ToMove is 0 when Blue is to move, 1 when Orange is.
func (in instance) ToMove(tokens []string) (int, error) {
	p, err := in.g.Parse(strings.Join(tokens, " "))
	if err != nil {
		return 0, err
	}
	if p.OrangeToMove() {
		return 1, nil
	}
	return 0, nil
}
