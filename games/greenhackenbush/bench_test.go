package greenhackenbush

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"
)

// contestPicture is a picture of m edges as a contest draws one: a random
// tree from the ground with about one edge in ten closing a cycle, in the
// edge-list text a contestant gives (header "N M").
func contestPicture(m int) string {
	r := rand.New(rand.NewPCG(1, uint64(m)))
	n := m - m/10 + 1
	b := []byte(strconv.Itoa(n) + " " + strconv.Itoa(m) + "\n")
	for i := 1; i < n; i++ {
		b = fmt.Appendf(b, "%d %d\n", r.IntN(i), i)
	}
	for range m - (n - 1) {
		b = fmt.Appendf(b, "%d %d\n", r.IntN(n), r.IntN(n))
	}
	return string(b)
}

// BenchmarkValue reads and values pictures of 10^5 and 10^6 edges, the
// text as given (go test -bench Value ./games/greenhackenbush).
func BenchmarkValue(b *testing.B) {
	for _, m := range []int{100_000, 1_000_000} {
		text := contestPicture(m)
		b.Run(fmt.Sprintf("edges=%d", m), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				pos, err := Parse(text, Auto, Limits{})
				if err != nil {
					b.Fatal(err)
				}
				Value(pos.Pictures[0])
			}
		})
	}
}

// BenchmarkWinningCuts finds the winning cuts of the same pictures.
func BenchmarkWinningCuts(b *testing.B) {
	for _, m := range []int{100_000, 1_000_000} {
		pos, err := Parse(contestPicture(m), Auto, Limits{})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("edges=%d", m), func(b *testing.B) {
			for b.Loop() {
				WinningCuts(pos.Pictures[0], 0, 0)
			}
		})
	}
}
