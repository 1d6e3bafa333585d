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

// plainCount is the count CountTier must give, record by record: each
// record's code added as many times as Orbit says its rank stands for.
func plainCount(rk Ranking, t uint64, first int64, recs Records) Count {
	c := Count{Scored: rk.Scored}
	for i := range recs.Len() {
		code := recs.Get(i)
		if code == Empty {
			continue
		}
		k := int64(1)
		if rk.Orbit != nil {
			c.Records++
			k, _ = rk.Orbit(t, first+i)
		}
		c.addN(code, k)
	}
	return c
}

// TestCountTierPlain checks the counting's shortcuts (zero words skipped,
// histograms for long runs of one orbit size, record by record for short
// ones) against plainCount on random records: both widths, scored and
// not, orbits in runs from 1 rank to past the records, sparse and dense,
// lengths not a multiple of a word.
func TestCountTierPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 10))
	for trial := range 300 {
		width := 1 + rng.IntN(2)
		scored := trial%5 == 4
		n := int64(rng.IntN(20000))
		if trial%50 == 0 {
			n = 1<<12 + int64(rng.IntN(5000)) // width 2: past the per-record count
		}
		density := rng.IntN(101)
		recs := NewRecords(n, width)
		codes := 1 + rng.IntN(40)
		for i := range n {
			if rng.IntN(100) >= density {
				continue
			}
			code := uint16(1 + rng.IntN(codes))
			if width == 2 && rng.IntN(30) == 0 {
				code = uint16(300 + rng.IntN(2000))
			}
			if scored {
				code = uint16(4 + rng.IntN(40)) // margins: codes of score.go
			}
			recs.Set(i, code)
		}
		runLen := int64(1) << rng.IntN(16)
		orbit := func(tier uint64, r int64) (int64, int64) {
			run := r / runLen
			k := int64(1 + (run*7+int64(tier))%3)
			return k, (run + 1) * runLen
		}
		for _, rk := range []Ranking{{Scored: scored}, {Version: 2, Orbit: orbit, Scored: scored}} {
			first := int64(rng.IntN(1 << 20))
			got := countTierSerial(rk, 5, first, recs)
			want := plainCount(rk, 5, first, recs)
			if !reflect.DeepEqual(trimCount(got), trimCount(want)) {
				t.Fatalf("trial %d: width %d scored %v orbits %v run %d n %d: %+v, record by record %+v", trial, width, scored, rk.Orbit != nil, runLen, n, got, want)
			}
		}
	}
}

// trimCount drops the trailing zeros of a count's slices, which mean
// nothing, so that counts compare by value.
func trimCount(c Count) Count {
	c.Win, c.Lose, c.Scores = trimZeros(c.Win), trimZeros(c.Lose), trimZeros(c.Scores)
	return c
}

// BenchmarkCountTier counts a tier's worth of records as sparse as a
// Connect-4 tier's (a rank in three holds a record), with runs of
// orbits as Connect-4's ranking has them: long runs of 2 and, one run in
// fifty, symmetric height vectors counted rank by rank.
func BenchmarkCountTier(b *testing.B) {
	rng := rand.New(rand.NewPCG(35, 11))
	const n = 1 << 22
	recs := NewRecords(n, 1)
	for i := range int64(n) {
		if rng.IntN(3) == 0 {
			recs.Set(i, uint16(4+rng.IntN(30)))
		}
	}
	orbit := func(tier uint64, r int64) (int64, int64) {
		run := r / 5000
		if run%50 == 0 {
			return int64(1 + r%2), r + 1
		}
		return 2, (run + 1) * 5000
	}
	rk := Ranking{Version: 2, Orbit: orbit}
	b.SetBytes(n)
	for b.Loop() {
		countTierSerial(rk, 7, 0, recs)
	}
}
