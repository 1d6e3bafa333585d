package tictactoe

import "github.com/grundy-go/grundy/catalog/strong"

// Strong binds tic-tac-toe to the tier solver and its databases (grundy
// db build tictactoe): positions read and written as Solve does.
func (instance) Strong() strong.Game {
	return strong.Bind(strong.Binding[Pos]{
		Spec: "tictactoe",
		Game: Game{},
		Parse: func(tokens []string) (Pos, string, error) {
			p, err := parseTokens(tokens)
			return p, Game{}.Format(p), err
		},
	})
}

var _ strong.Tierable = instance{}
