package catalog

import (
	"context"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/impartial"
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
	} else if len(parts) > 1 && !sumWithin(ctx, g, parts, maxSumMoves) {
		return nil, nil
	}
	return s.remoteness(ctx, parts)
}

// sumWithin reports whether a sum of parts of a game whose moves do not
// split has at most limit positions, judged before any search: it has at
// most the product of the numbers of positions its parts reach. A give-up
// found this way costs a few small searches instead of a whole budget.
func sumWithin[P comparable](ctx context.Context, g game.Game[P], parts []P, limit int) bool {
	bound := 1
	for _, p := range parts {
		part := impartial.New(g, impartial.Options{MaxStates: limit})
		if _, err := part.Grundy(ctx, p); err != nil {
			return false
		}
		if bound *= part.States(); bound > limit {
			return false
		}
	}
	return true
}
