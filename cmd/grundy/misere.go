package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

// solverFor returns how solve answers a position of inst: its Solve, or
// under --misere its SolveMisere (catalog.MisereSolver), which only
// impartial games have; a game that says why it has none
// (catalog.NoMisere) gets that reason as the error.
func solverFor(inst catalog.Instance, misere bool) (func(context.Context, []string, catalog.Options) (*catalog.Report, error), error) {
	if !misere {
		return inst.Solve, nil
	}
	if f, ok := inst.(reports.MisereFormer); ok {
		return misereFormsSolver(inst, f), nil
	}
	if m, ok := inst.(catalog.MisereSolver); ok {
		return m.SolveMisere, nil
	}
	if n, ok := inst.(catalog.NoMisere); ok {
		return nil, fmt.Errorf("--misere: %s", n.NoMisere())
	}
	return nil, fmt.Errorf("--misere: %s has no misère play here: it is for impartial games, where the player who cannot move loses, and for short partizan games and scripts (see 'grundy games')", inst.Spec())
}

// misereFormsSolver solves a partizan game or script under misère play
// by its misère game forms (reports.SolveMiserePartizan); an impartial
// script, which answers reports.ErrMisereImpartial, is solved by the
// impartial theory, its own SolveMisere.
func misereFormsSolver(inst catalog.Instance, f reports.MisereFormer) func(context.Context, []string, catalog.Options) (*catalog.Report, error) {
	return func(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
		r, err := reports.SolveMiserePartizan(ctx, f, tokens, opts)
		if errors.Is(err, reports.ErrMisereImpartial) {
			if m, ok := inst.(catalog.MisereSolver); ok {
				return m.SolveMisere(ctx, tokens, opts)
			}
		}
		return r, err
	}
}
