package db

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestCountTierChunks checks CountTier's count in chunks on every core
// against the count on one, for records of both widths, with and without
// orbits, over tiers of a few chunks with a short last one.
func TestCountTierChunks(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 9))
	orbit := func(tier uint64, r int64) (int64, int64) {
		// Runs of 1000 ranks standing for 2 positions, 1 in 7 runs for 1.
		run := r / 1000
		n := int64(2)
		if (run+int64(tier))%7 == 0 {
			n = 1
		}
		return n, (run + 1) * 1000
	}
	for _, width := range []int{1, 2} {
		for _, rk := range []Ranking{{}, {Version: 2, Orbit: orbit}} {
			n := 2*countChunk + 12345
			recs := NewRecords(int64(n), width)
			for i := range int64(n) {
				if rng.IntN(3) == 0 {
					continue // empty
				}
				code := uint16(1 + rng.IntN(60))
				if width == 2 && rng.IntN(50) == 0 {
					code = uint16(300 + rng.IntN(200))
				}
				recs.Set(i, code)
			}
			got := countTierOn(rk, 3, 777, recs, 3)
			want := countTierSerial(rk, 3, 777, recs)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("width %d, orbits %v: in chunks %+v, on one core %+v", width, rk.Orbit != nil, got, want)
			}
			if got.Positions() == 0 {
				t.Errorf("width %d: nothing counted", width)
			}
		}
	}
}
