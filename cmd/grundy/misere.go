package main

import (
	"context"
	"fmt"

	"github.com/grundy-go/grundy/catalog"
)

// solverFor returns how solve answers a position of inst: its Solve, or
// under --misere its SolveMisere (catalog.MisereSolver), which only
// impartial games have; a game that says why it has none
// (catalog.NoMisere) gets that reason as the error.
func solverFor(inst catalog.Instance, misere bool) (func(context.Context, []string, catalog.Options) (*catalog.Report, error), error) {
	if !misere {
		return inst.Solve, nil
	}
	if m, ok := inst.(catalog.MisereSolver); ok {
		return m.SolveMisere, nil
	}
	if n, ok := inst.(catalog.NoMisere); ok {
		return nil, fmt.Errorf("--misere: %s", n.NoMisere())
	}
	return nil, fmt.Errorf("--misere: %s has no misère play here: it is for impartial games, where the player who cannot move loses (see the impartial games in 'grundy games', and impartial scripts)", inst.Spec())
}
