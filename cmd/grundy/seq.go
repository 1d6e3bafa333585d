package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/spf13/cobra"
)

func newSeqCmd() *cobra.Command {
	var (
		script       scriptArgs
		template     string
		jsonOut      bool
		uptoText     string
		out, resume  string
		method       string
		noPeriodFill bool
		spill        string
		spillBudget  int64 = 4 << 30
	)
	cmd := &cobra.Command{
		Use:   "seq GAME --upto N",
		Short: "Sprague–Grundy values G(0..N-1) of a heap game, with the period found and proven",
		Long: `Compute G(0), …, G(N-1) of a take-and-break game on one heap, and find
the least period and preperiod the values show. "proven" is true only when
a theorem guarantees the period for every heap: the Guy–Smith periodicity
theorem for finite octal and hexadecimal codes (values checked up to
2(preperiod+period)+t, t the most tokens a move removes; 3(…)+t when moves
leave three heaps), the state-repetition argument for finite subtraction
sets (preperiod+period+t). Arithmetic periodicity, G(n+p) = G(n) + s, is
reported when there is no period (never proven here). For a game that
splits heaps the rare values are stated too: the values v with an even
number of ones in v AND M, for the mask M that makes them fewest (the
sparse set the method rests on; for Grundy's game Flammenkamp's 1287,
the last at n = 48,399,022).

Long runs show progress on a terminal and stop cleanly on Ctrl-C; with
--out FILE the values are saved compressed (also when interrupted), and
--resume FILE continues from them. With --spill FILE, values past
--spill-budget bytes (default 4GiB) are kept in FILE, mapped into memory,
so that a run is bounded by the disk rather than the RAM; the file counts
the values written as it goes, and --resume FILE continues from it, in
place, even after the process was killed. It is removed once --out holds
the values.

Games:
` + seqGames(),
		Example: "  grundy seq kayles --upto 200\n  grundy seq octal:0.376 --upto 5000000 --out 376.zst\n  grundy seq grundy-game --upto 100000000 --out gg.zst --resume gg.zst",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			inst, err := catalog.Lookup(args[0])
			if err != nil {
				return err
			}
			game, seqErr := reports.AsSequencer(inst)
			if seqErr != nil || isScript(args[0]) {
				return tableSeq(cmd, inst, uptoText, jsonOut, &script, template, seqErr)
			}
			if err := script.apply(args[0], &catalog.Options{}); err != nil {
				return err
			}
			if template != "" {
				return fmt.Errorf("--pos-template is for game scripts (a GAME ending in .star); the heaps of %q are its positions", args[0])
			}
			upto, err := parseUpto(uptoText, game)
			if err != nil {
				return err
			}
			opts := reports.SeqOptions{NoPeriodFill: noPeriodFill, SpillPath: spill, SpillBudget: spillBudget}
			// --method means what it means in solve and table: auto is
			// the fast method (the sparse-space engine), search the
			// plain computation over every option, the witness; the
			// engines' own names are accepted too.
			switch method {
			case "auto", "sparse":
			case "search", "plain":
				opts.Plain = true
			case "closed":
				return fmt.Errorf("--method closed: seq computes values, it has no closed form; use auto or search")
			default:
				return fmt.Errorf("bad --method %q: expected auto (the sparse-space method) or search (every option, the witness)", method)
			}
			if out != "" {
				// Before the work: a run of hours must not end in "is a
				// directory".
				if err := checkOutPath("--out", out); err != nil {
					return err
				}
				cleanStale(filepath.Dir(out), seqTempPrefix)
			}
			if spill != "" {
				if err := checkOutPath("--spill", spill); err != nil {
					return err
				}
			}
			if resume != "" {
				if opts.Resume, err = reports.ReadSeqFile(resume, game, upto); err != nil {
					return fmt.Errorf("--resume %s: %v", resume, plainError(err))
				}
			}
			p := newProgress()
			opts.Progress = func(n int) { p.Report(n, "values") }
			rep, err := reports.SequenceOf(cmd.Context(), game, upto, opts)
			p.Done()
			if err != nil {
				if errors.Is(err, context.Canceled) && out != "" && rep != nil && rep.Values.Len() > opts.Resume.Len() {
					if serr := saveValues(out, rep); serr != nil {
						return serr
					}
					fmt.Fprintf(os.Stderr, "grundy: interrupted after %d values, saved in %s; continue with --resume %s\n", rep.Values.Len(), out, out)
				} else if errors.Is(err, context.Canceled) && rep != nil && rep.Values.Spilled() {
					fmt.Fprintf(os.Stderr, "grundy: interrupted after %d values, kept in the spill file; continue with --resume of it\n", rep.Values.Len())
				}
				return err
			}
			if out != "" {
				if err := saveValues(out, rep); err != nil {
					return err
				}
				if spill != "" && rep.Values.Spilled() {
					os.Remove(spill) // --out holds the values now
				}
			}
			w := bufio.NewWriterSize(cmd.OutOrStdout(), 1<<16)
			if jsonOut {
				rep.WriteJSON(w)
				w.WriteString("\n")
			} else {
				printSeq(w, rep)
			}
			return w.Flush()
		},
	}
	cmd.Flags().StringVar(&uptoText, "upto", "", "compute G(0) … G(N-1) (required)")
	cmd.Flags().BoolVar(&jsonOut, "json", false, "print one JSON object")
	cmd.Flags().StringVar(&out, "out", "", "save the values, zstd-compressed, in this file")
	cmd.Flags().StringVar(&resume, "resume", "", "start from the values saved in this file by --out")
	cmd.Flags().StringVar(&method, "method", "auto", "auto (the sparse-space method) or search (every option, the plain witness)")
	cmd.Flags().BoolVar(&noPeriodFill, "no-period-fill", false, "compute every value even after the period is proven")
	cmd.Flags().StringVar(&spill, "spill", "", "keep values past --spill-budget in this memory-mapped file (--resume continues from it)")
	cmd.Flags().Var(&byteSize{&spillBudget}, "spill-budget", "bytes of values kept in ordinary memory before they go to the --spill file")
	script.register(cmd, false)
	cmd.Flags().StringVar(&template, "pos-template", "", "game scripts: the position of n, a literal with {n} where the number goes, e.g. '({n},)' (see grundy table --help)")
	_ = cmd.MarkFlagRequired("upto")
	return cmd
}

