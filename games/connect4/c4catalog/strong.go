package c4catalog

import (
	"strconv"

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
		Child: func(text string, p, q connect4.Board) string {
			for c := range in.g.S.W {
				if in.g.S.CanPlay(p, c) && in.g.S.Play(p, c) == q {
					return text + strconv.Itoa(c+1)
				}
			}
			return in.g.Format(q)
		},
	})
}

var _ strong.Tierable = instance{}
