package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/catalog"
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
					_, err := io.WriteString(w, tableSVG(t))
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

// tableSVG draws a table: a bar per value for one heap, a square per
// position for two heaps (P-positions dark).
func tableSVG(t *catalog.Table) string {
	var sb strings.Builder
	const cell = 12
	if t.Grid != nil {
		n := len(t.Grid)
		size := n*cell + 2*cell
		fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n", size, size+cell, size, size+cell)
		fmt.Fprintf(&sb, `<title>%s: P-positions (dark) of the first %d×%d positions</title>`+"\n", escapeXML(t.Game), n, n)
		fmt.Fprintf(&sb, `<text x="%d" y="%d" font-family="sans-serif" font-size="10">%s: P-positions dark; a down, b across</text>`+"\n", cell, cell-2, escapeXML(t.Game))
		for a, row := range t.Grid {
			for b, v := range row {
				fill := "#f4f4f4"
				if v == 0 {
					fill = "#223a5e"
				}
				fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#ccc" stroke-width="0.5"/>`+"\n", cell+b*cell, 2*cell+a*cell, cell, cell, fill)
			}
		}
		sb.WriteString("</svg>\n")
		return sb.String()
	}
	var top uint64 = 1
	for _, v := range t.Values {
		top = max(top, v)
	}
	const barW, height = 8, 200
	width := len(t.Values)*barW + 2*cell
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n", width, height+3*cell, width, height+3*cell)
	fmt.Fprintf(&sb, `<title>%s: Sprague–Grundy values G(0..%d)</title>`+"\n", escapeXML(t.Game), len(t.Values)-1)
	fmt.Fprintf(&sb, `<text x="%d" y="%d" font-family="sans-serif" font-size="10">%s: G(n) for n = 0…%d (max %d); red marks G = 0</text>`+"\n", cell, cell-2, escapeXML(t.Game), len(t.Values)-1, top)
	for n, v := range t.Values {
		h := int(float64(v) / float64(top) * height)
		fill := "#223a5e"
		if v == 0 {
			fill, h = "#c0392b", 3
		}
		fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"><title>G(%d) = %d</title></rect>`+"\n", cell+n*barW, 2*cell+height-h, barW-1, h, fill, n, v)
	}
	sb.WriteString("</svg>\n")
	return sb.String()
}

func escapeXML(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}
