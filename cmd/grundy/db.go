package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/strong"
)

// grundy db: strongly solved games in databases (catalog/strong).

func newDBCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "db",
		Short: "Solve a board game whole into a database, and query it",
		Long: `Strongly solve a game split into tiers (tictactoe, connect4:WxH) into a
database directory: every position reachable from the start with its
outcome and remoteness, in compressed files. Then answer for any position
from the files alone.

  grundy db build connect4:5x4 --out c4-5x4
  grundy db query c4-5x4 4453 --json
  grundy db stats c4-5x4`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return fmt.Errorf("expected a subcommand: build, query, stats, index or repack (see 'grundy db --help')")
		},
	}
	cmd.AddCommand(newDBBuildCmd(), newDBQueryCmd(), newDBStatsCmd(), newDBIndexCmd(), newDBRepackCmd())
	return cmd
}

func newDBBuildCmd() *cobra.Command {
	var out, from string
	var asJSON bool
	var params []string
	maxMemory := budget.DefaultMemory()
	cmd := &cobra.Command{
		Use:   "build GAME --out DIR",
		Short: "Solve every position of a game into a database directory",
		Long: `Solve every position reachable from the start of GAME, one tier at a time
(tiers of pieces on the board), into the directory DIR. The build shows
its progress per tier on a terminal; Ctrl-C stops it, and the same command
run again resumes after the last tier finished.

With --from POSITION the database holds every position reachable from
POSITION instead of the start (an endgame database: nine men's morris from
a position of the moving phase); its queries answer those positions, and
a query with no position answers POSITION.`,
		Example:           "  grundy db build tictactoe --out ttt\n  grundy db build connect4:5x4 --out c4-5x4\n  grundy db build morris:9 --from 'WWWW....BBBB............:W:0,0' --out m9-4v4",
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: completeGame(nil),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return fmt.Errorf("expected --out DIR: the directory to write the database in")
			}
			if st, err := os.Stat(out); err == nil && !st.IsDir() {
				return fmt.Errorf("--out %s: not a directory", out)
			}
			if cmd.Flags().Changed("from") && strings.TrimSpace(from) == "" {
				return fmt.Errorf("--from needs a position (leave --from out to build from the start)")
			}
			pm, err := catalog.ParseParams(params)
			if err != nil {
				return err
			}
			if pm != nil && !strings.HasSuffix(args[0], ".star") {
				return fmt.Errorf("--param is for game scripts (a GAME ending in .star); %q takes its parameters after a colon", args[0])
			}
			inst, err := catalog.Lookup(args[0])
			if err != nil {
				return err
			}
			budget.SetProcessLimit(maxMemory)
			bar := newTierProgress(cmd.ErrOrStderr())
			res, err := strong.Build(cmd.Context(), inst, out, strong.BuildOptions{
				Memory:   budget.NewBytes(maxMemory),
				Reserve:  buildProcessBytes,
				Progress: bar.report,
				Params:   pm,
				From:     fromTokens(from),
			})
			bar.done()
			if err != nil {
				if errors.Is(err, context.Canceled) {
					fmt.Fprintf(cmd.ErrOrStderr(), "grundy: the build stopped; run the same command again to resume it\n")
				}
				return err
			}
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), map[string]any{
					"game": res.Game, "dir": res.Dir, "tiers": res.Tiers, "resumed": res.Resumed,
					"positions": res.Positions, "bytes": res.Bytes,
				})
			}
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "%s solved into %s: %s positions in %d tiers, %s on disk\n",
				res.Game, res.Dir, thousands(res.Positions), res.Tiers, budget.FormatBytes(res.Bytes))
			if res.Resumed > 0 {
				fmt.Fprintf(w, "  %d of the tiers were finished by an earlier build\n", res.Resumed)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "the database directory (made if missing; an unfinished build there resumes)")
	cmd.Flags().StringVar(&from, "from", "", "build the positions reachable from `POSITION` instead of the start (as 'grundy solve GAME POSITION' writes it)")
	cmd.Flags().StringArrayVar(&params, "param", nil, "a game script's parameter `NAME=VALUE` (repeatable), kept in the database for its queries")
	cmd.Flags().Var(&byteSize{&maxMemory}, "max-memory", "memory the solver's tables may use, e.g. 4GiB (default half the machine's)")
	jsonFlag(cmd, &asJSON)
	return cmd
}

// fromTokens are the tokens of --from, split as a shell splits a
// position's arguments; nil without --from.
func fromTokens(from string) []string { return strings.Fields(from) }

