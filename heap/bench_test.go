package heap

import (
	"context"
	"fmt"
	"os"
	"testing"
)

// The benchmarks run each computation once per iteration; use
// -benchtime 1x for the large ones. Figures are in BENCHMARKS.md. Sizes
// above 10^4 run only with GRUNDY_BENCH_LARGE=1: the plain loop is
// quadratic on splitting games, and CI runs every benchmark once.
//
//	GRUNDY_BENCH_LARGE=1 go test ./heap -run '^$' -bench 'Values/(kayles|dawson)/.*/1e6' -benchtime 1x
func BenchmarkValues(b *testing.B) {
	for _, spec := range []string{"kayles", "guiles", "dawson", "grundy-game", "octal:0.376"} {
		for _, n := range []int{1e4, 1e5, 1e6} {
			for _, m := range []Method{Sparse, Plain} {
				b.Run(fmt.Sprintf("%s/%v/1e%d", spec, m, digits(n)), func(b *testing.B) {
					benchCompute(b, spec, n, Options{Method: m})
				})
			}
		}
	}
}

// BenchmarkSeq is the seq command's work: values to 10^7, filled by the
// period once the Guy–Smith theorem proves it, and for Kayles the same
// without that shortcut (every value computed by the sparse method).
// Dawson's chess has no every-value run: 0 recurs in its period and 0 is
// rare under every mask, so its rare heaps grow linearly and the sparse
// method does O(n) work per value there (see the package doc).
func BenchmarkSeq(b *testing.B) {
	for _, spec := range []string{"kayles", "dawson"} {
		b.Run(spec+"/period-fill/1e7", func(b *testing.B) { benchCompute(b, spec, 1e7, Options{UsePeriod: true}) })
	}
	b.Run("kayles/every-value/1e7", func(b *testing.B) { benchCompute(b, "kayles", 1e7, Options{}) })
	b.Run("octal:0.376/period-fill/5e6", func(b *testing.B) { benchCompute(b, "octal:0.376", 5e6, Options{UsePeriod: true}) })
	b.Run("grundy-game/1e6", func(b *testing.B) { benchCompute(b, "grundy-game", 1e6, Options{}) })
	// Past 7,250,049 Grundy's game has 2-byte values (run16), at 2^25
	// nearly 80% of them: the size of issue 21's profile.
	b.Run("grundy-game/1e7", func(b *testing.B) { benchCompute(b, "grundy-game", 1e7, Options{}) })
	b.Run("grundy-game/2^25", func(b *testing.B) { benchCompute(b, "grundy-game", 1<<25, Options{}) })
	// The same with the values in a mapped file (spill.go) from the
	// first value on.
	b.Run("grundy-game/1e6/spilled", func(b *testing.B) {
		benchCompute(b, "grundy-game", 1e6, Options{SpillPath: b.TempDir() + "/spill", SpillBudget: 1})
	})
}

func benchCompute(b *testing.B, spec string, n int, opts Options) {
	if n > 1e4 && os.Getenv("GRUNDY_BENCH_LARGE") == "" {
		b.Skip("set GRUNDY_BENCH_LARGE=1 for more than 10^4 values")
	}
	r, err := Parse(spec)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		v, err := Compute(context.Background(), r, n, opts)
		if err != nil || v.Len() != n {
			b.Fatal(err)
		}
		v.Close()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/value")
}

func digits(n int) int {
	d := 0
	for ; n >= 10; n /= 10 {
		d++
	}
	return d
}
