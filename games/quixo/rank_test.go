package quixo

import (
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/internal/colex"
)

// TestTableRank checks the byte tables against colex.Rank and a bit by
// bit extract: every set of the low 16 cells, and random sets of up to
// 25 cells with random subsets.
func TestTableRank(t *testing.T) {
	plainExtract := func(x, occ uint64) uint64 {
		var out uint64
		i := 0
		for s := occ; s != 0; s &= s - 1 {
			if x&(s&-s) != 0 {
				out |= 1 << i
			}
			i++
		}
		return out
	}
	check := func(occ, x uint64) {
		if got, want := setRank(occ), colex.Rank(occ); got != want {
			t.Fatalf("setRank(%b) = %d, colex.Rank %d", occ, got, want)
		}
		if got, want := extract(x, occ), plainExtract(x, occ); got != want {
			t.Fatalf("extract(%b, %b) = %b, want %b", x, occ, got, want)
		}
	}
	for s := range uint64(1 << 16) {
		check(s, s*0x9e3779b9)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		occ := rng.Uint64() & rng.Uint64() & cells
		if rng.IntN(4) == 0 {
			occ = rng.Uint64() & cells
		}
		check(occ, rng.Uint64()&occ)
	}
}
