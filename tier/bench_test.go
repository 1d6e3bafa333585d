package tier_test

import (
	"context"
	"fmt"
	"github.com/grundy-go/grundy/internal/cputime"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/games/connect4"
	"github.com/grundy-go/grundy/tier"
)

// BenchmarkBuildConnect4 builds Connect-4 databases; run one size with
// -bench 'BuildConnect4/5x5' -benchtime 1x. It reports positions per
// second and the database's bytes per position. GRUNDY_BENCH_DIR keeps
// the database there (for the query benchmarks) instead of a temporary
// directory.
func BenchmarkBuildConnect4(b *testing.B) {
	for _, size := range [][2]int{{4, 4}, {5, 4}, {4, 5}, {5, 5}, {6, 5}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			// 5x5 takes a minute and 6x5 an hour and gigabytes: only
			// when asked, never in CI's one-iteration smoke run.
			if size[0]*size[1] > 20 && os.Getenv("GRUNDY_BENCH_LARGE") == "" {
				b.Skip("set GRUNDY_BENCH_LARGE=1 to build boards above 20 cells")
			}
			g, err := connect4.New(size[0], size[1], 4)
			if err != nil {
				b.Fatal(err)
			}
			spec := fmt.Sprintf("connect4:%dx%d", size[0], size[1])
			var mem *budget.Bytes
			var reserve int64
			if m := os.Getenv("GRUNDY_BENCH_MEMORY"); m != "" {
				n, err := budget.ParseBytes(m)
				if err != nil {
					b.Fatal(err)
				}
				mem, reserve = budget.NewBytes(n), 32<<20
			}
			for b.Loop() {
				dir := b.TempDir()
				if keep := os.Getenv("GRUNDY_BENCH_DIR"); keep != "" {
					dir = filepath.Join(keep, spec)
					os.RemoveAll(dir)
				}
				bl, err := db.Create(dir, spec)
				if err != nil {
					b.Fatal(err)
				}
				start := time.Now()
				res, err := tier.Solve(context.Background(), g, bl, tier.Options{Memory: mem, Reserve: reserve, Progress: func(p tier.Progress) {
					if os.Getenv("GRUNDY_BENCH_VERBOSE") != "" && p.Done == p.Total {
						fmt.Fprintf(os.Stderr, "%s %s %d/%d %s cpu %s\n", p.Phase, p.Name, p.Done, p.Total, time.Since(start).Round(time.Millisecond), cputime.Process().Round(time.Millisecond))
					}
				}})
				if err != nil {
					b.Fatal(err)
				}
				d, err := db.Open(dir, spec)
				if err != nil {
					b.Fatal(err)
				}
				st := d.Stats()
				d.Close()
				n := res.Count.Positions()
				b.ReportMetric(float64(n)/time.Since(start).Seconds(), "positions/s")
				b.ReportMetric(float64(st.Bytes)/float64(n), "bytes/position")
				b.ReportMetric(float64(n), "positions")
			}
		})
	}
}
