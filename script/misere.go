package script

import (
	"context"
	"fmt"
	"os"

	"github.com/grundy-go/grundy/catalog"
)

// Misère play of an impartial script (solve SCRIPT POS --misere): the
// same script played as if it set misere = True, so that the player who
// cannot move wins. The script is loaded afresh for it (the instance's
// cached solver is normal play's). Under misère play split(pos) is not
// used: a misère sum is not decided by its components' values, so the
// whole position is searched as one game, as for a script that sets
// misere = True itself (Normal, Loopy).

var (
	_ catalog.MisereSolver = (*instance)(nil)
)

// loadGame loads the script afresh with opts' parameters and limits.
func (s *instance) loadGame(ctx context.Context, opts catalog.Options) (*Game, error) {
	return Load(ctx, s.path, s.src, Options{
		Params:       opts.Params,
		MaxSteps:     opts.ScriptSteps,
		MaxPositions: opts.MaxStates,
		Print:        func(msg string) { fmt.Fprintf(os.Stderr, "%s: %s\n", s.path, msg) },
	})
}

// noMisere says why the game has no misère play, or "" when it has.
func (g *Game) noMisere() string {
	switch {
	case g.Partizan():
		return g.file + " is a partizan game (left_moves, right_moves): misère play here is for impartial games"
	case g.Multiplayer():
		return g.file + " has payoffs, chance or other than two players: misère play is for two-player games won by the last move"
	case g.misere:
		return g.file + " sets misere = True: it is misère play already"
	case g.terminalFn != nil:
		return g.file + " defines terminal(pos), which says who wins at an end: misère play swaps only the rule that the player who cannot move loses"
	}
	return ""
}

// SolveMisere solves the position written as tokens (or opts'
// PositionExpr, or the script's start) under misère play.
func (s *instance) SolveMisere(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.ClosedForm {
		return nil, catalog.RefuseMethod(s.path, catalog.ClosedForm, "%s is a game script: it has no closed form", s.path)
	}
	// A position as Explore writes it ("(3, 12)"), which the explorer's
	// misère switch solves for each move, is read back as Explore reads it.
	tokens, opts = scriptTokens(tokens, opts)
	g, err := s.loadGame(ctx, opts)
	if err != nil {
		return nil, err
	}
	if why := g.noMisere(); why != "" {
		return nil, fmt.Errorf("--misere: %s", why)
	}
	g.misere = true
	root, err := g.Parse(ctx, tokens, opts.PositionExpr)
	if err != nil {
		return nil, err
	}
	var r *catalog.Report
	if opts.Method == catalog.Search {
		if r, err = s.search(ctx, g, root, opts); err != nil {
			return nil, err
		}
	} else {
		solver := NewSolver(g, SolveOptions{MaxStates: opts.MaxStates, Progress: opts.Progress, TieBreak: opts.TieBreak, Memory: opts.Memory})
		res, err := solver.Solve(ctx, root)
		if err != nil {
			return nil, err
		}
		r = s.report(res)
	}
	r.Grundy = nil
	if r.Extra == nil {
		r.Extra = map[string]any{}
	}
	r.Extra["misere"] = true
	r.Notes = append(r.Notes, "misère play: the player who makes the last move loses (the script played as if it set misere = True; split is not used, the whole position is searched)")
	return r, nil
}
