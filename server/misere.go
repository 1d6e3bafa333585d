package server

import (
	"context"
	"fmt"

	"github.com/grundy-go/grundy/catalog"
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

// misereOffered says why a game has no misère switch, or nil.
func misereOffered(inst catalog.Instance) error {
	if _, ok := inst.(catalog.MisereSolver); ok {
		return nil
	}
	if n, ok := inst.(catalog.NoMisere); ok {
		return fmt.Errorf("misère play: %s", n.NoMisere())
	}
	return fmt.Errorf("misère play: %s has no misère play here (only impartial games that grundy solve --misere answers)", inst.Spec())
}

// misereMoves solves every listed move of x under misère play, in place.
func misereMoves(ctx context.Context, g *served, x *catalog.Exploration, tokens []string, opts catalog.Options) error {
	m := g.inst.(catalog.MisereSolver)
	r, err := m.SolveMisere(ctx, tokens, opts)
	if err != nil {
		return err
	}
	x.Report = r
	for i := range x.Moves {
		mv := &x.Moves[i]
		if err := ctx.Err(); err != nil {
			return err
		}
		after, err := m.SolveMisere(ctx, g.tokens(g.position(mv.Position)), opts)
		if err != nil {
			return fmt.Errorf("misère play: the move to %s: %w", mv.Position, err)
		}
		mv.Outcome, mv.Remoteness, mv.Grundy = after.Outcome, after.Remoteness, nil
	}
	return nil
}
