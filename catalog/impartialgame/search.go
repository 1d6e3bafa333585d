package impartialgame

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/impartial"
	"github.com/grundy-go/grundy/outcome"
)

// Searched adapts an impartial game with positions of type P to an
// Instance that answers by exhaustive Sprague–Grundy search. A position on
// the command line is a sum of components, each parsed and formatted by
// the game's own notation.
type Searched[P comparable] struct {
	Name   string                             // the spec, as Spec returns it
	Game   game.Splitting[P]                  // one component's moves (game.AsSplitting for a plain game)
	Parse  func(tokens []string) ([]P, error) // the components of a position
	Format func(P) string                     // one component
	Sep    string                             // between components; " " when empty
}

func (s *Searched[P]) Spec() string { return s.Name }

func (s *Searched[P]) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.ClosedForm {
		return nil, catalog.RefuseMethod(s.Name, catalog.ClosedForm, "%s has no closed form here", s.Name)
	}
	comps, err := s.Parse(tokens)
	if err != nil {
		return nil, err
	}
	return s.SolveComponents(ctx, comps, opts)
}

func (s *Searched[P]) Solver(opts catalog.Options) *impartial.Solver[P] {
	return impartial.NewSplitting(s.Game, impartial.Options{MaxStates: opts.MaxStates, Progress: opts.Progress, Memory: opts.Memory})
}

// SolveComponents searches the sum of comps.
func (s *Searched[P]) SolveComponents(ctx context.Context, comps []P, opts catalog.Options) (*catalog.Report, error) {
	solver := s.Solver(opts)
	parts := solver.Split(comps)
	g, err := solver.SumGrundy(ctx, parts)
	if err != nil {
		return nil, err
	}
	moves, err := solver.WinningMoves(ctx, parts)
	if err != nil {
		return nil, err
	}
	r := &catalog.Report{
		Game:     s.Name,
		Position: s.FormatSum(comps),
		Outcome:  outcome.FromGrundy(g).String(),
		Grundy:   new(big.Int).SetUint64(g),
		Method:   fmt.Sprintf("exhaustive Sprague–Grundy search (%d positions)", solver.States()),
	}
	// One component knows its remoteness unless its moves leave sums;
	// otherwise the sum is searched as one game, when it is small enough.
	rem := impartial.UnknownRemoteness
	if len(parts) == 1 {
		if rem, err = solver.Remoteness(ctx, parts[0]); err != nil {
			return nil, err
		}
	}
	if rem != impartial.UnknownRemoteness {
		r.Remoteness = &rem
	} else if r.Remoteness, err = SumRemoteness(ctx, s.Game, s.Format, parts, opts.Memory); err != nil {
		return nil, err
	}
	moves = s.DistinctMoves(moves, parts)
	r.AddMoves(len(moves), func(i int) string { return s.FormatSum(moves[i].Apply(parts)) })
	return r, nil
}

// DistinctMoves keeps each of a sum's moves once (catalog.MoveSet): in
// Kayles' 3 3, the moves to 1 3 and to 3 1 are one move.
func (s *Searched[P]) DistinctMoves(moves []impartial.Move[P], parts []P) []impartial.Move[P] {
	return catalog.DistinctMoves(moves, func(m impartial.Move[P]) (string, []string) {
		return s.Format(parts[m.Index]), s.texts(m.Result)
	})
}

// texts writes each component in the game's notation.
func (s *Searched[P]) texts(comps []P) []string {
	out := make([]string, len(comps))
	for i, c := range comps {
		out[i] = s.Format(c)
	}
	return out
}

func (s *Searched[P]) FormatSum(comps []P) string {
	sep := s.Sep
	if sep == "" {
		sep = " "
	}
	parts := make([]string, len(comps))
	for i, c := range comps {
		parts[i] = s.Format(c)
	}
	return strings.Join(parts, sep)
}

// HeapTable returns G(0..upto-1) for a game on one heap, heap(n) being
// the position of n tokens (game.AsSplitting makes a plain game one).
func HeapTable[P comparable](ctx context.Context, spec string, g game.Splitting[P], heap func(n int) P, upto int, opts catalog.Options) (*catalog.Table, error) {
	if upto < 0 {
		return nil, fmt.Errorf("a table's length must not be negative, got %d", upto)
	}
	solver := impartial.NewSplitting(g, impartial.Options{MaxStates: opts.MaxStates, Progress: opts.Progress, Memory: opts.Memory})
	t := &catalog.Table{Game: spec, Values: make([]uint64, upto), Caption: "G(n): the Sprague–Grundy value of a heap of n; 0 marks a P-position (the player to move loses)"}
	for n := 0; n < upto; n++ {
		v, err := solver.Grundy(ctx, heap(n))
		if err != nil {
			return nil, err
		}
		t.Values[n] = v
	}
	return t, nil
}

// FillFromSearch completes a closed-form report r with the Sprague–Grundy
// value and remoteness that an exhaustive search of comps finds; the
// caller has judged the search quick. The search is a second witness: if
// its outcome or winning moves disagree with the closed form's, that is a
// bug, reported as an error rather than a wrong answer.
func FillFromSearch[P comparable](ctx context.Context, s *Searched[P], comps []P, opts catalog.Options, r *catalog.Report) error {
	sr, err := s.SolveComponents(ctx, comps, catalog.Options{MaxStates: opts.MaxStates, Progress: opts.Progress})
	if err != nil {
		if budget.Over(err, budget.States) {
			r.Notes = append(r.Notes, "the search for the Sprague–Grundy value was cut off by the limit on positions searched, so grundy is null")
			return nil
		}
		return err
	}
	if sr.Outcome != r.Outcome {
		return fmt.Errorf("internal error: %s %s: the closed form says %s but the search says %s", r.Game, r.Position, r.Outcome, sr.Outcome)
	}
	if r.Grundy != nil {
		if r.Grundy.Cmp(sr.Grundy) != 0 {
			return fmt.Errorf("internal error: %s %s: the closed form gives the value %s but the search %s", r.Game, r.Position, r.Grundy, sr.Grundy)
		}
		r.Remoteness = sr.Remoteness
		r.Notes = append(r.Notes, "the remoteness comes from an exhaustive search ("+sr.Method+"), which confirms the value")
		return nil
	}
	r.Grundy = sr.Grundy
	r.Remoteness = sr.Remoteness
	r.Notes = append(r.Notes, "the Sprague–Grundy value and remoteness come from an exhaustive search ("+sr.Method+")")
	return nil
}