// maxTableSeqUpto bounds --upto for a sequence read off a table: each
// value is a position solved by search.
const maxTableSeqUpto = maxTableUpto

// tableSeq is seq for a game the heap engine does not know, whose table
// is a row of Sprague–Grundy values (a game script of one int): its
// values, with the period found by the heap engine's code, never proven.
// seqErr is what to say for a game without such a table.
func tableSeq(cmd *cobra.Command, inst catalog.Instance, uptoText string, jsonOut bool, script *scriptArgs, template string, seqErr error) error {
	for _, name := range []string{"out", "resume", "spill", "spill-budget", "no-period-fill"} {
		if cmd.Flags().Changed(name) {
			if seqErr == nil {
				seqErr = fmt.Errorf("%s is a game script", inst.Spec())
			}
			return fmt.Errorf("--%s is for games the heap engine computes; %v", name, seqErr)
		}
	}
	if m, _ := cmd.Flags().GetString("method"); m == "closed" {
		return fmt.Errorf("--method closed: seq computes values, it has no closed form; use auto or search")
	}
	n, ok := parseCount(uptoText)
	if !ok || n < 1 || n > maxTableSeqUpto {
		return fmt.Errorf("--upto %q: expected a number of values from 1 to %d for %s", uptoText, maxTableSeqUpto, inst.Spec())
	}
	opts := catalog.Options{Memory: budget.NewBytes(budget.DefaultMemory())}
	if err := script.apply(inst.Spec(), &opts); err != nil {
		return err
	}
	if template != "" {
		if !isScript(inst.Spec()) {
			return fmt.Errorf("--pos-template is for game scripts (a GAME ending in .star); the heaps of %q are its positions", inst.Spec())
		}
		t, err := catalog.ParseTemplate(template)
		if err != nil {
			return fmt.Errorf("--pos-template: %w", err)
		}
		opts.Template = t
	}
	p := newProgress()
	opts.Progress = func(n int) { p.Report(n, "positions") }
	rep, err := reports.TableSequence(cmd.Context(), inst, int(n), opts, seqErr)
	p.Done()
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(cmd.OutOrStdout(), 1<<16)
	if jsonOut {
		rep.WriteJSON(w)
		w.WriteString("\n")
	} else {
		printSeq(w, rep)
	}
	return w.Flush()
}

