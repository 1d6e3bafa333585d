package fibnim

import (
	"context"

	"github.com/grundy-go/grundy/catalog"
)

// Misère play (solve --misere): whoever takes the last token loses.
// Zeckendorf's strategy is normal play's, so the position is searched
// under misère play (impartialgame.Searched.SolveMisere), within the
// search's limits on the number of tokens and positions.

var _ catalog.MisereSolver = instance{}

func (g instance) SolveMisere(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	return g.search().SolveMisere(ctx, tokens, opts)
}
