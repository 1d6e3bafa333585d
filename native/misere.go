package native

import (
	"context"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
	"github.com/grundy-go/grundy/game"
)

// Misère play of a game written in Go (solve GAME.go POS --misere): the
// player who makes the last move loses. Whole positions are searched,
// through Key, as a script with misere = True is (Split is not used: a
// misère sum is not decided by its parts' values, and what Split calls
// components may not even be a sum under misère play — two heads-up coins
// of a coin-turning game "cancel" only under normal play).

var _ catalog.MisereSolver = (*instance[int])(nil)

func (in *instance[P]) SolveMisere(ctx context.Context, tokens []string, opts catalog.Options) (r *catalog.Report, err error) {
	if opts.Method == catalog.ClosedForm {
		return nil, catalog.RefuseMethod(in.name, catalog.ClosedForm, "%s has no closed form: it is searched", in.name)
	}
	err = in.atPosition(ctx, tokens, opts, func(_ *session[P], p P) error {
		search := &impartialgame.Searched[P]{Name: in.name, Format: func(p P) string { return format(in.d, p) },
			Game: game.AsSplitting[P](plainGame[P]{in.d})}
		var err error
		r, err = search.SolveMisereComponents(ctx, []P{p}, opts, nil)
		return err
	})
	return r, err
}
