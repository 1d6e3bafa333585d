package impartialgame

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
)

// MisereOracle answers the misère outcome of a sum without a search, from
// a proven theory of the game (a misère quotient, a closed form). Lost
// reports whether the player to move loses the sum; ok is false when the
// oracle cannot answer that sum (a part beyond what it covers).
type MisereOracle[P comparable] struct {
	Lost   func(parts []P) (lost, ok bool)
	Method string // how it answers, for the report
}

// SolveMisere solves the position under misère play (the player who makes
// the last move loses) by a search of the whole sum.
func (s *Searched[P]) SolveMisere(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.ClosedForm {
		return nil, catalog.RefuseMethod(s.Name, catalog.ClosedForm, "%s has no closed form under misère play here", s.Name)
	}
	comps, err := s.Parse(tokens)
	if err != nil {
		return nil, err
	}
	return s.SolveMisereComponents(ctx, comps, opts, nil)
}

// SolveMisereComponents solves the sum of comps under misère play.
//
// A misère sum is not decided by its parts' Sprague–Grundy values, so the
// sum is searched as one game (SumSearch with misère play: the player who
// cannot move wins), on multisets of components without the components
// that have no moves (a game with no moves is the identity of the
// disjunctive sum under either convention), within opts.MaxStates sums
// memoized and opts.Memory. When oracle is not nil and answers, the
// outcome and the winning moves come from it (a move wins when it leaves a
// sum the oracle says is lost), and the search only adds the remoteness,
// within SumSearch's small budgets; its outcome, when it finishes, must
// agree with the oracle's, or that is reported as an internal error.
func (s *Searched[P]) SolveMisereComponents(ctx context.Context, comps []P, opts catalog.Options, oracle *MisereOracle[P]) (*catalog.Report, error) {
	r := &catalog.Report{Game: s.Name, Position: s.FormatSum(comps), Extra: map[string]any{"misere": true}}
	if oracle != nil {
		if lost, ok := oracle.Lost(comps); ok {
			return s.misereFromOracle(ctx, comps, opts, oracle, lost, r)
		}
	}
	ss := NewSumSearch(s.Game, s.Format, true, opts.Memory)
	defer ss.Release()
	limit := catalog.StateCap(opts)
	ss.maxEntries, ss.budget, ss.work = limit, math.MaxInt, math.MaxInt64
	ss.progress = opts.Progress
	verdict := func(next []P) (bool, int, error) {
		win, rem, err := ss.solve(ctx, ss.canon(next))
		if errors.Is(err, errSumBudget) {
			if ss.overMemory {
				return false, 0, budget.Exceed(budget.Memory, opts.Memory.Limit(), "the misère search of this sum ran out of its memory budget")
			}
			return false, 0, budget.Exceed(budget.States, int64(limit), "the misère search of this sum explored more than %d sums without finishing", limit)
		}
		return win, rem, err
	}
	win, rem, err := verdict(comps)
	if err != nil {
		return nil, err
	}
	r.Outcome, r.Remoteness = outcomeLetter(win), &rem
	r.Method = fmt.Sprintf("search of the whole sum under misère play (%d sums)", len(ss.memo))
	var moves []string
	var distinct catalog.MoveSet
	for i, c := range comps {
		for opt := range s.Game.Options(c) {
			next := replaceComponent(comps, i, opt)
			w, _, err := verdict(next)
			if err != nil {
				return nil, err
			}
			if !w && distinct.Add(s.Format(c), s.texts(opt)...) {
				moves = append(moves, s.FormatSum(next))
			}
		}
	}
	r.AddMoves(len(moves), func(i int) string { return moves[i] })
	r.Notes = append(r.Notes, "misère play: the player who makes the last move loses; a misère sum is not a nim-sum, so there is no Grundy value")
	return r, nil
}

func (s *Searched[P]) misereFromOracle(ctx context.Context, comps []P, opts catalog.Options, oracle *MisereOracle[P], lost bool, r *catalog.Report) (*catalog.Report, error) {
	r.Outcome = outcomeLetter(!lost)
	r.Method = oracle.Method
	var moves []string
	var distinct catalog.MoveSet
	any := false
	for i, c := range comps {
		for opt := range s.Game.Options(c) {
			any = true
			next := replaceComponent(comps, i, opt)
			l, ok := oracle.Lost(next)
			if !ok {
				return nil, fmt.Errorf("internal error: the misère oracle answers %s but not its option %s", r.Position, s.FormatSum(next))
			}
			if l && distinct.Add(s.Format(c), s.texts(opt)...) {
				moves = append(moves, s.FormatSum(next))
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// Lost exactly when there are moves and none wins (with no move at
	// all, the opponent moved last and lost).
	if lost != (any && len(moves) == 0) {
		return nil, fmt.Errorf("internal error: the misère oracle says %s is %s but finds %d winning moves", r.Position, r.Outcome, len(moves))
	}
	r.AddMoves(len(moves), func(i int) string { return moves[i] })
	// The remoteness by a search of the sum, when it is small enough.
	ss := NewSumSearch(s.Game, s.Format, true, opts.Memory)
	defer ss.Release()
	win, rem, err := ss.solve(ctx, ss.canon(comps))
	switch {
	case errors.Is(err, errSumBudget):
		r.Notes = append(r.Notes, "the remoteness is unknown: the sum is too large to search whole")
	case err != nil:
		return nil, err
	case win == lost:
		return nil, fmt.Errorf("internal error: %s %s under misère play: %s says %s, the search of the sum says %s", r.Game, r.Position, oracle.Method, r.Outcome, outcomeLetter(win))
	default:
		r.Remoteness = &rem
	}
	r.Notes = append(r.Notes, "misère play: the player who makes the last move loses; a misère sum is not a nim-sum, so there is no Grundy value")
	return r, nil
}

func outcomeLetter(win bool) string {
	if win {
		return "N"
	}
	return "P"
}

// replaceComponent returns comps with the component at i replaced by parts,
// in its place.
func replaceComponent[P any](comps []P, i int, parts []P) []P {
	out := make([]P, 0, len(comps)-1+len(parts))
	out = append(out, comps[:i]...)
	out = append(out, parts...)
	return append(out, comps[i+1:]...)
}
