package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog/strong"
	"github.com/spf13/cobra"
)

func newDBRepackCmd() *cobra.Command {
	var out string
	var asJSON bool
	var format int
	maxMemory := budget.DefaultMemory()
	cmd := &cobra.Command{
		Use:   "repack DIR --out NEWDIR",
		Short: "Rewrite a database in another format, without solving again",
		Long: `Rewrite the database in DIR, of any format this grundy reads, into the new
directory NEWDIR in the format builds write (format 5), tier by tier,
without solving again. Every block is checked as it is read, the new files
are read back and checked against the old blocks' checksums, and the counts
must equal the old manifest's. --format 6 writes the denser format 6 (blocks
coded by a context model where that is shorter: about 10% fewer bytes on
Connect-4, but a lookup that decodes its block takes about 6 times as
long), for an archive. --format 7 writes free records: the values a lookup
computes from the position itself (lost in 0, won in 1, lost in 2) and the
ranks no lookup asks for hold whatever codes shortest, in format 5's
blocks (Connect-4 5x5, whose positions are the moves played to them, so
that even their presence is free: about two thirds fewer bytes; Teeko 8%;
lookups as fast); its new blocks are checked against the old records they
must keep, only this grundy or a later one reads it, and it is not
repacked again. NEWDIR must not exist or be empty. Ctrl-C stops the repack and
leaves NEWDIR without a manifest (not a database); the same command run
again resumes it, keeping the tiers it finished and checked.`,
		Example: "  grundy db repack c4-5x5 --out c4-5x5-v6 --format 6",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return fmt.Errorf("expected --out NEWDIR: the new directory to write the database in")
			}
			budget.SetProcessLimit(maxMemory)
			p := newProgress()
			p.w = cmd.ErrOrStderr()
			report := func(pr strong.RepackProgress) {
				now := time.Now()
				line := fmt.Sprintf("tier %d/%d, %s: %s/%s blocks", pr.Index, pr.Tiers, pr.Name, thousands(pr.Done), thousands(pr.Total))
				if p.file != "" && (p.fileLast.IsZero() || now.Sub(p.fileLast) >= time.Second || pr.Done == pr.Total) {
					p.fileLast = now
					os.WriteFile(p.file, []byte(line+"\n"), 0o666)
				}
				if !p.enabled || now.Sub(p.last) < 200*time.Millisecond {
					return
				}
				p.last, p.shown = now, true
				fmt.Fprintf(p.w, "\r\033[Krepacking %s; %s elapsed (Ctrl-C stops)", line, now.Sub(p.start).Round(time.Second))
			}
			res, err := strong.Repack(cmd.Context(), args[0], out, format, maxMemory, report)
			p.Done()
			if err != nil {
				if errors.Is(err, context.Canceled) {
					fmt.Fprintf(cmd.ErrOrStderr(), "grundy: the repack stopped; %s holds no database yet: run the same command again to resume it\n", out)
				}
				return err
			}
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), map[string]any{
					"game": res.Game, "dir": res.Dir, "tiers": res.Tiers, "positions": res.Positions, "bytes": res.Bytes,
				})
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s repacked into %s: %s positions in %d tiers, %s on disk (%.4f bytes a position)\n",
				res.Game, res.Dir, thousands(res.Positions), res.Tiers, budget.FormatBytes(res.Bytes), float64(res.Bytes)/float64(max(res.Positions, 1)))
			return nil
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "the new database directory (must not exist or be empty, or hold this repack stopped midway)")
	cmd.Flags().IntVar(&format, "format", 0, "write format `N`: 5 (what builds write, the default), 6 (denser, slower lookups) or 7 (free records)")
	cmd.Flags().Var(&byteSize{&maxMemory}, "max-memory", "memory the repack may use, e.g. 4GiB (default half the machine's)")
	jsonFlag(cmd, &asJSON)
	return cmd
}

// printDensity writes a density estimate (db stats --sample-density).
func printDensity(cmd *cobra.Command, e strong.DensityEstimate, n int) {
	now, proj, se := e.BytesPerPosition()
	fmt.Fprintf(cmd.OutOrStdout(), "format %d: %s on disk, %.4f bytes a position\n", e.Format, budget.FormatBytes(e.Bytes), now)
	fmt.Fprintf(cmd.OutOrStdout(), "format %d, projected from %s of %s blocks (%d a tier at most): %s ± %s, %.4f ± %.4f bytes a position (two standard errors)\n",
		e.NewFormat, thousands(e.Sampled), thousands(e.Blocks), n, budget.FormatBytes(int64(e.Projected)), budget.FormatBytes(int64(2*e.StdErr)), proj, 2*se)
}