// buildProcessBytes is what a db build's process takes besides the
// solver's tables: a build of tic-tac-toe, whose tables are a few
// kilobytes, peaks at 31 MiB resident (the program, the runtime, the
// zstd encoders' tables). A build by ranges plans within the rest of
// --max-memory.
const buildProcessBytes = 32 << 20

func newDBQueryCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "query DIR [POSITION...]",
		Short: "Answer for a position from a database",
		Long: `Answer for a position (the start when none is given) from the database in
DIR alone: its outcome, remoteness and winning moves, the fields of
'grundy solve'.`,
		Example: "  grundy db query ttt X...O....\n  grundy db query c4-5x4 4453 --json",
		Args:    cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			r, err := strong.Query(args[0], args[1:])
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), r)
			}
			printReport(cmd.OutOrStdout(), r)
			return nil
		},
	}
	jsonFlag(cmd, &asJSON)
	return cmd
}

// flagsNotForDB are solve's flags that steer a search, refused with --db
// (the limits, --timeout and --max-*, bound no search there, but a
// script that always passes them should not fail). Names solve does not
// register are never Changed.
var flagsNotForDB = []string{"method", "table", "tie-break", "float", "param", "pos", "max-steps", "tt-size", "max-nodes"}

// solveFromDB is `grundy solve GAME POSITION --db DIR`: the answer read
// from the database, as 'grundy db query' gives it. GAME must name the
// database's game (any alias or spelling of it: the specs are compared
// canonically); another game is an error naming both, rather than an
// answer for a game the user did not ask about. Flags that steer a search
// (--method, --table, a script's --param) are refused: nothing searches.
func solveFromDB(cmd *cobra.Command, inst catalog.Instance, dir string, tokens []string, asJSON bool) error {
	for _, name := range flagsNotForDB {
		if cmd.Flags().Changed(name) {
			return fmt.Errorf("--%s does not apply with --db: the answer is read from the database, not searched", name)
		}
	}
	d, err := strong.OpenFor(dir, inst)
	if err != nil {
		return err
	}
	defer d.Close()
	r, err := d.Query(tokens)
	if err != nil {
		return err
	}
	if asJSON {
		return writeJSON(cmd.OutOrStdout(), r)
	}
	printLabelled(cmd.OutOrStdout(), inst, tokens, r)
	return nil
}

func newDBStatsCmd() *cobra.Command {
	var asJSON bool
	var sample, format int
	var seed uint64
	cmd := &cobra.Command{
		Use:   "stats DIR",
		Short: "Count a database's positions by outcome and remoteness, per tier",
		Long: `Count a database's positions by outcome and remoteness, per tier, from its
manifest.

With --sample-density N, instead project the database's size in format 6
(what 'grundy db repack --format 6' would write), or with --format 7 in
format 7 (free records), from N blocks of each tier chosen at random, read,
checked and coded again, with the projection's sampling error (two standard
errors, about 95%).`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if cmd.Flags().Changed("format") && !cmd.Flags().Changed("sample-density") {
				return fmt.Errorf("--format projects a size: it needs --sample-density N")
			}
			if cmd.Flags().Changed("sample-density") {
				if sample < 1 {
					return fmt.Errorf("--sample-density needs a number of blocks a tier, at least 1")
				}
				p := newProgress()
				p.w = cmd.ErrOrStderr()
				e, err := strong.SampleDensity(cmd.Context(), args[0], sample, seed, format, func(done, total int64) { p.Report(int(done), "blocks sampled") })
				p.Done()
				if err != nil {
					return err
				}
				if asJSON {
					return writeJSON(cmd.OutOrStdout(), e)
				}
				printDensity(cmd, e, sample)
				return nil
			}
			s, err := strong.ReadStats(args[0])
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), s)
			}
			printStats(cmd.OutOrStdout(), s)
			return nil
		},
	}
	cmd.Flags().IntVar(&sample, "sample-density", 0, "project the size in format 6 from `N` random blocks a tier")
	cmd.Flags().Uint64Var(&seed, "seed", 1, "the random sample's seed (--sample-density)")
	cmd.Flags().IntVar(&format, "format", 6, "the format projected, 6 or 7 (--sample-density)")
	jsonFlag(cmd, &asJSON)
	return cmd
}

