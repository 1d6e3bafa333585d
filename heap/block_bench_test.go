package heap

import (
	"fmt"
	"math/rand/v2"
	"slices"
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

// BenchmarkFarSweep16 is the far sweep of one block of Grundy's game at
// 2^25 as the pipeline does it: 2-byte values below 512 (rows of 512
// bytes), 1,270 far rare heaps (all but 14 below 65536) and 1,024
// scanned heaps in 32 windows, cut into chunks: of c heaps that each
// sweep the whole block's rows (512 KiB, read again by each chunk), or of
// farRowChunk rows (32 KiB) that each sweep every heap (ns/pair).
func BenchmarkFarSweep16(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 1 << 25
	g := make([]uint16, n)
	for i := range g {
		g[i] = uint16(rng.IntN(300))
	}
	var heaps []uint32
	for range 1256 { // 1273 of Flammenkamp's 1287 lie below 65536
		heaps = append(heaps, uint32(2048+rng.IntN(65536-2048)))
	}
	for range 14 {
		heaps = append(heaps, uint32(65536+rng.IntN(48_000_000)))
	}
	for w := range 32 {
		lo := 2048 + (n/2-4096)*w/32
		for h := lo; h < lo+32; h++ {
			heaps = append(heaps, uint32(h))
		}
	}
	slices.Sort(heaps)
	rows := make([]byte, 1024*512)
	perPair := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(1024*len(heaps)), "ns/pair")
	}
	for _, c := range []int{32, 256} {
		b.Run(fmt.Sprintf("heaps=%d", c), func(b *testing.B) {
			for b.Loop() {
				for lo := 0; lo < len(heaps); lo += c {
					sweepBlock(rows, 512, g, n-1024, 1024, []int{0}, true, heaps[lo:min(lo+c, len(heaps))])
				}
			}
			perPair(b)
		})
	}
	// The pipeline's chunks: farRowChunk rows against every heap.
	b.Run(fmt.Sprintf("rows=%d", farRowChunk), func(b *testing.B) {
		for b.Loop() {
			for lo := 0; lo < 1024; lo += farRowChunk {
				sweepBlock(rows[lo*512:(lo+farRowChunk)*512], 512, g, n-1024+lo, farRowChunk, []int{0}, true, heaps)
			}
		}
		perPair(b)
	})
}
