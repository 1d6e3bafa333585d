package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

// partizanGames names the registered partizan games (Entry.Kind
// "partizan"), as 'grundy games' lists them.
func partizanGames() string {
	var names []string
	for _, e := range catalog.Entries() {
		if e.Kind == reports.KindPartizan {
			names = append(names, e.Name)
		}
	}
	return strings.Join(names, ", ")
}

func newValueCmd() *cobra.Command {
	var asJSON, all, form, misere bool
	var universe string
	var limits limitFlags
	var script scriptArgs
	var svg string
	cmd := &cobra.Command{
		Use:   "value GAME POSITION...",
		Short: "Give the canonical partizan value of a position of a partizan game or script",
		Long: `Compute the canonical form of a position of a built-in partizan game
(` + partizanGames() + `; see 'grundy games'),
or of a game script: a partizan script defines left_moves(pos) and
right_moves(pos) (docs/scripts.md), an impartial one under normal play is
valued as well (its values are nimbers). Print the outcome class,
birthday, stops, mean, temperature and atomic weight, as 'grundy cgt'
does; --all adds every CGSuite property (companion, followers,
incentives, options, reduced canonical form, stop count, uptimal
expansion, the predicates). Positions that fall apart into independent
regions are valued region by region and summed. A script takes its
parameters with --param and a position written in Starlark with --pos,
as for 'grundy solve'.
--misere plays the same moves under misère play, where the player who
cannot move wins: the position's misère canonical form (general misère
play, Siegel's canonical forms; package misere/partizan), its misère
outcome class and its options. With --universe dicot, a position of a
dicot game (Clobber) is read modulo dicots instead: equal to whatever it
equals in every sum with dicots (Siegel 2025, §5), printed as a reduced
form, not a canonical one.`,
		Example:           "  grundy value domineering 2x3 --json\n  grundy value hackenbush lrrl rl\n  grundy value toads-and-frogs TT..FF\n  grundy value examples/toppling.star LRLRRGGLR\n  grundy value examples/partizan_subtraction.star 10 --param left=1,2 --param right=3 --all",
		Args:              cobra.MinimumNArgs(1),
		ValidArgsFunction: completeGame(func(e *catalog.Entry) bool { return e.Kind == reports.KindPartizan }),
		RunE: func(cmd *cobra.Command, args []string) error {
			inst, err := catalog.Lookup(args[0])
			if err != nil {
				return err
			}
			p := newProgress()
			opts := catalog.Options{Progress: func(n int) { p.Report(n, "regions") }}
			limits.options(&opts)
			if err := script.apply(args[0], &opts); err != nil {
				return err
			}
			if opts.PositionExpr != "" && len(args) > 1 {
				return fmt.Errorf("give the position either after the script or with --pos, not both")
			}
			ctx, cancel := limits.context(cmd.Context())
			defer cancel()
			if err := checkUniverse(universe, misere); err != nil {
				return err
			}
			if misere && universe == "dicot" {
				return runMisereDicotValue(cmd, ctx, inst, args[1:], opts, asJSON, all || form || svg != "", p)
			}
			if misere {
				return runMisereValue(cmd, ctx, inst, args[1:], opts, asJSON, all || form || svg != "", p)
			}
			r, err := reports.PartizanValue(ctx, inst, args[1:], opts, reports.CGTOptions{Thermograph: svg != "", Properties: all, Form: form})
			p.Done()
			if errors.Is(err, reports.ErrNotPartizan) {
				return fmt.Errorf("game %q is not a partizan game; use 'grundy solve' (partizan games: %s)", inst.Spec(), partizanGames())
			}
			if err != nil {
				return timedOut(ctx, err)
			}
			if svg != "" {
				if err := writeSVG(svg, r.Thermograph); err != nil {
					return err
				}
			}
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), r)
			}
			if r.Loopy != nil {
				printLoopyReport(cmd.OutOrStdout(), r.Loopy)
				return nil
			}
			printCgtReport(cmd.OutOrStdout(), r)
			return nil
		},
	}
	jsonFlag(cmd, &asJSON)
	limits.register(cmd, "regions")
	script.register(cmd, true)
	cmd.Flags().BoolVar(&all, "all", false, "also print every CGSuite property of the value")
	cmd.Flags().BoolVar(&form, "form", false, "build the canonical form of a sum however long it takes (without it, a sum whose form is large is answered from its parts)")
	cmd.Flags().StringVar(&svg, "svg", "", "also draw the thermograph into this SVG file")
	cmd.Flags().BoolVar(&misere, "misere", false, "misère play (the player who cannot move wins): the position's misère canonical form and outcome, in general misère play")
	cmd.Flags().StringVar(&universe, "universe", "", "with --misere: general (all games, the default) or dicot (modulo dicots, for dicot games such as clobber)")
	return cmd
}