func printStats(w io.Writer, s *strong.Stats) {
	fmt.Fprintf(w, "%s: %s positions (N: the player to move wins, P: loses, D: draw), %s on disk\n",
		s.Game, thousands(s.Positions), budget.FormatBytes(s.Bytes))
	if s.From != "" {
		fmt.Fprintf(w, "  built from %s (--from): the positions reachable from it\n", s.From)
	}
	fmt.Fprintf(w, "  %s records, %s before compression (%.3f bytes a position)\n",
		thousands(s.Records), budget.FormatBytes(s.RawBytes), s.RawPerPosition)
	fmt.Fprintf(w, "  %-10s  %14s  %14s  %14s\n", "", "N", "P", "D")
	fmt.Fprintf(w, "  %-10s  %14s  %14s  %14s\n", "all", thousands(s.Outcomes.N), thousands(s.Outcomes.P), thousands(s.Outcomes.D))
	fmt.Fprintf(w, "\n  %-10s  %14s  %14s\n", "remoteness", "N (win in r)", "P (lose in r)")
	for _, r := range s.Remoteness {
		fmt.Fprintf(w, "  %-10d  %14s  %14s\n", r.Remoteness, thousands(r.N), thousands(r.P))
	}
	printScoreCounts(w, s)
	fmt.Fprintf(w, "\n  %-12s  %14s  %14s  %14s  %14s  %10s\n", "tier", "positions", "N", "P", "D", "bytes")
	for _, t := range s.Tiers {
		fmt.Fprintf(w, "  %-12s  %14s  %14s  %14s  %14s  %10s\n", t.Name, thousands(t.Positions),
			thousands(t.Outcomes.N), thousands(t.Outcomes.P), thousands(t.Outcomes.D), budget.FormatBytes(t.Bytes))
	}
}

// thousands writes n with commas: 69,763,700.
func thousands(n int64) string {
	s := fmt.Sprint(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// tierProgress draws a build's progress on a terminal: one line per
// tier's phase with positions done, the rate and an estimate of the time
// left in the tier, redrawn a few times a second. Like progress, it shows
// nothing when stderr is not a terminal, and writes $GRUNDY_PROGRESS_FILE.
type tierProgress struct {
	p       *progress
	tierAt  time.Time
	current strong.Progress
	// doneAt is Done when the tier's phase or step began: a build by
	// ranges counts Done over the whole tier, range after range.
	doneAt int64
}

func newTierProgress(w io.Writer) *tierProgress {
	p := newProgress()
	p.w = w
	return &tierProgress{p: p}
}

func (t *tierProgress) report(pr strong.Progress) {
	now := time.Now()
	if pr.Phase != t.current.Phase || pr.Tier != t.current.Tier || pr.Step != t.current.Step || t.tierAt.IsZero() {
		t.tierAt, t.doneAt = now, pr.Done
	}
	t.current = pr
	if t.p.file != "" && (t.p.fileLast.IsZero() || now.Sub(t.p.fileLast) >= time.Second || pr.Done == pr.Total) {
		t.p.fileLast = now
		os.WriteFile(t.p.file, []byte(fmt.Sprintf("%s %d/%d %s %d/%d\n", pr.Phase, pr.Index, pr.Tiers, pr.Name, pr.Done, pr.Total)), 0o666)
	}
	if !t.p.enabled || pr.Resumed || now.Sub(t.p.last) < 200*time.Millisecond {
		return
	}
	t.p.last = now
	t.p.shown = true
	phase := "reachable"
	if pr.Phase == "solve" {
		phase = "solving"
	}
	if pr.Step != "" {
		phase += " (" + pr.Step + ")"
	}
	line := fmt.Sprintf("%s tier %d/%d, %s: %s/%s positions", phase, pr.Index, pr.Tiers, pr.Name, thousands(pr.Done), thousands(pr.Total))
	if el := now.Sub(t.tierAt).Seconds(); el > 0.5 && pr.Done > t.doneAt {
		rate := float64(pr.Done-t.doneAt) / el
		line += fmt.Sprintf(", %s/s", thousands(int64(rate)))
		if pr.Total > pr.Done {
			line += fmt.Sprintf(", %s left in the tier", time.Duration(float64(pr.Total-pr.Done)/rate*float64(time.Second)).Round(time.Second))
		}
	}
	fmt.Fprintf(t.p.w, "\r\033[K%s; %s elapsed (Ctrl-C stops, rerun resumes)", line, now.Sub(t.p.start).Round(time.Second))
}

func (t *tierProgress) done() { t.p.Done() }
