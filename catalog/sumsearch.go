package catalog

import (
	"context"

	"github.com/grundy-go/grundy/game"
)

// The remoteness of a disjunctive sum is not a function of the
// remotenesses of its parts (Winning Ways ch. 9 gives rules only for the
// conjunctive and selective compounds), so for a sum it is found by
// searching the sum itself (sumSearch, in explore.go), which is
// exponential in the number of parts: it is tried only for small sums,
// within sumSearch's move budget, and past it the remoteness is reported
// as unknown.
const sumSearchMaxParts = 8

// splitSumMoves is the move budget when moves split parts: such sums grow
// with every split, nothing bounds them in advance, and most searches
// that finish need a few thousand moves, so a give-up should cost little.
const splitSumMoves = 50_000

// sumRemoteness returns the remoteness of the sum of parts under normal
// play, or nil when the sum is too large to search.
func sumRemoteness[P comparable](ctx context.Context, g game.Game[P], format func(P) string, parts []P) (*int, error) {
	if len(parts) > sumSearchMaxParts {
		return nil, nil
	}
	s := newSumSearch(g, format, false)
	if _, splits := g.(game.Splitting[P]); splits {
		s.budget = splitSumMoves
	}
	return s.remoteness(ctx, parts)
}
