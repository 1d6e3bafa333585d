package loopy

import (
	"context"
	"fmt"
	"github.com/grundy-go/grundy/internal/cputime"
	"os"
	"testing"

	"github.com/grundy-go/grundy/retro"
)

func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// BenchmarkRandomGraph computes the generalized Sprague–Grundy values of a
// uniformly random graph with n nodes and 5n arcs (cycles, self-loops,
// parallel arcs, a few sinks). Sizes from 10^6 nodes up run only with
// GRUNDY_BENCH_LARGE=1.
func BenchmarkRandomGraph(b *testing.B) {
	for _, n := range []int{10_000, 1_000_000, 10_000_000} {
		b.Run(fmt.Sprintf("nodes=%d", n), func(b *testing.B) {
			if n >= 1_000_000 && os.Getenv("GRUNDY_BENCH_LARGE") == "" {
				b.Skip("set GRUNDY_BENCH_LARGE=1 for graphs of 10^6 nodes and more")
			}
			m := int64(5 * n)
			succ, err := retro.Build(n, func(yield func(a, b int32) bool) {
				for i := range m {
					h := splitmix64(42 ^ uint64(i))
					if !yield(int32((h>>32)*uint64(n)>>32), int32((h&0xffffffff)*uint64(n)>>32)) {
						return
					}
				}
			})
			if err != nil {
				b.Fatal(err)
			}
			pred := succ.Transpose()
			b.ResetTimer()
			var vs *Values
			var cpu float64
			for range b.N {
				cpu0 := cputime.Process().Seconds()
				vs, err = Solve(context.Background(), succ, pred, Options{})
				cpu += cputime.Process().Seconds() - cpu0
				if err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			sec := b.Elapsed().Seconds() / float64(b.N)
			infinite := 0
			for v := range int32(n) {
				if _, ok := vs.Nimber(v); !ok {
					infinite++
				}
			}
			b.ReportMetric(float64(n)/sec, "positions/s")
			b.ReportMetric(float64(m)/sec, "edges/s")
			b.ReportMetric(cpu/float64(b.N), "cpu-s/op")
			b.ReportMetric(float64(vs.Stages), "stages")
			b.ReportMetric(float64(infinite)/float64(n), "infinite-fraction")
		})
	}
}
