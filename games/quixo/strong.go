package quixo

import (
	"strings"

	"github.com/grundy-go/grundy/catalog/strong"
)

// Strong binds Quixo to the tier solver and its databases (grundy db
// build quixo:N): its tiers are loopy, solved by retrograde analysis
// within each tier; positions read and written as Solve does.
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
