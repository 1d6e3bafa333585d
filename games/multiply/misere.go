package multiply

import (
	"context"

	"github.com/grundy-go/grundy/catalog"
)

// Misère play (solve --misere): the first player to make p ≥ N loses
// (the move that reaches N is the last move). The game is searched under
// misère play (impartialgame.Searched.SolveMisere), within the search's
// limits on N.

var _ catalog.MisereSolver = (*instance)(nil)

func (g *instance) SolveMisere(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	return g.search().SolveMisere(ctx, tokens, opts)
}
