// Command grundy-beam builds a strongly solved game's database with the
// tier solver run as an Apache Beam pipeline (package pipeline): on the
// in-process Prism runner, or on a Flink, Spark or Dataflow cluster. It
// writes the same files as `grundy db build`, which `grundy db query`
// and `grundy db stats` read.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/metrics"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/s3"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx" // runners, local and gs:// filesystems
	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/beam/pipeline"
	"github.com/grundy-go/grundy/catalog/strong"
	"github.com/grundy-go/grundy/db"
)

func main() {
	// A worker on a cluster runs this binary with Beam's worker flags:
	// Beam's harness takes over (beam.Init does not return then).
	for _, a := range os.Args[1:] {
		if a == "--worker" || strings.HasPrefix(a, "--worker=") {
			flag.Parse()
			beam.Init()
			return
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	root := &cobra.Command{
		Use:           "grundy-beam",
		Short:         "Strongly solve a game into a database with an Apache Beam pipeline",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(newBuildCmd())
	if err := root.ExecuteContext(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "grundy-beam:", err)
		os.Exit(1)
	}
}

func newBuildCmd() *cobra.Command {
	var (
		out      string
		split    int64
		attempts int
		rounds   int
	)
	cmd := &cobra.Command{
		Use:   "build GAME --out DIR [--runner prism|flink|spark|dataflow] [runner flags]",
		Short: "Solve every position of a game into a database directory",
		Long: `Solve every position reachable from the start of GAME into DIR (a local
path, gs://bucket/dir or s3://bucket/dir) with the tier solver run as an
Apache Beam pipeline: tiers whose children are done are solved in
parallel, one stage after another. The files are those 'grundy db build'
writes; a rerun skips the tiers already finished, and a failed run is
followed by another (--attempts runs in all) before the build gives up.

The runner flags are Beam's: --runner (prism, the default, runs in this
process), --endpoint (the job server of a Flink or Spark cluster),
--environment_type (LOOPBACK, DOCKER, PROCESS), --environment_config,
--job_name, and for Dataflow --project, --region, --temp_location,
--staging_location.`,
		Example: "  grundy-beam build connect4:4x4 --out c4-4x4\n" +
			"  grundy-beam build connect4:5x4 --out c4-5x4 --runner flink --endpoint localhost:8099 --environment_type LOOPBACK",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return fmt.Errorf("expected --out DIR: the directory to write the database in")
			}
			// Beam reads its flags from the standard flag set, which cobra
			// filled; Parse with no arguments only marks it parsed.
			if err := flag.CommandLine.Parse(nil); err != nil {
				return err
			}
			beam.Init()
			g, err := pipeline.Lookup(args[0])
			if err != nil {
				return err
			}
			local := !strings.Contains(out, "://")
			if local {
				if err := os.MkdirAll(out, 0o777); err != nil {
					return err
				}
				if d, err := db.Open(out, ""); err == nil {
					game := d.Game()
					d.Close()
					if game != g.Spec() {
						return fmt.Errorf("%s holds a database of %s, not %s", out, game, g.Spec())
					}
				}
			}
			if attempts < 1 {
				return fmt.Errorf("--attempts %d: want 1 or more runs of the pipeline", attempts)
			}
			opts := pipeline.BuildOptions{Options: pipeline.Options{SplitRanks: split, LoopyRounds: rounds}, Attempts: attempts, Log: cmd.ErrOrStderr()}
			// The reachability shuffle's volume, summed over the runs.
			var sentRanks, sentBytes int64
			run := func(ctx context.Context, p *beam.Pipeline) error {
				res, err := beamx.RunWithMetrics(ctx, p)
				if res != nil {
					for _, c := range res.Metrics().Query(func(r metrics.SingleResult) bool { return r.Namespace() == pipeline.MetricsNamespace }).Counters() {
						switch c.Name() {
						case pipeline.ReachRanksMetric:
							sentRanks += c.Result()
						case pipeline.ReachBytesMetric:
							sentBytes += c.Result()
						}
					}
				}
				return err
			}
			if err := pipeline.Build(cmd.Context(), g.Spec(), out, run, opts); err != nil {
				if errors.Is(err, context.Canceled) {
					fmt.Fprintln(cmd.ErrOrStderr(), "grundy-beam: the build stopped; run the same command again to resume it")
				}
				return err
			}
			w := cmd.OutOrStdout()
			if sentRanks > 0 {
				fmt.Fprintf(cmd.ErrOrStderr(), "grundy-beam: reachability by range sent %d child ranks (%d bytes) through the shuffle\n", sentRanks, sentBytes)
			}
			if !local {
				fmt.Fprintf(w, "%s solved into %s\n", g.Spec(), out)
				return nil
			}
			st, err := strong.ReadStats(out)
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "%s solved into %s: %d positions (N %d, P %d, D %d) in %d tiers, %d bytes on disk\n",
				st.Game, out, st.Positions, st.Outcomes.N, st.Outcomes.P, st.Outcomes.D, len(st.Tiers), st.Bytes)
			return nil
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "the database directory: a local path, gs://bucket/dir or s3://bucket/dir")
	cmd.Flags().Int64Var(&split, "split-ranks", 0, "solve a tier of more ranks than this as ranges of this many ranks, joined with its children's records by the pipeline, each range written as a part of the tier's file, so no worker holds a whole tier or its children; a multiple of 8192 makes the parts' assembly a copy (0: every tier whole, much faster while a worker's memory holds one)")
	cmd.Flags().IntVar(&rounds, "loopy-rounds", pipeline.DefaultLoopyRounds, "rounds of retrograde analysis laid out per stage for the loopy tiers split by --split-ranks (a tier needing more makes the build run again with twice as many)")
	cmd.Flags().IntVar(&attempts, "attempts", pipeline.DefaultAttempts, "run the pipeline at most this many times: a failed run is followed by another, which keeps the finished tiers and solves the rest (Prism does not retry a failed task; cluster runners retry theirs too)")
	cmd.Flags().AddGoFlagSet(flag.CommandLine)
	return cmd
}
