package cgt

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

var benchExprs = []string{"{2|-1/2}", "{3||2*|1*}", "{2|0||-1}", "Tiny(1)", "^^*", "+-1", "{1|*}", "{0,{2|0}|{1|-1},-1}"}

// BenchmarkSum times g + h: for number-up-stars (arithmetic), for a pair
// whose sum is memoised, and cold (a fresh Space; only the sum is timed).
func BenchmarkSum(b *testing.B) {
	b.Run("nus", func(b *testing.B) {
		s := NewSpace()
		g, h := s.numberUpStar(newDyadic(3, 2), 2, 1), s.numberUpStar(newDyadic(-5, 3), -1, 3)
		for i := 0; i < b.N; i++ {
			s.add(g, h)
		}
	})
	b.Run("memo-hit", func(b *testing.B) {
		s := NewSpace()
		g, _ := s.Parse(benchExprs[0] + "+" + benchExprs[1])
		h, _ := s.Parse(benchExprs[2] + "+" + benchExprs[3])
		s.add(g, h)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			s.add(g, h)
		}
	})
	for k := 0; k+1 < len(benchExprs); k += 2 {
		b.Run(fmt.Sprintf("cold/%s+%s", benchExprs[k], benchExprs[k+1]), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				s := NewSpace()
				g, _ := s.Parse(benchExprs[k])
				h, _ := s.Parse(benchExprs[k+1])
				b.StartTimer()
				s.add(g, h)
			}
		})
	}
}

// BenchmarkLeq times g ≤ h on random canonical games of birthday up to 4
// and their pairwise sums: memoised, and with the memo off (the whole
// recursive comparison each time).
func BenchmarkLeq(b *testing.B) {
	s := NewSpace()
	r := rand.New(rand.NewPCG(1, 1))
	gs := randomGames(r, s, 200)
	for i := range gs {
		gs[i] = s.add(gs[i], gs[(i*7+3)%len(gs)])
	}
	b.Run("memo-hit", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			s.leq(gs[i%len(gs)], gs[(i*13+1)%len(gs)])
		}
	})
	b.Run("no-memo", func(b *testing.B) {
		s.noMemo = true
		defer func() { s.noMemo = false }()
		for i := 0; i < b.N; i++ {
			s.leq(gs[i%len(gs)], gs[(i*13+1)%len(gs)])
		}
	})
}

// BenchmarkMemo sums ten hot games in a fresh Space, with and without the
// memo tables of sums and comparisons: what hash-consing plus memoising
// buys.
func BenchmarkMemo(b *testing.B) {
	exprs := []string{"{2|-1/2}", "{3||2*|1*}", "{2|0||-1}", "{1|*}", "+-1", "{0,{2|0}|{1|-1},-1}", "{2|-1/2}", "^^*", "{3||2*|1*}", "+-1"}
	for _, memo := range []bool{true, false} {
		b.Run(fmt.Sprintf("memo=%v", memo), func(b *testing.B) {
			var s *Space
			for i := 0; i < b.N; i++ {
				s = NewSpace()
				s.noMemo = !memo
				acc := Zero
				for _, e := range exprs {
					g, err := s.Parse(e)
					if err != nil {
						b.Fatal(err)
					}
					acc = s.add(acc, g)
				}
			}
			b.ReportMetric(float64(s.Len()), "games")
			b.ReportMetric(float64(s.Steps()), "steps")
		})
	}
}
