package colex

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// Every subset of {0, …, n−1} for n ≤ 14, listed in colexicographic order
// (by its largest element, then the next, …: the order of the sets'
// bit patterns read as numbers, within one size), gets ranks 0, 1, 2, …
// in that order, and Unrank gives each set back.
func TestRankIsColexOrder(t *testing.T) {
	for n := 0; n <= 14; n++ {
		next := make([]int64, n+1) // the next rank expected for each size
		for s := uint64(0); s < 1<<n; s++ {
			k := bits.OnesCount64(s)
			if r := Rank(s); r != next[k] {
				t.Fatalf("n=%d: rank of %b is %d, want %d", n, s, r, next[k])
			}
			if back := Unrank(n, k, next[k]); back != s {
				t.Fatalf("n=%d: unrank(%d, %d) = %b, want %b", n, k, next[k], back, s)
			}
			next[k]++
		}
		for k, c := range next {
			if c != Binom(n, k) {
				t.Fatalf("n=%d: %d sets of size %d, C(n,k) = %d", n, c, k, Binom(n, k))
			}
		}
	}
}

// On the largest sets, Unrank inverts Rank, and ranks stay below C(64, k).
func TestLargeSets(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		s := rng.Uint64() & rng.Uint64()
		k := bits.OnesCount64(s)
		r := Rank(s)
		if r < 0 || r >= Binom(64, k) || Unrank(64, k, r) != s {
			t.Fatalf("%b: rank %d (C(64,%d) = %d), back %b", s, r, k, Binom(64, k), Unrank(64, k, r))
		}
	}
	if Binom(64, 32) != 1832624140942590534 {
		t.Errorf("C(64, 32) = %d", Binom(64, 32))
	}
}

// TestSmall checks the byte tables against Rank and a bit-by-bit
// extract: every set of the low 16 cells, and random sets of up to 32
// cells with random subsets; Deposit undoes Extract.
func TestSmall(t *testing.T) {
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
		if got, want := RankSmall(occ), Rank(occ); got != want {
			t.Fatalf("RankSmall(%b) = %d, Rank %d", occ, got, want)
		}
		if got, want := Extract(x, occ), plainExtract(x, occ); got != want {
			t.Fatalf("Extract(%b, %b) = %b, want %b", x, occ, got, want)
		}
		if got := Deposit(Extract(x, occ), occ); got != x&occ {
			t.Fatalf("Deposit(Extract(%b, %b)) = %b", x, occ, got)
		}
	}
	for s := range uint64(1 << 16) {
		check(s, s*0x9e3779b9)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		occ := rng.Uint64() & rng.Uint64() & (1<<32 - 1)
		if rng.IntN(4) == 0 {
			occ = rng.Uint64() & (1<<32 - 1)
		}
		check(occ, rng.Uint64())
	}
}
