package morris

import (
	"strings"

	"github.com/grundy-go/grundy/catalog/strong"
)

// Strong binds the game to the tier solver and its databases (grundy db
// build morris:N): tiers of men in hand and on the board, loopy in the
// moving phase; positions read and written as Solve does.
func (in instance) Strong() strong.Game {
	return strong.Bind(strong.Binding[Pos]{
		Spec: in.Spec(),
		Game: in.g,
		Parse: func(tokens []string) (Pos, string, error) {
			p, err := in.g.Parse(strings.Join(tokens, " "))
			return p, in.g.Format(p), err
		},
		// Positions are written point by point, not as the grid's rows.
		MoveBoards: true,
		Label: func(p, q Pos) string {
			if m, ok := in.g.MoveTo(p, q); ok {
				return in.g.Label(m)
			}
			return ""
		},
	})
}

var _ strong.Tierable = instance{}
