package teeko

import (
	"strings"

	"github.com/grundy-go/grundy/catalog/strong"
)

// Strong binds Teeko to the tier solver and its databases (grundy db
// build teeko, teeko:advanced): the drop tiers are acyclic, the move
// phase one loopy tier solved by retrograde analysis within it;
// positions read and written as Solve does.
func (in instance) Strong() strong.Game {
	return strong.Bind(strong.Binding[Pos]{
		Spec: in.Spec(),
		Game: in.g,
		Parse: func(tokens []string) (Pos, string, error) {
			p, err := in.g.Parse(strings.Join(tokens, " "))
			return p, in.g.Format(p), err
		},
	})
}

var _ strong.Tierable = instance{}
