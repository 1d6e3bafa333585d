package circle

import (
	"context"

	"github.com/grundy-go/grundy/catalog"
)

// Misère play (solve --misere): whoever takes the last coin loses. The
// symmetry strategy is normal play's (its mirror move can be the last
// one), so a circle, or a sum of lines, is searched whole under misère
// play (impartialgame.Searched.SolveMisere: a sum is one game, never a
// combination of its parts' values), within the search's limits.

var _ catalog.MisereSolver = (*instance)(nil)

func (g *instance) SolveMisere(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	return nameEmpty(g.search().SolveMisere(ctx, tokens, opts))
}

// nameEmpty writes a winning move that leaves no coin as "empty" (the
// search writes an empty sum as "").
func nameEmpty(r *catalog.Report, err error) (*catalog.Report, error) {
	if err != nil {
		return nil, err
	}
	for i, m := range r.WinningMoves {
		if m == "" {
			r.WinningMoves[i] = "empty"
		}
	}
	return r, nil
}
