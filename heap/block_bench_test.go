package heap

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkSweepBlock8 measures the sparse method's block sweep alone:
// 1024 heaps against 1024 heaps, byte values (ns/pair).
func BenchmarkSweepBlock8(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	g := make([]uint8, 1<<20)
	for i := range g {
		g[i] = uint8(rng.IntN(200))
	}
	var heaps []uint32
	for h := 4096; h < 4096+1024; h++ {
		heaps = append(heaps, uint32(h))
	}
	rows := make([]byte, 1024*256)
	for b.Loop() {
		sweepBlock(rows, 256, g, 1<<19, 1024, []int{0}, true, heaps)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(1024*1024), "ns/pair")
}
