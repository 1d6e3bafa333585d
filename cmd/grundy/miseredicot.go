package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/spf13/cobra"
)

// checkUniverse checks --universe: general (the default) or dicot, and
// only with --misere.
func checkUniverse(universe string, misere bool) error {
	switch universe {
	case "", "general":
	case "dicot":
		if !misere {
			return fmt.Errorf("--universe dicot is for misère play: add --misere")
		}
	default:
		return fmt.Errorf("bad --universe %q: expected general (all games) or dicot", universe)
	}
	return nil
}

// runMisereDicotCgt is 'grundy cgt --misere --universe dicot': partizan
// forms and comparisons modulo dicots.
func runMisereDicotCgt(cmd *cobra.Command, expr, svg string, asJSON, all bool, mem *budget.Bytes) error {
	if svg != "" || all {
		return fmt.Errorf("--universe dicot gives the form, outcome and comparisons modulo dicots; --svg and --all are not for it")
	}
	r, err := reports.MisereDicotCGT(cmd.Context(), expr, reports.MisereCGTOptions{Memory: mem})
	if err != nil {
		return err
	}
	return printMisereDicotResult(cmd.OutOrStdout(), r, asJSON)
}

// runMisereDicotValue is 'grundy value GAME POS --misere --universe
// dicot'.
func runMisereDicotValue(cmd *cobra.Command, ctx context.Context, inst catalog.Instance, tokens []string, opts catalog.Options, asJSON, normalOnly bool, p *progress) error {
	if normalOnly {
		return fmt.Errorf("--misere gives the misère form and outcome; --all, --form and --svg are for normal play")
	}
	r, err := reports.MisereDicotValue(ctx, inst, tokens, opts)
	p.Done()
	if errors.Is(err, reports.ErrNotPartizan) || errors.Is(err, reports.ErrMisereImpartial) {
		return fmt.Errorf("--misere: %s is not a partizan game; for an impartial game use 'grundy solve %s ... --misere' (partizan games: %s)", inst.Spec(), inst.Spec(), partizanGames())
	}
	if err != nil {
		return timedOut(ctx, err)
	}
	return printMisereDicotResult(cmd.OutOrStdout(), r, asJSON)
}

func printMisereDicotResult(w io.Writer, r *reports.MisereCGTReport, asJSON bool) error {
	if asJSON {
		return writeJSON(w, r)
	}
	if c := r.Comparison; c != nil {
		fmt.Fprintf(w, "%v\t(%s %s %s, modulo dicots)\n", c.Result, c.Left, c.Op, c.Right)
		return nil
	}
	d := r.Dicot
	outcomes := map[string]string{
		"L": "Left wins whoever starts", "R": "Right wins whoever starts",
		"N": "the player to move wins", "P": "the player to move loses",
	}
	row := func(name, v string) { fmt.Fprintf(w, "%-15s %s\n", name, v) }
	if d.Game != "" {
		row("game", d.Game+" "+d.Position)
	}
	row("value", d.Value+" (reduced modulo dicots; not a canonical form)")
	row("play", d.Equivalence+"; a player who cannot move wins")
	row("misere outcome", d.MisereOutcomeClass+" ("+outcomes[d.MisereOutcomeClass]+")")
	row("birthday", fmt.Sprint(d.Birthday))
	row("dicot", fmt.Sprint(d.IsDicot))
	row("general form", d.GeneralCanonical+" (misère canonical form in general play)")
	return nil
}
