package script

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"strings"

	"go.starlark.net/starlark"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
	"github.com/grundy-go/grundy/compound"
	"github.com/grundy-go/grundy/game"
)

// Compounds of an impartial script (solve SCRIPT POS... --compound KIND):
// each component is a position of the script, and the compound is decided
// by the components' remoteness or suspense numbers (package compound),
// searched over the script's moves of whole positions (split is not used:
// a component's moves are its own moves, and a compound's numbers are not
// a function of its parts' values).

var _ catalog.CompoundSolver = (*instance)(nil)

// plainMoves is the script as a game.Game of whole positions, normal play.
type plainMoves struct{ g *Game }

func (m plainMoves) Moves(p Pos) iter.Seq[Pos] { return slices.Values(m.g.successors(p)) }

var _ game.Game[Pos] = plainMoves{}

// noCompound says why the game has no compounds, or "" when it has.
func (g *Game) noCompound() string {
	switch {
	case g.Partizan():
		return g.file + " is a partizan game (left_moves, right_moves): compounds here are of impartial games"
	case g.Multiplayer():
		return g.file + " has payoffs, chance or other than two players: compounds here are of two-player games won by the last move"
	case g.misere:
		return g.file + " sets misere = True: compounds here are of normal play (the player who cannot move loses)"
	case g.terminalFn != nil:
		return g.file + " defines terminal(pos): compounds here are of games that end only when the player to move has no move"
	}
	return ""
}

// SolveCompound solves the compound of kind of the components, each
// written as a position after the script, or all of them as one Starlark
// tuple in opts.PositionExpr.
func (s *instance) SolveCompound(ctx context.Context, kind compound.Kind, components [][]string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.ClosedForm {
		return nil, catalog.RefuseMethod(s.path, catalog.ClosedForm, "%s is a game script: it has no closed form", s.path)
	}
	solver, err := s.load(ctx, opts)
	if err != nil {
		return nil, err
	}
	g := solver.Game()
	if why := g.noCompound(); why != "" {
		return nil, fmt.Errorf("--compound: %s", why)
	}
	var comps []Pos
	switch {
	case opts.PositionExpr != "" && len(components) > 0:
		return nil, fmt.Errorf("give the components either as positions after the script or as one tuple, not both")
	case opts.PositionExpr != "":
		v, err := ParseLiteral(opts.PositionExpr)
		if err != nil {
			return nil, &budget.BadInput{Msg: fmt.Sprintf("bad position %q: %s", shorten(opts.PositionExpr), err), Offset: -1}
		}
		t, ok := v.(starlark.Tuple)
		if !ok {
			return nil, &budget.BadInput{Msg: fmt.Sprintf("bad compound %q: with --compound the literal is a tuple of the components, e.g. ((1, 2), (3, 4))", shorten(opts.PositionExpr)), Offset: -1}
		}
		if err := impartialgame.CheckCompoundCount(len(t)); err != nil {
			return nil, err
		}
		for i, e := range t {
			if err := checkPosition(e); err != nil {
				return nil, &budget.BadInput{Msg: fmt.Sprintf("bad component %d of %q: the value %s", i+1, shorten(opts.PositionExpr), err), Offset: -1}
			}
			var p Pos
			if err := g.Run(ctx, func(context.Context) error {
				var err error
				p, err = g.Intern(e)
				return err
			}); err != nil {
				return nil, err
			}
			comps = append(comps, p)
		}
	default:
		if err := impartialgame.CheckCompoundCount(len(components)); err != nil {
			return nil, err
		}
		for i, tokens := range components {
			p, err := g.Parse(ctx, tokens, "")
			if err != nil {
				return nil, fmt.Errorf("component %d (%q): %w", i+1, strings.Join(tokens, " "), err)
			}
			comps = append(comps, p)
		}
	}
	cs := compound.New[Pos](plainMoves{g}, compound.Options{MaxStates: opts.MaxStates, Memory: opts.Memory, Progress: opts.Progress})
	defer cs.Release()
	var r *catalog.Report
	err = g.Run(ctx, func(ctx context.Context) error {
		var err error
		r, err = impartialgame.CompoundReport(ctx, cs, kind, comps, s.path, g.Format)
		return err
	})
	return r, err
}
