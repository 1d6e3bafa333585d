package domineering

import (
	"context"
	"fmt"
	"github.com/grundy-go/grundy/internal/cputime"
	"os"
	"runtime"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
)

// BenchmarkRectangles values empty rectangles from scratch (a fresh Space
// and evaluator each time) and reports the region transposition table's
// hit rate, the number of distinct regions and canonical games, the memo
// hit rates of sums and comparisons, and the memory held at the end.
//
// With GRUNDY_BENCH_LARGE=1 it also values 2x20, 3x10, 4x7 and 6x5 (a
// few seconds each); 5x7 and 6x6 take some five CPU-minutes each (6x6
// is TestSixBySix), 2x30 is out of reach (BENCHMARKS.md).
func BenchmarkRectangles(b *testing.B) {
	sizes := [][2]int{{2, 2}, {3, 3}, {3, 4}, {4, 4}, {4, 5}, {5, 4}, {5, 5}}
	if os.Getenv("GRUNDY_BENCH_LARGE") != "" {
		sizes = append(sizes, [2]int{2, 20}, [2]int{3, 10}, [2]int{4, 7}, [2]int{6, 5})
	}
	for _, size := range sizes {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			var e *partizan.Evaluator[Board]
			var s *cgt.Space
			var g cgt.Game
			cpu0 := cputime.Process()
			for i := 0; i < b.N; i++ {
				s = cgt.NewSpace()
				e, _ = partizan.New[Board](s, Game{})
				board, _ := Empty(size[0], size[1])
				var err error
				if g, err = e.Value(context.Background(), board); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64((cputime.Process()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			b.ReportMetric(100*float64(e.Hits)/float64(e.Hits+e.Misses), "region-hit%")
			b.ReportMetric(float64(e.Positions()), "regions")
			b.ReportMetric(float64(s.Len()), "games")
			b.ReportMetric(100*float64(s.Stats.SumHits)/float64(max(1, s.Stats.SumCalls)), "sum-hit%")
			b.ReportMetric(100*float64(s.Stats.LeqHits)/float64(max(1, s.Stats.LeqCalls)), "leq-hit%")
			b.ReportMetric(float64(ms.HeapAlloc)/(1<<20), "heap-MiB")
			runtime.KeepAlive(e)
			_ = g
		})
	}
}

// BenchmarkParallel values 4x5 and 5x5 with the root's options spread
// over two goroutines (ValueParallel), each with its own Space.
func BenchmarkParallel(b *testing.B) {
	for _, size := range [][2]int{{4, 5}, {5, 5}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			cpu0 := cputime.Process()
			for i := 0; i < b.N; i++ {
				s := cgt.NewSpace()
				e, _ := partizan.New[Board](s, Game{})
				board, _ := Empty(size[0], size[1])
				if _, err := e.ValueParallel(context.Background(), 2, board); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64((cputime.Process()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}
