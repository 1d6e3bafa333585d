package catalog

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/impartial"
	"github.com/grundy-go/grundy/outcome"
)

// searched adapts an impartial game with positions of type P to an
// Instance that answers by exhaustive Sprague–Grundy search. A position on
// the command line is a sum of components, each parsed and formatted by
// the game's own notation.
type searched[P comparable] struct {
	spec   string
	game   game.Game[P]
	parse  func(tokens []string) ([]P, error) // the components of a position
	format func(P) string                     // one component
	sep    string                             // between components; " " when empty
}

func (s *searched[P]) Spec() string { return s.spec }

func (s *searched[P]) Solve(ctx context.Context, tokens []string, opts Options) (*Report, error) {
	if opts.Method == ClosedForm {
		return nil, fmt.Errorf("%s has no closed form here; drop --method closed to search", s.spec)
	}
	comps, err := s.parse(tokens)
	if err != nil {
		return nil, err
	}
	return s.solveComponents(ctx, comps, opts)
}

func (s *searched[P]) solver(opts Options) *impartial.Solver[P] {
	return impartial.New(s.game, impartial.Options{MaxStates: opts.MaxStates, Progress: opts.Progress, Memory: opts.Memory})
}

// solveComponents searches the sum of comps.
func (s *searched[P]) solveComponents(ctx context.Context, comps []P, opts Options) (*Report, error) {
	solver := s.solver(opts)
	parts := solver.Split(comps)
	g, err := solver.SumGrundy(ctx, parts)
	if err != nil {
		return nil, err
	}
	moves, err := solver.WinningMoves(ctx, parts)
	if err != nil {
		return nil, err
	}
	r := &Report{
		Game:     s.spec,
		Position: s.formatSum(comps),
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
	} else if r.Remoteness, err = sumRemoteness(ctx, s.game, s.format, parts, opts.Memory); err != nil {
		return nil, err
	}
	r.AddMoves(len(moves), func(i int) string { return s.formatSum(moves[i].Apply(parts)) })
	return r, nil
}

func (s *searched[P]) formatSum(comps []P) string {
	sep := s.sep
	if sep == "" {
		sep = " "
	}
	parts := make([]string, len(comps))
	for i, c := range comps {
		parts[i] = s.format(c)
	}
	return strings.Join(parts, sep)
}

// table returns G(0..upto-1) for a game on one heap.
func heapTable[P comparable](ctx context.Context, spec string, g game.Game[P], heap func(n int) P, upto int, opts Options) (*Table, error) {
	if upto < 0 {
		return nil, fmt.Errorf("--upto must not be negative, got %d", upto)
	}
	solver := impartial.New(g, impartial.Options{MaxStates: opts.MaxStates, Progress: opts.Progress, Memory: opts.Memory})
	t := &Table{Game: spec, Values: make([]uint64, upto), Caption: "G(n): the Sprague–Grundy value of a heap of n; 0 marks a P-position (the player to move loses)"}
	for n := 0; n < upto; n++ {
		v, err := solver.Grundy(ctx, heap(n))
		if err != nil {
			return nil, err
		}
		t.Values[n] = v
	}
	return t, nil
}
