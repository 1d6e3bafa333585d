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

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/heap"
)

func newSeqCmd() *cobra.Command {
	var (
		jsonOut      bool
		uptoText     string
		out, resume  string
		method       string
		noPeriodFill bool
	)
	var games strings.Builder
	for _, n := range heap.Names() {
		fmt.Fprintf(&games, "  %-12s %s\n", n[0], n[1])
	}
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
reported when there is no period (never proven here).

Long runs show progress on a terminal and stop cleanly on Ctrl-C; with
--out FILE the values are saved compressed (also when interrupted), and
--resume FILE continues from them.

Games:
` + games.String(),
		Example: "  grundy seq kayles --upto 200\n  grundy seq octal:0.376 --upto 5000000 --out 376.zst\n  grundy seq grundy-game --upto 100000000 --out gg.zst --resume gg.zst",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rule, err := heap.Parse(args[0])
			if err != nil {
				return err
			}
			upto, err := parseUpto(uptoText, rule)
			if err != nil {
				return err
			}
			opts := heap.Options{UsePeriod: !noPeriodFill}
			switch method {
			case "sparse":
			case "plain":
				opts.Method = heap.Plain
			default:
				return fmt.Errorf("--method %q: expected sparse or plain", method)
			}
			if out != "" {
				// Before the work: a run of hours must not end in "is a
				// directory".
				if err := checkOutPath("--out", out); err != nil {
					return err
				}
				cleanStale(filepath.Dir(out), seqTempPrefix)
			}
			var prev *heap.Values
			if resume != "" {
				if prev, err = loadValues(resume, rule, upto); err != nil {
					return err
				}
			}
			p := newProgress()
			opts.Progress = func(n int) { p.Report(n, "values") }
			vals, err := heap.Extend(cmd.Context(), rule, prev, upto, opts)
			p.Done()
			if err != nil {
				if errors.Is(err, context.Canceled) && out != "" && vals != nil && vals.Len() > prev.Len() {
					if serr := saveValues(out, rule, vals); serr != nil {
						return serr
					}
					fmt.Fprintf(os.Stderr, "grundy: interrupted after %d values, saved in %s; continue with --resume %s\n", vals.Len(), out, out)
				}
				return err
			}
			if out != "" {
				if err := saveValues(out, rule, vals); err != nil {
					return err
				}
			}
			per := heap.FindPeriod(vals, rule)
			w := bufio.NewWriterSize(cmd.OutOrStdout(), 1<<16)
			if jsonOut {
				writeSeqJSON(w, rule.Spec, vals, per)
			} else {
				printSeq(w, rule.Spec, vals, per)
			}
			return w.Flush()
		},
	}
	cmd.Flags().StringVar(&uptoText, "upto", "", "compute G(0) … G(N-1) (required)")
	cmd.Flags().BoolVar(&jsonOut, "json", false, "print one JSON object")
	cmd.Flags().StringVar(&out, "out", "", "save the values, zstd-compressed, in this file")
	cmd.Flags().StringVar(&resume, "resume", "", "start from the values saved in this file by --out")
	cmd.Flags().StringVar(&method, "method", "sparse", "sparse (the sparse-space method) or plain (every option, the witness)")
	cmd.Flags().BoolVar(&noPeriodFill, "no-period-fill", false, "compute every value even after the period is proven")
	_ = cmd.MarkFlagRequired("upto")
	return cmd
}

func parseUpto(s string, r *heap.Rule) (int, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 || n > int64(heap.MaxUpto(r)) {
		return 0, fmt.Errorf("--upto %q: expected a number of values from 0 to %d for %s", s, heap.MaxUpto(r), r.Spec)
	}
	return int(n), nil
}

// loadValues reads the values saved in path, of which a run to upto needs
// the first upto: the file's header is checked against its size before
// anything is allocated, and no more than upto values are kept.
func loadValues(path string, r *heap.Rule, upto int) (*heap.Values, error) {
	spec, v, err := heap.LoadFile(path, heap.MaxUpto(r), upto)
	if err != nil {
		return nil, fmt.Errorf("--resume %s: %v", path, plainError(err))
	}
	if spec != r.Spec {
		return nil, fmt.Errorf("--resume %s: the file holds values of %s, not %s", path, spec, r.Spec)
	}
	return v, nil
}

// saveValues writes the file whole or not at all (writeFileAtomic).
func saveValues(path string, r *heap.Rule, v *heap.Values) error {
	return writeFileAtomic("--out", path, seqTempPrefix, func(w io.Writer) error {
		return heap.Save(w, r.Spec, v)
	})
}

// writeSeqJSON writes the seq JSON contract of DESIGN.md, streaming the
// values (there may be hundreds of millions).
func writeSeqJSON(w *bufio.Writer, spec string, v *heap.Values, p heap.Period) {
	q := strconv.Quote(spec) // a spec is ASCII without control characters
	fmt.Fprintf(w, `{"game":%s,"values":[`, q)
	var buf []byte
	for i := range v.Len() {
		buf = buf[:0]
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = strconv.AppendUint(buf, uint64(v.At(i)), 10)
		w.Write(buf)
	}
	if p.Found {
		fmt.Fprintf(w, `],"preperiod":%d,"period":%d,"proven":%t`, p.Preperiod, p.Period, p.Proven)
	} else {
		fmt.Fprint(w, `],"preperiod":null,"period":null,"proven":false`)
	}
	if p.Arith {
		fmt.Fprintf(w, `,"arithmetic_period":{"preperiod":%d,"period":%d,"saltus":%d}`, p.ArithPreperiod, p.ArithPeriod, p.Saltus)
	}
	w.WriteString("}\n")
}

// printSeq shows the values in rows of the period length (so the periodic
// part shows as repeated rows), with what they mean. Long runs show the
// first rows, the rows where the period starts, and the last rows.
func printSeq(w io.Writer, spec string, v *heap.Values, p heap.Period) {
	n := v.Len()
	fmt.Fprintf(w, "%s: G(n), the Sprague–Grundy value of a heap of n, for n = 0 … %d (0: the player to move loses)\n", spec, n-1)
	row, start := 10, -1
	switch {
	case p.Found:
		how := "not proven: the values show it, no theorem here covers this game or more values are needed"
		if p.Proven {
			how = "proven by the " + p.Theorem
		} else if p.Needed > 0 {
			how = fmt.Sprintf("not proven yet: the proof needs %d values", p.Needed)
		}
		fmt.Fprintf(w, "period %d from n = %d, %s\n", p.Period, p.Preperiod, how)
		row, start = p.Period, p.Preperiod
	case p.Arith:
		fmt.Fprintf(w, "arithmetic period %d with saltus %d from n = %d: G(n+%d) = G(n) + %d (what the values show; not proven)\n",
			p.ArithPeriod, p.Saltus, p.ArithPreperiod, p.ArithPeriod, p.Saltus)
		row, start = p.ArithPeriod, p.ArithPreperiod
	default:
		fmt.Fprintln(w, "no period shows in these values")
	}
	if n == 0 {
		return
	}
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
