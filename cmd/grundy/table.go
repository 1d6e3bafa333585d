package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

// maxTableUpto bounds --upto for tables: they are for looking at.
const maxTableUpto = 10_000_000

func newTableCmd() *cobra.Command {
	var (
		flags    solveFlags
		script   scriptArgs
		uptoText string
		svgOut   string
		csvOut   string
		template string
	)
	cmd := &cobra.Command{
		Use:   "table GAME --upto N",
		Short: "Tabulate values so the pattern shows: G(0..N-1), or the P-positions of a two-heap game",
		Long: `For a one-heap game, print the Sprague–Grundy values G(0), …, G(N-1).
For a two-heap game (wythoff, moore:1 with two heaps, …), print the N×N grid
of positions with the P-positions (the player to move loses) marked.

A game script is tabulated the same way: a cell n is the position n, or,
when the script's start is a pair of ints, the grid's cell (a, b) is the
position (a, b). --pos-template TEXT says which position a cell stands
for otherwise: TEXT is the position's literal with {n} (and {m}, for a
grid) where the numbers go, and {n:TEXT} for TEXT written n times, so
'({n},)' is a one-heap tuple, '"{n:H}"' a row of n H's, and
'({n:"{m:."}",})' an n×m board of dots. A template is filled in and read
as --pos reads a position; nothing of it is run.

A built-in partizan game of one or two numbers is tabulated as CGSuite
shows it: partizan-subtract's heaps n, or the cakes a×b of Cutcake, Eatcake
and Maundy Cake (from 1×1: a cake has no side of 0), each cell's
canonical form with its outcome class (L, R, N, P).

A cell holds what solve reports for its position: the Sprague–Grundy
value where the game has one; the outcome (P, N, D) and remoteness for a
script without (misère play, ends the rules decide, positions that
repeat, payoffs); the canonical form for a partizan script (what 'grundy
value' reports).

--json prints one object, --csv FILE writes one line a cell, and --svg
FILE draws the table as an SVG picture.`,
		Example:           "  grundy table subtract:1,3,4 --upto 40\n  grundy table wythoff --upto 30 --svg wythoff.svg\n  grundy table cutcake --upto 8\n  grundy table examples/mock.star --upto 32\n  grundy table twoheaps.star --upto 10 --param take=1,3 --json\n  grundy table examples/cram.star --upto 4 --pos-template '({n:\"{m:.}\",})'",
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: completeGame(isTabler),
		RunE: func(cmd *cobra.Command, args []string) error {
			upto, err := readUpto(uptoText, maxTableUpto)
			if err != nil {
				return err
			}
			for flag, path := range map[string]string{"--svg": svgOut, "--csv": csvOut} {
				if path != "" {
					if err := checkOutPath(flag, path); err != nil {
						return err
					}
				}
			}
			var tmpl *catalog.Template
			if template != "" {
				if !isScript(args[0]) {
					return fmt.Errorf("--pos-template is for game scripts (a GAME ending in .star); the cells of %q are its heaps", args[0])
				}
				if tmpl, err = catalog.ParseTemplate(template); err != nil {
					return fmt.Errorf("--pos-template: %w", err)
				}
			}
			inst, err := catalog.Lookup(args[0])
			if err != nil {
				return err
			}
			tabler, ok := inst.(catalog.Tabler)
			if !ok {
				return fmt.Errorf("game %q has no value table: tables are for games on one or two heaps (or of one or two numbers: a partizan heap, a cake a×b)", inst.Spec())
			}
			p := newProgress()
			opts, err := flags.options(p)
			if err != nil {
				return err
			}
			if err := script.apply(args[0], &opts); err != nil {
				return err
			}
			opts.Template = tmpl
			ctx, cancel := flags.limits.context(cmd.Context())
			defer cancel()
			t, err := tabler.Table(ctx, upto, opts)
			p.Done()
			if err != nil {
				return timedOut(ctx, err)
			}
			if svgOut != "" {
				if err := reports.CheckTableSVG(t); err != nil {
					return fmt.Errorf("--svg %s: %w", svgOut, err)
				}
				svg := reports.TableSVG(t)
				cleanStale(filepath.Dir(svgOut), tableTempPrefix)
				if err := writeFileAtomic("--svg", svgOut, tableTempPrefix, func(w io.Writer) error {
					_, err := io.WriteString(w, svg)
					return err
				}); err != nil {
					return err
				}
			}
			if csvOut != "" {
				cleanStale(filepath.Dir(csvOut), tableTempPrefix)
				if err := writeFileAtomic("--csv", csvOut, tableTempPrefix, func(w io.Writer) error {
					return reports.TableCSV(w, t)
				}); err != nil {
					return err
				}
			}
			if flags.json {
				return writeJSON(cmd.OutOrStdout(), t)
			}
			printTable(cmd.OutOrStdout(), t)
			return nil
		},
	}
	flags.register(cmd, false)
	script.register(cmd, false)
	cmd.Flags().StringVar(&uptoText, "upto", "32", "tabulate heaps 0 … `N`-1 (an N×N grid for two)")
	cmd.Flags().StringVar(&svgOut, "svg", "", "also draw the table as SVG in this file")
	cmd.Flags().StringVar(&csvOut, "csv", "", "also write the table as CSV in this file, one line a cell")
	cmd.Flags().StringVar(&template, "pos-template", "", "game scripts: the position of a cell, a literal with {n} (and {m}) where the numbers go, e.g. '({n},)' or '\"{n:H}\"'")
	return cmd
}

