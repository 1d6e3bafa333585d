package partizan

import (
	"testing"
)

// BenchmarkCanonicalDayTwo builds the canonical form of every form born
// by day 2, in a fresh Table each time: the order test and the
// simplification on small games.
func BenchmarkCanonicalDayTwo(b *testing.B) {
	pool := dayTwo()
	for b.Loop() {
		tb := NewTable()
		for _, d := range pool {
			if _, err := tb.Canonical(tb.load(d)); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkSumCanonical is the canonical form of a sum of two day-3 games
// (^ + v, whose misère form does not collapse as it does in normal play,
// and {2|0||-1} + {1|{*|-1}}).
func BenchmarkSumCanonical(b *testing.B) {
	for _, expr := range []string{"^+v", "{2|0||-1} + {1|{*|-1}}", "{2|0||-1} + {1|{*|-1}} + ^"} {
		b.Run(expr, func(b *testing.B) {
			for b.Loop() {
				tb := NewTable()
				g, _, _, err := tb.Parse(expr)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := tb.Canonical(g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
