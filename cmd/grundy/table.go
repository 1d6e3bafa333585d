package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

// maxTableUpto bounds --upto for tables: they are for looking at.
const maxTableUpto = 10_000_000

func newTableCmd() *cobra.Command {
	var (
		flags    solveFlags
		uptoText string
		svgOut   string
	)
	cmd := &cobra.Command{
		Use:   "table GAME --upto N",
		Short: "Tabulate values so the pattern shows: G(0..N-1), or the P-positions of a two-heap game",
		Long: `For a one-heap game, print the Sprague–Grundy values G(0), …, G(N-1).
For a two-heap game (wythoff, moore:1 with two heaps, …), print the N×N grid
of positions with the P-positions (the player to move loses) marked.
--svg FILE draws the same table as an SVG picture.`,
		Example:           "  grundy table subtract:1,3,4 --upto 40\n  grundy table wythoff --upto 30 --svg wythoff.svg",
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: completeGame(isTabler),
		RunE: func(cmd *cobra.Command, args []string) error {
			upto, err := readUpto(uptoText, maxTableUpto)
			if err != nil {
				return err
			}
			if svgOut != "" {
				if err := checkOutPath("--svg", svgOut); err != nil {
					return err
				}
			}
			inst, err := catalog.Lookup(args[0])
			if err != nil {
				return err
			}
			tabler, ok := inst.(catalog.Tabler)
			if !ok {
				return fmt.Errorf("game %q has no value table: tables are for games on one or two heaps", inst.Spec())
			}
			p := newProgress()
			opts, err := flags.options(p)
			if err != nil {
				return err
			}
			ctx, cancel := flags.limits.context(cmd.Context())
			defer cancel()
			t, err := tabler.Table(ctx, upto, opts)
			p.Done()
			if err != nil {
				return timedOut(ctx, err)
			}
			if svgOut != "" {
				cleanStale(filepath.Dir(svgOut), tableTempPrefix)
				if err := writeFileAtomic("--svg", svgOut, tableTempPrefix, func(w io.Writer) error {
					_, err := io.WriteString(w, reports.TableSVG(t))
					return err
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
	cmd.Flags().StringVar(&uptoText, "upto", "32", "tabulate heaps 0 … `N`-1")
	cmd.Flags().StringVar(&svgOut, "svg", "", "also draw the table as SVG in this file")
	return cmd
}

func printTable(w io.Writer, t *catalog.Table) {
	fmt.Fprintf(w, "%s: %s\n", t.Game, t.Caption)
	if t.Grid == nil {
		const perRow = 10
		width := 1
		for _, v := range t.Values {
			width = max(width, len(fmt.Sprint(v)))
		}
		for i := 0; i < len(t.Values); i += perRow {
			fmt.Fprintf(w, "%6d:", i)
			for _, v := range t.Values[i:min(i+perRow, len(t.Values))] {
				fmt.Fprintf(w, " %*d", width, v)
			}
			fmt.Fprintln(w)
		}
		return
	}
	// Two heaps: rows are the first heap, columns the second.
	n := len(t.Grid)
	fmt.Fprintf(w, "     b→")
	for b := 0; b < n; b += 5 {
		fmt.Fprintf(w, "%-10d", b)
	}
	fmt.Fprintln(w)
	for a, row := range t.Grid {
		var sb strings.Builder
		for _, v := range row {
			switch {
			case v == 0:
				sb.WriteString("P ")
			default:
				sb.WriteString(". ")
			}
		}
		fmt.Fprintf(w, "a=%3d  %s\n", a, strings.TrimRight(sb.String(), " "))
	}
}
