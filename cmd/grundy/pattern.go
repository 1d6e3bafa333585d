package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

func newPatternCmd() *cobra.Command {
	var (
		jsonOut  bool
		uptoText string
		template string
		limits   limitFlags
		script   scriptArgs
	)
	cmd := &cobra.Command{
		Use:   "pattern GAME [--upto N]",
		Short: "Guess the pattern of a game's values and check it on every value computed",
		Long: fmt.Sprintf(`Compute the values of a one-integer game, G(0..N-1) (default N = %d), or
the grid of a game on pairs, G(a, b) for a, b < N (default N = %d), and
report the rules that fit every one of them, simplest first: periods and
arithmetic periods (proven for octal and hexadecimal codes by the
Guy–Smith theorem and for finite subtraction sets, as grundy seq proves
them), values by residues, binary rules (G(n) = n, n xor c, odious and
evil numbers as in Mock Turtles, popcount, v₂), Fibonacci P-positions
(Fibonacci Nim), polynomials, Beatty pairs (Wythoff's golden ratio and
the a-Wythoff games), the xor of the parts of a sum, Euclid's rule.

Each rule says what it describes (the values, or which positions are
P-positions), what was checked ("fits every n < 1,000") and whether a
theorem proves it for every position; an unproven rule is a guess that
fits every value computed, no more. A game whose values are not known
(only outcomes) gets rules of its P-positions only.`, reports.DefaultPatternUpto, reports.DefaultPatternGrid),
		Example:           "  grundy pattern kayles\n  grundy pattern wythoff --upto 100 --json\n  grundy pattern fibonacci-nim\n  grundy pattern game.star --param k=3",
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: completeGame(isTabler),
		RunE: func(cmd *cobra.Command, args []string) error {
			upto := 0
			if cmd.Flags().Changed("upto") {
				var err error
				if upto, err = readUpto(uptoText, reports.MaxPatternUpto); err != nil {
					return err
				}
				if upto == 0 {
					return fmt.Errorf("bad --upto %q: expected a whole number from 1 to %d", uptoText, reports.MaxPatternUpto)
				}
			}
			inst, err := catalog.Lookup(args[0])
			if err != nil {
				return err
			}
			opts := catalog.Options{}
			if template != "" {
				if !isScript(args[0]) {
					return fmt.Errorf("--pos-template is for game scripts (a GAME ending in .star); the cells of %q are its heaps", args[0])
				}
				if opts.Template, err = catalog.ParseTemplate(template); err != nil {
					return fmt.Errorf("--pos-template: %w", err)
				}
			}
			limits.options(&opts)
			if err := script.apply(args[0], &opts); err != nil {
				return err
			}
			ctx, cancel := limits.context(cmd.Context())
			defer cancel()
			rep, err := reports.Patterns(ctx, inst, upto, opts)
			if err != nil {
				return timedOut(ctx, err)
			}
			if jsonOut {
				return writeJSON(cmd.OutOrStdout(), rep)
			}
			printPatterns(cmd.OutOrStdout(), rep)
			return nil
		},
	}
	jsonFlag(cmd, &jsonOut)
	limits.register(cmd, "positions")
	script.register(cmd, false)
	cmd.Flags().StringVar(&template, "pos-template", "", "game scripts: the position of n (and m), as grundy table reads it, e.g. '({n},)' or '\"{n:ab}\"'")
	cmd.Flags().StringVar(&uptoText, "upto", "", fmt.Sprintf("compute `N` values, or an N×N grid for pairs (default %d, %d for pairs)", reports.DefaultPatternUpto, reports.DefaultPatternGrid))
	return cmd
}

func printPatterns(w io.Writer, r *reports.PatternReport) {
	what := fmt.Sprintf("G(n) for n < %d", r.CheckedUpto)
	if r.Grid {
		what = fmt.Sprintf("G(a, b) for a, b < %d", r.CheckedUpto)
	}
	if !r.ValuesKnown {
		what = fmt.Sprintf("which n < %d are P-positions", r.CheckedUpto)
		if r.Grid {
			what = fmt.Sprintf("which (a, b) with a, b < %d are P-positions", r.CheckedUpto)
		}
	}
	fmt.Fprintf(w, "%s: %s, computed by %s\n", r.Game, what, r.Source)
	if r.BudgetReached {
		fmt.Fprintf(w, "(the values computed within %v; --upto N computes N, within --timeout)\n", reports.DefaultPatternTime)
	}
	if len(r.Patterns) == 0 {
		fmt.Fprintln(w, "no pattern fits every value computed")
		return
	}
	for i, p := range r.Patterns {
		fmt.Fprintf(w, "\n%d. %-12s of the %s\n", i+1, p.Kind, p.Of)
		fmt.Fprintf(w, "   rule:    %s\n", p.Rule)
		fmt.Fprintf(w, "   formula: %s\n", p.Formula)
		fmt.Fprintf(w, "   checked: %s\n", p.Checked(r.Grid))
	}
}
