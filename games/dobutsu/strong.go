package dobutsu

import "github.com/grundy-go/grundy/catalog/strong"

// Strong binds Dobutsu shogi to the tier solver and its databases
// (grundy db build dobutsu): one loopy tier, ranked by orbits of the
// rotation with the sides swapped and the mirror; positions read and
// written as Solve does, moves labelled in shogi notation.
func (in instance) Strong() strong.Game {
	return strong.Bind(strong.Binding[Pos]{
		Spec: in.Spec(),
		Game: in.g,
		Parse: func(tokens []string) (Pos, string, error) {
			p, err := in.parse(tokens)
			return p, in.g.Format(p), err
		},
		// The position's text holds the hands after the grid.
		MoveBoards: true,
		Label: func(p, q Pos) string {
			if m, ok := in.g.MoveTo(p, q); ok {
				return Label(m)
			}
			return ""
		},
	})
}

var _ strong.Tierable = instance{}
