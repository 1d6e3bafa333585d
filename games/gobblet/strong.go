package gobblet

import (
	"strings"

	"github.com/grundy-go/grundy/catalog/strong"
)

// Strong binds Gobblet Gobblers to the tier solver and its databases
// (grundy db build gobblet): tiers of pieces placed, loopy; one record
// for each class of positions up to the 16 symmetries (tier.go).
func (in instance) Strong() strong.Game {
	return strong.Bind(strong.Binding[Pos]{
		Spec: in.Spec(),
		Game: in.g,
		Parse: func(tokens []string) (Pos, string, error) {
			p, err := in.g.Parse(strings.Join(tokens, " "))
			return p, in.g.Format(p), err
		},
		// Positions are written stack by stack, not as the grid's rows.
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
