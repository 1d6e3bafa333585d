package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

// scriptFlags are the script flags of solve (scriptArgs) and a wall-clock
// limit, for commands that run a script without the catalog's own
// --timeout (check).
type scriptFlags struct {
	scriptArgs
	timeout time.Duration
}

func (f *scriptFlags) register(cmd *cobra.Command, withPos bool) {
	f.scriptArgs.register(cmd, withPos)
	cmd.Flags().Var(&positiveDuration{&f.timeout}, "timeout", "give up after this long, e.g. 30s or 5m (default none)")
}

// context applies --timeout.
func (f *scriptFlags) context(ctx context.Context) (context.Context, context.CancelFunc) {
	if f.timeout > 0 {
		return context.WithTimeout(ctx, f.timeout)
	}
	return context.WithCancel(ctx)
}

// wrap names the wall-clock limit when it ended the work.
func (f *scriptFlags) wrap(err error) error {
	if err != nil && f.timeout > 0 && errors.Is(err, context.DeadlineExceeded) {
		var se reports.ScriptError
		if !errors.As(err, &se) {
			return fmt.Errorf("the wall-clock limit of %s was reached (raise it with --timeout)", f.timeout)
		}
	}
	return err
}

func newCheckCmd() *cobra.Command {
	var (
		flags   scriptFlags
		explore int
		asJSON  bool
	)
	cmd := &cobra.Command{
		Use:   "check GAME.star|GAME.go",
		Short: "Validate a game script and say what it defines",
		Long: `Load a game script, check its definitions, and explore its positions
from the start (up to --explore of them), calling every function the
solvers would call. A script that fails gives its file:line:col and the
Starlark backtrace, with exit status 2. See docs/scripts.md for the
contract, and 'grundy new-script' for a template.`,
		Example: "  grundy check examples/calendar.star\n  grundy check examples/snim.star --param s=1,3,4",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !isScript(args[0]) {
				return fmt.Errorf("%q is not a game script: check takes a file ending in .star, or .go for a game written in Go", args[0])
			}
			if explore < 1 {
				return fmt.Errorf("--explore must be at least 1, got %d", explore)
			}
			params, err := catalog.ParseParams(flags.params)
			if err != nil {
				return err
			}
			src, err := os.ReadFile(args[0])
			if err != nil {
				if errors.Is(err, os.ErrNotExist) {
					return fmt.Errorf("game script %s: no such file", args[0])
				}
				return fmt.Errorf("game script %s: %w", args[0], err)
			}
			ctx, cancel := flags.context(cmd.Context())
			defer cancel()
			r, err := reports.CheckScript(ctx, args[0], src, reports.CheckOptions{
				Params:   params,
				MaxSteps: flags.maxSteps,
				Explore:  explore,
				Print:    func(msg string) { fmt.Fprintf(cmd.ErrOrStderr(), "%s: %s\n", args[0], msg) },
			})
			if err != nil {
				return flags.wrap(err)
			}
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), r)
			}
			printCheck(cmd.OutOrStdout(), r)
			return nil
		},
	}
	flags.register(cmd, false)
	cmd.Flags().IntVar(&explore, "explore", reports.DefaultCheckExplore, "explore at most this many positions from the start")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	return cmd
}

func printCheck(w io.Writer, r *reports.CheckReport) {
	fmt.Fprintf(w, "%s: ok\n", r.File)
	fmt.Fprintf(w, "  defines     %s\n", strings.Join(r.Functions, ", "))
	play := "normal play: who cannot move loses"
	switch {
	case r.Payoff:
		play = "payoff(pos) scores the ends"
	case r.Misere:
		play = "misère: who cannot move wins"
	}
	fmt.Fprintf(w, "  players     %d (%s)\n", r.Players, play)
	if r.Labelled {
		fmt.Fprintf(w, "  moves       labelled (label, position)\n")
	}
	fmt.Fprintf(w, "  solver      %s\n", r.Solver)
	if slices.Contains(r.Functions, "tier") {
		fmt.Fprintf(w, "  database    tier(pos) splits the positions into tiers: 'grundy db build %s --out DIR' solves them all\n", r.File)
	}
	if r.Start != "" {
		fmt.Fprintf(w, "  start       %s\n", r.Start)
		all := "all positions reachable from the start"
		if !r.Complete {
			all = "the first positions from the start (--explore)"
		}
		fmt.Fprintf(w, "  explored    %d positions: %s\n", r.Explored, all)
		fmt.Fprintf(w, "  ends        %d positions where the game is over\n", r.Ends)
		if r.Chance > 0 {
			fmt.Fprintf(w, "  chance      %d positions where nature moves\n", r.Chance)
		}
		fmt.Fprintf(w, "  most moves  %d from one position\n", r.MaxMoves)
		moves := r.StartMoves
		more := ""
		if len(moves) > 8 {
			more = fmt.Sprintf(", … (%d in all)", len(moves))
			moves = moves[:8]
		}
		if len(moves) == 0 {
			fmt.Fprintf(w, "  start moves none\n")
		} else {
			fmt.Fprintf(w, "  start moves %s%s\n", strings.Join(moves, ", "), more)
		}
	}
	for _, warn := range r.Warnings {
		fmt.Fprintf(w, "  warning     %s\n", warn)
	}
}
