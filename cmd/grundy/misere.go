package main

import (
	"context"
	"fmt"

	"github.com/grundy-go/grundy/catalog"
)

// solverFor returns how solve answers a position of inst: its Solve, or
// under --misere its SolveMisere, which only impartial games have.
func solverFor(inst catalog.Instance, misere bool) (func(context.Context, []string, catalog.Options) (*catalog.Report, error), error) {
	if !misere {
		return inst.Solve, nil
	}
	m, ok := inst.(catalog.MisereSolver)
	if !ok {
		return nil, fmt.Errorf("--misere: %s has no misère play here (it is for impartial games: octal and hex codes, kayles, dawson, subtract:S, bash:M, nim, …; see 'grundy games')", inst.Spec())
	}
	return m.SolveMisere, nil
}
