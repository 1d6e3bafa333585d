package dobutsu

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players and its rules with their source.
func init() {
	catalog.Describe("dobutsu", catalog.About{
		Players: []string{"Sente", "Gote"},
		Rules: "Dobutsu shogi: a board of 3 files by 4 ranks; each player has a lion, a giraffe, an elephant and a chick. Every piece " +
			"steps one cell: the lion any way, the giraffe orthogonally, the elephant diagonally, the chick straight forward (on the " +
			"far rank it becomes a hen, which steps any way but diagonally back). Stepping onto an opponent's piece takes it into " +
			"your hand (a hen as a chick); instead of stepping you may drop a piece from your hand on any empty cell. Taking the " +
			"opponent's lion wins, and so does bringing your lion to the far rank where it cannot be taken at once. Play that never ends is a draw.",
		Source: "Madoka Kitao and Maiko Fujita (2008), rules at doubutsushogi.jp; T. Tanaka, \"An Analysis of a Board Game 'Doubutsu Shogi'\" (2009)",
	})
}

var _ catalog.Turner = instance{}

// ToMove is 0 when Sente is to move, 1 when Gote is.
func (in instance) ToMove(tokens []string) (int, error) {
	p, err := in.parse(tokens)
	if err != nil {
		return 0, err
	}
	return p.Mover(), nil
}
