package catalog

import (
	"context"
	"encoding/binary"
	"errors"
	"iter"
	"slices"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/impartial"
)

// The remoteness of a disjunctive sum is not a function of the
// remotenesses of its parts (Winning Ways ch. 9 gives rules only for the
// conjunctive and selective compounds), so for a sum it is found by
// searching the sum itself as one game. That is exponential in the number
// of parts, so it is tried only for small sums and within a small budget;
// past it, the remoteness is reported as unknown.
const (
	sumSearchMaxParts  = 8
	sumSearchMaxStates = 200_000
	sumSearchMaxMoves  = 4_000_000 // states alone do not bound the work: a Nim heap of 900 has 900 moves

	// When moves split parts, the sum's positions are not bounded by the
	// parts' (a split adds parts), so nothing can be judged in advance:
	// the search gets a budget that keeps a give-up under a second.
	splitSearchMaxStates = 20_000
	splitSearchMaxMoves  = 300_000
)

// sumGame is a disjunctive sum searched as one game. A position is the
// multiset of its parts, each interned to a small id, written as the sorted
// ids in a string (a comparable key built without formatting). Parts with
// no moves are left out: they change nothing in a sum.
type sumGame[P comparable] struct {
	options  func(P) iter.Seq[[]P]
	ids      map[P]uint32
	parts    []P
	moves    int                // moves generated so far
	maxMoves int                // the move budget
	abort    context.CancelFunc // called once moves passes the budget
}

func newSumGame[P comparable](g game.Game[P]) *sumGame[P] {
	return &sumGame[P]{options: game.AsSplitting(g).Options, ids: map[P]uint32{}}
}

func (s *sumGame[P]) intern(p P) uint32 {
	id, ok := s.ids[p]
	if !ok {
		id = uint32(len(s.parts))
		s.ids[p] = id
		s.parts = append(s.parts, p)
	}
	return id
}

// terminal reports whether part p has no moves.
func (s *sumGame[P]) terminal(p P) bool {
	for range s.options(p) {
		return false
	}
	return true
}

// key writes a multiset of ids as a sorted byte string.
func key(ids []uint32) string {
	slices.Sort(ids)
	b := make([]byte, 4*len(ids))
	for i, id := range ids {
		binary.BigEndian.PutUint32(b[4*i:], id)
	}
	return string(b)
}

func (s *sumGame[P]) position(parts []P) string {
	var ids []uint32
	for _, p := range parts {
		if !s.terminal(p) {
			ids = append(ids, s.intern(p))
		}
	}
	return key(ids)
}

func (s *sumGame[P]) Moves(k string) iter.Seq[string] {
	return func(yield func(string) bool) {
		n := len(k) / 4
		ids := make([]uint32, n)
		for i := range ids {
			ids[i] = binary.BigEndian.Uint32([]byte(k[4*i:]))
		}
		for i := range ids {
			if i > 0 && ids[i] == ids[i-1] {
				continue // the same part again: the same moves
			}
			for opt := range s.options(s.parts[ids[i]]) {
				next := slices.Concat(ids[:i], ids[i+1:])
				for _, q := range opt {
					if !s.terminal(q) {
						next = append(next, s.intern(q))
					}
				}
				if s.moves++; s.moves > s.maxMoves {
					s.abort()
				}
				if !yield(key(next)) {
					return
				}
			}
		}
	}
}

// sumRemoteness returns the remoteness of the sum of parts, or nil when the
// sum is too large to search: when the product of the numbers of positions
// its parts reach is over the budget, or the search makes more moves than
// its budget allows.
func sumRemoteness[P comparable](ctx context.Context, g game.Game[P], parts []P) (*int, error) {
	if len(parts) > sumSearchMaxParts {
		return nil, nil
	}
	maxStates, maxMoves := sumSearchMaxStates, sumSearchMaxMoves
	if _, splits := g.(game.Splitting[P]); splits {
		maxStates, maxMoves = splitSearchMaxStates, splitSearchMaxMoves
	}
	// Without splits, the sum has at most the product of the parts'
	// reachable positions: when that is over the budget, do not start.
	// (With splits it is no bound, only a sign of a sum too big to try.)
	bound := 1
	for _, p := range parts {
		part := impartial.New(g, impartial.Options{MaxStates: sumSearchMaxStates})
		var tooMany *impartial.TooManyStatesError
		if _, err := part.Grundy(ctx, p); errors.As(err, &tooMany) {
			return nil, nil
		} else if err != nil {
			return nil, err
		}
		if bound *= part.States(); bound > sumSearchMaxStates {
			return nil, nil
		}
	}
	sg := newSumGame(g)
	budget, cancel := context.WithCancel(ctx)
	defer cancel()
	sg.abort, sg.maxMoves = cancel, maxMoves
	solver := impartial.New[string](sg, impartial.Options{MaxStates: maxStates})
	r, err := solver.Remoteness(budget, sg.position(parts))
	var tooMany *impartial.TooManyStatesError
	switch {
	case errors.As(err, &tooMany):
		return nil, nil
	case err != nil && ctx.Err() == nil && budget.Err() != nil:
		return nil, nil // over the move budget
	case err != nil:
		return nil, err
	case r == impartial.UnknownRemoteness:
		return nil, nil
	}
	return &r, nil
}
