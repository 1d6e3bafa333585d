package tier

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/game"
)

func TestTakeAwayAgreesWithRetro(t *testing.T) {
	for _, tc := range []struct {
		n0, k   int32
		workers int
	}{{0, 1, 1}, {1, 3, 1}, {7, 5, 2}, {40, 9, 2}, {300, 11, 2}} {
		for seed := range uint64(3) {
			g := takeAway{n0: tc.n0, k: tc.k, seed: seed}
			d, _ := build[tok](t, g, "takeaway", Options{Workers: tc.workers})
			checkAgainstRetro[tok](t, g, d)
		}
	}
}

func TestWideRecords(t *testing.T) {
	// A remoteness past 125 needs 2-byte records: 400 tokens, no early
	// ends.
	g := takeAway{n0: 400, k: 3, seed: 1, long: true}
	d, _ := build[tok](t, g, "takeaway", Options{})
	checkAgainstRetro[tok](t, g, d)
	wide := 0
	for _, ti := range d.Manifest().Tiers {
		if ti.Width == 2 {
			wide++
		}
	}
	if wide == 0 || wide == len(d.Manifest().Tiers) {
		t.Errorf("%d of %d tiers have 2-byte records", wide, len(d.Manifest().Tiers))
	}
}

func TestRandomLoopyAgreesWithRetro(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for iter := range 300 {
		endless := iter%2 == 1
		g := randomTierGraph(r, 1+r.IntN(6), 1+r.IntN(12), endless)
		var tg game.Tiered[int32] = g
		if endless {
			tg = tierGraphEndless{g}
		}
		d, _ := build(t, tg, "graph", Options{Workers: 1 + iter%2})
		t.Run(fmt.Sprint(iter), func(t *testing.T) { checkAgainstRetro(t, tg, d) })
	}
}
