package server

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

// The explorer's misère switch: an impartial game that offers misère play
// (catalog.MisereSolver, the CLI's solve --misere) is explored under it
// with misere=1. The moves are the game's own (its Explorer lists them:
// the rules do not change, only who wins at the end), and each position
// a move leaves is solved by SolveMisere: its misère outcome and
// remoteness, no Sprague–Grundy value (a misère sum is not decided by
// one). A move wins exactly when it leaves a misère P-position, as under
// normal play (Zermelo; Winning Ways, ch. 13; Siegel, Misère Games and
// Misère Quotients, 2006).

// misereOffered says why a game has no misère switch, or nil: impartial
// games that solve --misere answers, and partizan games and scripts
// (their misère game forms, reports.MisereFormer; partizanmisere.go).
func misereOffered(inst catalog.Instance) error {
	if _, ok := inst.(catalog.MisereSolver); ok {
		return nil
	}
	if _, ok := inst.(reports.MisereFormer); ok {
		return nil
	}
	if n, ok := inst.(catalog.NoMisere); ok {
		return fmt.Errorf("misère play: %s", n.NoMisere())
	}
	return fmt.Errorf("misère play: %s has no misère play here (only impartial games that grundy solve --misere answers, and short partizan games and scripts)", inst.Spec())
}

// misereMoves solves every listed move of x under misère play, in place.
//
// A move wins exactly when it leaves a P-position, so when the position's
// own answer lists every winning move and each of them is one of x's
// moves, written alike, the outcomes of all the moves are read from it:
// the winning moves leave P, the others N. Each move's remoteness then
// comes from its own SolveMisere, within misereMoveStates positions and
// while misereMoveTime has not passed since the first, and is left
// unknown past that (a misère sum has no table to read it from, and a
// search per move of, say, Kayles 30 takes seconds in all). Where the
// winning moves cannot be matched so, every move is solved in full.
func misereMoves(ctx context.Context, g *served, x *catalog.Exploration, tokens []string, opts catalog.Options) error {
	m := g.inst.(catalog.MisereSolver)
	r, err := m.SolveMisere(ctx, tokens, opts)
	if err != nil {
		return err
	}
	x.Report = r
	winning, ok := matchWinning(r, x)
	rctx, cancel := context.WithTimeout(ctx, misereMoveTime)
	defer cancel()
	for i := range x.Moves {
		mv := &x.Moves[i]
		if err := ctx.Err(); err != nil {
			return err
		}
		mv.Grundy = nil
		if !ok {
			after, err := m.SolveMisere(ctx, g.tokens(g.position(mv.Position)), opts)
			if err != nil {
				return fmt.Errorf("misère play: the move to %s: %w", mv.Position, err)
			}
			mv.Outcome, mv.Remoteness = after.Outcome, after.Remoteness
			continue
		}
		mv.Outcome, mv.Remoteness = "N", nil
		if winning[mv.Position] {
			mv.Outcome = "P"
		}
		if rctx.Err() != nil {
			continue
		}
		small := opts
		small.MaxStates = misereMoveStates
		after, err := m.SolveMisere(rctx, g.tokens(g.position(mv.Position)), small)
		if err != nil {
			if overBudget(err) || rctx.Err() != nil && ctx.Err() == nil {
				continue
			}
			return fmt.Errorf("misère play: the move to %s: %w", mv.Position, err)
		}
		if after.Outcome != mv.Outcome {
			return fmt.Errorf("internal error: misère %s: the move to %s is %s by its own search but %s by the position's winning moves", r.Game, mv.Position, after.Outcome, mv.Outcome)
		}
		mv.Remoteness = after.Remoteness
	}
	return nil
}

// misereMoveStates bounds the search of one move's remoteness when the
// moves' outcomes are known from the position's winning moves.
const misereMoveStates = 20_000

// misereMoveTime bounds the time spent on the moves' remoteness then.
const misereMoveTime = 300 * time.Millisecond

// matchWinning returns the positions the winning moves of r leave, when
// x lists every move of the position and every winning move is one of
// them written alike; ok is false otherwise.
func matchWinning(r *catalog.Report, x *catalog.Exploration) (map[string]bool, bool) {
	if r.MovesIncomplete || !x.MovesCounted || len(x.Moves) != x.MovesTotal || r.Outcome != "N" && r.Outcome != "P" {
		return nil, false
	}
	listed := map[string]bool{}
	for _, mv := range x.Moves {
		listed[mv.Position] = true
	}
	winning := map[string]bool{}
	for _, w := range r.WinningMoves {
		if !listed[w] {
			return nil, false
		}
		winning[w] = true
	}
	// The report lists each move once (catalog.MoveSet), the explorer
	// every move: a move that replaces an equal component by the same
	// components as a winning move (the other heap of 1 1) wins too. Its
	// tokens are the same, in another order; each such move's outcome is
	// still checked by its own search below.
	same := map[string]bool{}
	for _, mv := range x.Moves {
		if winning[mv.Position] {
			same[sameMoveKey(mv)] = true
		}
	}
	for _, mv := range x.Moves {
		if !winning[mv.Position] && mv.Component >= 0 && same[sameMoveKey(mv)] {
			winning[mv.Position] = true
		}
	}
	// A position is N exactly when it has a winning move.
	if (r.Outcome == "N") != (len(winning) > 0) {
		return nil, false
	}
	return winning, true
}

// sameMoveKey is the same for two moves that replace equal components
// by the same components: the component before, and the tokens of what
// it becomes and of the position it leaves, each sorted.
func sameMoveKey(mv catalog.MoveInfo) string {
	to, pos := strings.Fields(mv.To), strings.Fields(mv.Position)
	slices.Sort(to)
	slices.Sort(pos)
	return mv.From + "\x00" + strings.Join(to, " ") + "\x00" + strings.Join(pos, " ")
}

// overBudget reports whether err is a search's refusal to go past its
// positions or memory.
func overBudget(err error) bool {
	return errors.Is(err, budget.ErrExceeded)
}
