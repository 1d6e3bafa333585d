package reports

import (
	"context"
	"fmt"
	"strings"
)

// The check of a game script ('grundy check'): load it, check its
// definitions, and explore its positions from the start calling every
// function the solvers would call. Package script registers the checker
// (RegisterScriptChecker), as it registers its resolver; the catalog
// does not import it.

// DefaultCheckExplore is the number of positions CheckScript explores
// from the start when CheckOptions.Explore is 0.
const DefaultCheckExplore = 10_000

// DefaultScriptSteps is the Starlark step budget of one call of a
// script's function when Options.ScriptSteps (CheckOptions.MaxSteps) is 0
// and no wall-clock limit bounds the run; under one there is none
// (script.DefaultMaxSteps).
const DefaultScriptSteps = 100_000_000

// CheckOptions tune CheckScript.
type CheckOptions struct {
	Params   map[string]string // the script's parameters, as catalog.Options.Params
	MaxSteps uint64            // as catalog.Options.ScriptSteps
	// Explore bounds the positions explored from the start; 0 for
	// DefaultCheckExplore.
	Explore int
	// Print receives what the script prints; nil drops it.
	Print func(msg string)
}

// CheckReport is what the check of a game script found.
type CheckReport struct {
	File      string   `json:"file"`
	Functions []string `json:"functions"` // the contract's functions the script defines
	Players   int      `json:"players"`
	Misere    bool     `json:"misere"`
	Payoff    bool     `json:"payoff"` // payoff(pos) scores the ends
	Labelled  bool     `json:"labelled"`
	Solver    string   `json:"solver"` // which solver its positions go to
	// Start is the start position, "" when the script has none (and then
	// nothing is explored).
	Start string `json:"start,omitempty"`
	// Explored is the number of positions met from the start (at most
	// CheckOptions.Explore), Ends how many of them end the game, Chance
	// how many are chance positions, MaxMoves the most moves of one.
	Explored int `json:"explored"`
	Ends     int `json:"ends"`
	Chance   int `json:"chance"`
	MaxMoves int `json:"max_moves"`
	// Complete is set when the exploration met every position reachable
	// from the start.
	Complete   bool     `json:"complete"`
	StartMoves []string `json:"start_moves"` // the positions the start's moves leave
	Warnings   []string `json:"warnings"`
}

// ScriptError is implemented by the errors of a game script that point
// into it (package script's *Error): ScriptPos is file:line:col, or the
// file name alone.
type ScriptError interface {
	error
	ScriptPos() string
}

var scriptChecker func(ctx context.Context, path string, src []byte, opts CheckOptions) (*CheckReport, error)

// RegisterScriptChecker sets the function CheckScript calls; package
// script registers its own from its init function.
func RegisterScriptChecker(check func(ctx context.Context, path string, src []byte, opts CheckOptions) (*CheckReport, error)) {
	scriptChecker = check
}

// checkers are the checkers of games in other languages, by the
// extension of their files (package native registers ".go").
var checkers = map[string]func(ctx context.Context, path string, src []byte, opts CheckOptions) (*CheckReport, error){}

// RegisterCheckerFor sets the function CheckScript calls for a file whose
// name ends in ext.
func RegisterCheckerFor(ext string, check func(ctx context.Context, path string, src []byte, opts CheckOptions) (*CheckReport, error)) {
	checkers[ext] = check
}

// CheckScript checks the game script path whose text is src. An error of
// the script is a ScriptError; it is an error in a program that links no
// package of game scripts.
func CheckScript(ctx context.Context, path string, src []byte, opts CheckOptions) (*CheckReport, error) {
	if scriptChecker == nil {
		return nil, fmt.Errorf("game script %s: this program does not include game scripts", path)
	}
	if opts.Explore < 0 {
		return nil, fmt.Errorf("the number of positions to explore must be at least 1, got %d", opts.Explore)
	}
	if opts.Explore == 0 {
		opts.Explore = DefaultCheckExplore
	}
	check := scriptChecker
	for ext, c := range checkers {
		if strings.HasSuffix(path, ext) {
			check = c
		}
	}
	r, err := check(ctx, path, src, opts)
	if err != nil {
		return nil, err
	}
	if r.Functions == nil {
		r.Functions = []string{}
	}
	if r.StartMoves == nil {
		r.StartMoves = []string{}
	}
	if r.Warnings == nil {
		r.Warnings = []string{}
	}
	return r, nil
}