func printTable(w io.Writer, t *catalog.Table) {
	fmt.Fprintf(w, "%s: %s\n", t.Game, t.Caption)
	switch {
	case t.Outcomes != nil:
		cells := make([]string, len(t.Outcomes))
		for i, o := range t.Outcomes {
			cells[i] = o + remText(t.Remoteness[i])
		}
		printRow(w, cells)
		return
	case t.Canonical != nil && t.Classes != nil:
		for n, v := range t.Canonical {
			fmt.Fprintf(w, "%6d: %s  %s\n", t.First+n, t.Classes[n], v)
		}
		return
	case t.Canonical != nil:
		for n, v := range t.Canonical {
			fmt.Fprintf(w, "%6d: %s\n", t.First+n, v)
		}
		return
	case t.CanonicalGrid != nil && t.ClassGrid != nil:
		printFormGrid(w, t.First, t.CanonicalGrid)
		return
	case t.CanonicalGrid != nil:
		for a, row := range t.CanonicalGrid {
			for b, v := range row {
				fmt.Fprintf(w, "(%d, %d): %s\n", t.First+a, t.First+b, v)
			}
		}
		return
	case t.OutcomeGrid != nil:
		printGrid(w, len(t.OutcomeGrid), func(a, b int) string { return t.OutcomeGrid[a][b] }, func(a int) int { return len(t.OutcomeGrid[a]) })
		return
	case t.Grid == nil:
		cells := make([]string, len(t.Values))
		for i, v := range t.Values {
			cells[i] = fmt.Sprint(v)
		}
		printRow(w, cells)
		return
	}
	printGrid(w, len(t.Grid), func(a, b int) string {
		if t.Grid[a][b] == 0 {
			return "P"
		}
		return "."
	}, func(a int) int { return len(t.Grid[a]) })
}

// remText writes a remoteness after an outcome: "P3"; nothing when it is
// not known.
func remText(r *int) string {
	if r == nil {
		return ""
	}
	return fmt.Sprint(*r)
}

// printRow prints a row of cells, ten a line, right-aligned.
func printRow(w io.Writer, cells []string) {
	const perRow = 10
	width := 1
	for _, c := range cells {
		width = max(width, len(c))
	}
	for i := 0; i < len(cells); i += perRow {
		fmt.Fprintf(w, "%6d:", i)
		for _, c := range cells[i:min(i+perRow, len(cells))] {
			fmt.Fprintf(w, " %*s", width, c)
		}
		fmt.Fprintln(w)
	}
}

// printGrid prints a grid: rows are the first number, columns the
// second, a cell one letter (P marks a P-position).
func printGrid(w io.Writer, n int, cell func(a, b int) string, rowLen func(a int) int) {
	fmt.Fprintf(w, "     b→")
	for b := 0; b < n; b += 5 {
		fmt.Fprintf(w, "%-10d", b)
	}
	fmt.Fprintln(w)
	for a := range n {
		var sb strings.Builder
		for b := range rowLen(a) {
			c := cell(a, b)
			if c == "N" {
				c = "."
			}
			sb.WriteString(c + " ")
		}
		fmt.Fprintf(w, "a=%3d  %s\n", a, strings.TrimRight(sb.String(), " "))
	}
}

// printFormGrid prints a built-in partizan game's table as CGSuite shows
// one: a grid with a row per a and a column per b, each column as wide as
// its widest form, so that the pattern (Cutcake's integers growing away
// from the diagonal) shows at a glance.
func printFormGrid(w io.Writer, first int, grid [][]string) {
	if len(grid) == 0 {
		return
	}
	head := make([]string, len(grid[0]))
	widths := make([]int, len(grid[0]))
	for b := range head {
		head[b] = fmt.Sprint(first + b)
		widths[b] = utf8.RuneCountInString(head[b])
		for a := range grid {
			widths[b] = max(widths[b], utf8.RuneCountInString(grid[a][b]))
		}
	}
	line := func(label string, cells []string) {
		var sb strings.Builder
		sb.WriteString(label)
		for b, c := range cells {
			sb.WriteString("  ")
			sb.WriteString(strings.Repeat(" ", widths[b]-utf8.RuneCountInString(c)))
			sb.WriteString(c)
		}
		fmt.Fprintln(w, strings.TrimRight(sb.String(), " "))
	}
	line(" a\\b", head)
	for a, row := range grid {
		line(fmt.Sprintf("%5d", first+a), row)
	}
}
