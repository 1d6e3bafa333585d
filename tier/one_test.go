package tier

import (
	"bytes"
	"context"
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
)

// buildByOne solves g tier by tier through PlanOf, ReachOne and SolveOne,
// as a scheduler outside Solve does, and returns each tier's records.
func buildByOne[P comparable](t *testing.T, g game.Tiered[P]) map[game.Tier]db.Records {
	ctx := context.Background()
	plan, err := PlanOf(g)
	if err != nil {
		t.Fatal(err)
	}
	reach := map[game.Tier][]uint64{}
	for _, pt := range plan.Tiers {
		reach[pt.Tier] = make([]uint64, ReachBits(pt.Size))
	}
	reach[plan.StartTier][plan.StartRank>>6] |= 1 << (plan.StartRank & 63)
	for _, pt := range plan.Tiers { // parents first
		kids, err := ReachOne(ctx, g, pt.Tier, reach[pt.Tier], Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		for c, bm := range kids {
			for i, w := range bm {
				reach[c][i] |= w
			}
		}
	}
	recs := map[game.Tier]db.Records{}
	for i := len(plan.Tiers) - 1; i >= 0; i-- {
		pt := plan.Tiers[i]
		r, err := SolveOne(ctx, g, pt.Tier, reach[pt.Tier], func(c game.Tier) (db.Records, error) { return recs[c], nil }, Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		recs[pt.Tier] = r
	}
	return recs
}

func TestOneAgreesWithSolve(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for iter := range 60 {
		g := randomTierGraph(r, 1+r.IntN(6), 1+r.IntN(12), false)
		var tg game.Tiered[int32] = g
		if iter%2 == 1 {
			tg = tierGraphEndless{g}
		}
		d, _ := build(t, tg, "graph", Options{Workers: 1})
		got := buildByOne(t, tg)
		if len(got) != len(d.Manifest().Tiers) {
			t.Fatalf("iter %d: %d tiers, Solve wrote %d", iter, len(got), len(d.Manifest().Tiers))
		}
		for _, ti := range d.Manifest().Tiers {
			want, _, err := d.LoadTier(ti.Tier)
			if err != nil {
				t.Fatal(err)
			}
			g := got[game.Tier(ti.Tier)]
			if g.Width != want.Width || !bytes.Equal(g.Data, want.Data) {
				t.Fatalf("iter %d: tier %d differs from Solve's", iter, ti.Tier)
			}
		}
	}
}
