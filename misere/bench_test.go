package misere

import (
	"context"
	"testing"

	"github.com/grundy-go/grundy/heap"
)

// BenchmarkQuotient: the whole computation of a quotient (BENCHMARKS.md,
// "Misère quotients").
func BenchmarkQuotient(b *testing.B) {
	for _, c := range []struct {
		spec string
		upto int
	}{{"octal:0.75", 100}, {"kayles", 12}, {"kayles", 20}, {"kayles", 100}, {"dawson", 20}, {"dawson", 30}, {"octal:0.07", 30}} {
		r, err := heap.Parse(c.spec)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.spec+"/"+itoa(c.upto), func(b *testing.B) {
			for b.Loop() {
				if _, err := Compute(context.Background(), r, c.upto, Limits{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// BenchmarkGenus: the genus of every heap to 30 by search of the sums
// (Genera) and from the misère canonical forms (HeapForms, then
// Canon.Genera and the phyla), BENCHMARKS.md "Genus from canonical forms".
func BenchmarkGenus(b *testing.B) {
	for _, spec := range []string{"kayles", "dawson"} {
		r, err := heap.Parse(spec)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(spec+"/search", func(b *testing.B) {
			for b.Loop() {
				if _, err := Genera(context.Background(), r, 30, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(spec+"/canonical", func(b *testing.B) {
			for b.Loop() {
				c, heaps, err := HeapForms(context.Background(), r, 30, 0)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := c.Genera(context.Background(), heaps); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
