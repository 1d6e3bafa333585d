package clobber

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
)

// BenchmarkRows values the alternating 1×n rows and 2×n checkerboards
// (issue 19's targets: 1×n to n = 20, 2×n to n = 6), each in a fresh
// Space. The larger sizes run with GRUNDY_BENCH_LARGE=1.
func BenchmarkRows(b *testing.B) {
	large := os.Getenv("GRUNDY_BENCH_LARGE") != ""
	boards := []string{Row(12), Checkerboard(2, 4)}
	if large {
		boards = append(boards, Row(16), Row(18), Row(20), Checkerboard(2, 5), Checkerboard(2, 6))
	}
	for _, p := range boards {
		b.Run(fmt.Sprint(p), func(b *testing.B) {
			for range b.N {
				s := cgt.NewSpace()
				e, err := partizan.New[string](s, Game{})
				if err != nil {
					b.Fatal(err)
				}
				v, err := e.Value(context.Background(), p)
				if err != nil {
					b.Fatal(err)
				}
				str, _ := s.StringLimit(v, 200)
				b.ReportMetric(float64(e.Positions()), "groups")
				b.ReportMetric(float64(s.Len()), "games")
				if b.N == 1 {
					b.Logf("%s = %s", p, str)
				}
			}
		})
	}
}
