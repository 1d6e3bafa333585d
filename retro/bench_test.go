package retro

import (
	"context"
	"fmt"
	"github.com/grundy-go/grundy/internal/cputime"
	"os"
	"testing"
	"unsafe"
)

// splitmix64 is a fixed, fast hash used to list a random graph's arcs
// twice without storing them.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// randomArcs lists m arcs from uniformly random nodes of [0, n). With
// backOneIn = 1 every head is uniform too: cycles, self-loops, parallel
// arcs and (about e^-5 of the nodes) sinks; most nodes end up drawn. With
// backOneIn = k > 1 the head is a uniform lower-numbered node except for
// one arc in k, so most nodes are resolved; with backOneIn = 0 never (an
// acyclic graph: every node resolved).
func randomArcs(n int, m int64, seed uint64, backOneIn uint64) func(yield func(from, to int32) bool) {
	return func(yield func(from, to int32) bool) {
		for i := range m {
			h := splitmix64(seed ^ uint64(i))
			u := int32((h >> 32) * uint64(n) >> 32)
			var v int32
			if backOneIn != 0 && splitmix64(h)%backOneIn == 0 || u == 0 {
				v = int32((h & 0xffffffff) * uint64(n) >> 32)
				if backOneIn == 0 {
					continue // node 0 stays a sink
				}
			} else {
				v = int32((h & 0xffffffff) * uint64(u) >> 32)
			}
			if !yield(u, v) {
				return
			}
		}
	}
}

func sliceBytes[T any](s []T) int64 { var z T; return int64(cap(s)) * int64(unsafe.Sizeof(z)) }

// BenchmarkRandomGraph solves a random graph with n nodes and 5n arcs:
// win/lose/draw and remoteness of every node. The sizes from 10^6 nodes up run only
// with GRUNDY_BENCH_LARGE=1 (10^7 nodes need about 0.5 GB).
func BenchmarkRandomGraph(b *testing.B) {
	kinds := []struct {
		name      string
		backOneIn uint64
		workers   int
	}{{"uniform", 1, 0}, {"mostly-down", 20, 0}, {"acyclic", 0, 0}, {"acyclic-2-workers", 0, 2}}
	for _, kind := range kinds {
		for _, n := range []int{10_000, 1_000_000, 10_000_000} {
			b.Run(fmt.Sprintf("%s/nodes=%d", kind.name, n), func(b *testing.B) {
				if n >= 1_000_000 && os.Getenv("GRUNDY_BENCH_LARGE") == "" {
					b.Skip("set GRUNDY_BENCH_LARGE=1 for graphs of 10^6 nodes and more")
				}
				m := int64(5 * n)
				arcs := randomArcs(n, m, 42, kind.backOneIn)
				// The reverse graph is built directly from the generator: no
				// list of arcs is ever held.
				pred, err := Build(n, func(yield func(a, b int32) bool) {
					arcs(func(u, v int32) bool { return yield(v, u) })
				})
				if err != nil {
					b.Fatal(err)
				}
				deg := make([]uint32, n)
				arcs(func(u, v int32) bool { deg[u]++; return true })
				moves := make([]uint32, n)
				b.ResetTimer()
				var res *Result
				var cpu float64
				for range b.N {
					b.StopTimer()
					copy(moves, deg)
					b.StartTimer()
					cpu0 := cputime.Process().Seconds()
					res, err = Solve(context.Background(), &Problem{Pred: pred, Moves: moves}, Options{Workers: kind.workers})
					cpu += cputime.Process().Seconds() - cpu0
					if err != nil {
						b.Fatal(err)
					}
				}
				b.StopTimer()
				cpu /= float64(b.N)
				sec := b.Elapsed().Seconds() / float64(b.N)
				m = pred.Arcs()
				bytes := sliceBytes(pred.Off) + sliceBytes(pred.Adj) + sliceBytes(moves) +
					sliceBytes(res.Outcome) + sliceBytes(res.Remoteness) + int64(n)*4 // the queue
				b.ReportMetric(float64(n)/sec, "positions/s")
				b.ReportMetric(float64(m)/sec, "edges/s")
				b.ReportMetric(float64(bytes)/float64(m), "bytes/edge")
				b.ReportMetric(float64(res.Endless)/float64(n), "drawn-fraction")
				b.ReportMetric(float64(pred.Arcs()), "edges")
				// CPU time, besides wall time: on a shared machine the wall
				// time includes waiting for a core.
				b.ReportMetric(cpu, "cpu-s/op")
			})
		}
	}
}
