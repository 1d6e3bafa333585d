package quixo

import (
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/internal/colex"
)

// TestTableUnrank checks colex16 against colex.Unrank for every rank of
// every size, deposit against extract on random sets, and TierUnrank by
// table (4x4) against the one by colex.Unrank on random ranks of every
// tier.
func TestTableUnrank(t *testing.T) {
	for k := range 17 {
		if int64(len(colex16[k])) != colex.Binom(16, k) {
			t.Fatalf("%d subsets of size %d", len(colex16[k]), k)
		}
		for r, s := range colex16[k] {
			if want := colex.Unrank(16, k, int64(r)); uint64(s) != want {
				t.Fatalf("colex16[%d][%d] = %b, want %b", k, r, s, want)
			}
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200000 {
		occ := rng.Uint64() & cells
		x := rng.Uint64() & occ
		if got := colex.Deposit(colex.Extract(x, occ), occ); got != x {
			t.Fatalf("colex.Deposit(colex.Extract(%b, %b)) = %b", x, occ, got)
		}
	}
	g := mustGame(t, 4)
	for xc := 0; xc <= 16; xc++ {
		for oc := 0; xc+oc <= 16; oc++ {
			tr := MakeTier(xc, oc)
			size := g.TierSize(tr)
			for range 300 {
				r := rng.Int64N(size)
				p, ok := g.rawUnrank(tr, r)
				n := xc + oc
				per := colex.Binom(n, xc)
				occ := colex.Unrank(16, n, (r>>1)/per)
				sub := colex.Unrank(n, xc, (r>>1)%per)
				var xs uint64 // the X's: sub's bits over occ's cells, bit by bit
				i := 0
				for s := occ; s != 0; s &= s - 1 {
					if sub>>i&1 == 1 {
						xs |= s & -s
					}
					i++
				}
				if !ok || p != pos(xs, occ&^xs, r&1 == 1) || g.rawRank(p) != r {
					t.Fatalf("tier %s rank %d: %v %v", g.TierName(tr), r, p, ok)
				}
			}
		}
	}
}
