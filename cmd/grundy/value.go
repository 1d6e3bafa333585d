package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/partizanreport"
)

// partizanGames names the registered partizan games (Entry.Kind
// "partizan"), as 'grundy games' lists them.
func partizanGames() string {
	var names []string
	for _, e := range catalog.Entries() {
		if e.Kind == partizanreport.Kind {
			names = append(names, e.Name)
		}
	}
	return strings.Join(names, ", ")
}

func newValueCmd() *cobra.Command {
	var asJSON bool
	var maxStates int
	var svg string
	cmd := &cobra.Command{
		Use:   "value GAME POSITION...",
		Short: "Give the canonical partizan value of a position of a built-in partizan game",
		Long: `Compute the canonical form of a position of a built-in partizan game
(` + partizanGames() + `; see 'grundy games')
and print its outcome class, birthday, stops, mean, temperature and
atomic weight, as 'grundy cgt' does. Positions that fall apart into
independent regions are valued region by region and summed.`,
		Example: "  grundy value domineering 2x3 --json\n  grundy value hackenbush lrrl rl\n  grundy value toads-and-frogs TT..FF",
		Args:    cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			inst, err := catalog.Lookup(args[0])
			if err != nil {
				return err
			}
			pi, ok := inst.(partizanreport.Instance)
			if !ok {
				return fmt.Errorf("game %q is not a partizan game; use 'grundy solve' (partizan games: %s)", inst.Spec(), partizanGames())
			}
			if maxStates < 0 {
				return fmt.Errorf("--max-states must be positive, got %d", maxStates)
			}
			p := newProgress()
			opts := catalog.Options{MaxStates: maxStates, Progress: func(n int) { p.Report(n, "regions") }}
			s := newCgtSpace(cmd.Context())
			g, pos, err := pi.Value(cmd.Context(), s, args[1:], opts)
			p.Done()
			if ex := (*budget.Exceeded)(nil); errors.As(err, &ex) && ex.Resource == budget.States {
				return fmt.Errorf("%w (raise --max-states to value more regions)", err)
			}
			if err != nil {
				return err
			}
			r, err := describeGame(s, g)
			if err != nil {
				return err
			}
			r.Game, r.Position = inst.Spec(), pos
			if svg != "" {
				if err := writeThermograph(s, g, svg); err != nil {
					return err
				}
			}
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), r)
			}
			printCgtReport(cmd.OutOrStdout(), r)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	cmd.Flags().IntVar(&maxStates, "max-states", 0, "give up after valuing this many regions (default 20000000)")
	cmd.Flags().StringVar(&svg, "svg", "", "also draw the thermograph into this SVG file")
	return cmd
}
