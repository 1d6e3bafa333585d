package staircase

import (
	"context"

	"github.com/grundy-go/grundy/catalog"
)

// Misère play (solve --misere): whoever makes the last shift loses. The
// reduction to Nim on the gaps is normal play's, so the position is
// searched whole under misère play (impartialgame.Searched.SolveMisere),
// within the search's limits.

var _ catalog.MisereSolver = instance{}

func (g instance) SolveMisere(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	return g.search().SolveMisere(ctx, tokens, opts)
}
