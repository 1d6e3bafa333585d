package script

import (
	"context"

	"github.com/grundy-go/grundy/catalog/reports"
)

// The check of a game script is a report of the catalog ('grundy check'
// asks reports.CheckScript): this package registers the checker, as it
// registers its resolver.
func init() {
	reports.RegisterScriptChecker(checkScript)
}

var _ reports.ScriptError = (*Error)(nil)

// ScriptPos is where in the script the error is: file:line:col, or the
// file name alone (reports.ScriptError).
func (e *Error) ScriptPos() string { return e.Pos }

func checkScript(ctx context.Context, path string, src []byte, opts reports.CheckOptions) (*reports.CheckReport, error) {
	g, err := Load(ctx, path, src, Options{Params: opts.Params, MaxSteps: opts.MaxSteps, Print: opts.Print})
	if err != nil {
		return nil, err
	}
	r, err := g.Check(ctx, opts.Explore)
	if err != nil {
		return nil, err
	}
	return &reports.CheckReport{
		File: r.File, Functions: r.Functions, Players: r.Players,
		Misere: r.Misere, Payoff: r.Payoff, Labelled: r.Labelled,
		Solver: r.Solver, Start: r.Start,
		Explored: r.Explored, Ends: r.Ends, Chance: r.Chance, MaxMoves: r.MaxMoves,
		Complete: r.Complete, StartMoves: r.StartMoves, Warnings: r.Warnings,
	}, nil
}
