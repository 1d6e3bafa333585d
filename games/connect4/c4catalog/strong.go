package c4catalog

import (
	"github.com/grundy-go/grundy/games/connect4"

	"github.com/grundy-go/grundy/catalog/strong"
)

// Strong binds the game to the tier solver and its databases (grundy db
// build connect4:WxH): positions read as Solve reads them, and a winning
// move written as Solve writes it, the moves so far and the column.
func (in instance) Strong() strong.Game {
	return strong.Bind(strong.Binding[connect4.Board]{
		Spec:  in.Spec(),
		Game:  in.g,
		Parse: in.parse,
		Child: in.moveText,
		// A position is the moves played to it from the empty board
		// (FromMoves refuses a move into a full column or after a
		// line), so every one a lookup asks for is reachable.
		Played: true,
	})
}

var _ strong.Tierable = instance{}