// seqGames lists the games that have a sequence, for the help.
func seqGames() string {
	var b strings.Builder
	for _, e := range reports.SequenceGames() {
		fmt.Fprintf(&b, "  %-14s %s\n", e.Usage(), e.Summary)
	}
	return b.String()
}

func parseUpto(s string, g reports.Sequencer) (int, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if max := reports.SeqMaxUpto(g); err != nil || n < 1 || n > int64(max) {
		return 0, fmt.Errorf("--upto %q: expected a number of values from 1 to %d for %s", s, max, g.Spec())
	}
	return int(n), nil
}

// saveValues writes the file whole or not at all (writeFileAtomic).
func saveValues(path string, rep *reports.SeqReport) error {
	return writeFileAtomic("--out", path, seqTempPrefix, func(w io.Writer) error {
		return reports.WriteSeqFile(w, rep)
	})
}

// printSeq shows the values in rows of the period length (so the periodic
// part shows as repeated rows), with what they mean. Long runs show the
// first rows, the rows where the period starts, and the last rows.
func printSeq(w io.Writer, rep *reports.SeqReport) {
	spec, v := rep.Game, rep.Values
	n := v.Len()
	fmt.Fprintf(w, "%s: G(n), the Sprague–Grundy value of a heap of n, for n = 0 … %d (0: the player to move loses)\n", spec, n-1)
	row, start := 10, -1
	switch {
	case rep.Periodic:
		how := "not proven: the values show it, no theorem here covers this game or more values are needed"
		if rep.Proven {
			how = "proven by the " + rep.Theorem
		} else if rep.Needed > 0 {
			how = fmt.Sprintf("not proven yet: the proof needs %d values", rep.Needed)
		}
		fmt.Fprintf(w, "period %d from n = %d, %s\n", rep.Period, rep.Preperiod, how)
		row, start = rep.Period, rep.Preperiod
	case rep.Arithmetic != nil:
		a := rep.Arithmetic
		fmt.Fprintf(w, "arithmetic period %d with saltus %d from n = %d: G(n+%d) = G(n) + %d (what the values show; not proven)\n",
			a.Period, a.Saltus, a.Preperiod, a.Period, a.Saltus)
		row, start = a.Period, a.Preperiod
	default:
		fmt.Fprintln(w, "no period shows in these values")
	}
	if n == 0 {
		return
	}
	printRare(w, rep)
	if row > 40 {
		row = 10
	}
	width := len(strconv.FormatUint(uint64(v.Max()), 10))
	rows := (n + row - 1) / row
	show := func(r int) bool {
		if rows <= 60 || r < 20 || r >= rows-3 {
			return true
		}
		return start >= 0 && r >= start/row-3 && r <= start/row+3
	}
	labelWidth := len(strconv.Itoa(n - 1))
	gap := false
	for r := range rows {
		if !show(r) {
			gap = true
			continue
		}
		if gap {
			fmt.Fprintf(w, "%*s\n", labelWidth+2, "…")
			gap = false
		}
		fmt.Fprintf(w, "%*d:", labelWidth, r*row)
		for i := r * row; i < min(n, (r+1)*row); i++ {
			fmt.Fprintf(w, " %*d", width, v.At(i))
		}
		fmt.Fprintln(w)
	}
}

// printRare states the rare values of a game that splits heaps: the sparse
// set of the sparse method (heap.Values.Sparse), which Flammenkamp
// publishes for octal games and Grundy's game.
func printRare(w io.Writer, rep *reports.SeqReport) {
	sp, ok := rep.Rare()
	if !ok {
		return
	}
	fmt.Fprintf(w, "rare values: %d of %d (v with an even number of ones in v AND %b, binary, the mask that makes them fewest)", sp.Count, rep.Values.Len(), sp.Mask)
	if sp.Last >= 0 {
		fmt.Fprintf(w, ", the last at n = %d", sp.Last)
	}
	fmt.Fprintln(w)
}
