//go:build linux && (amd64 || arm64)

package db_test

import (
	"fmt"
	"math"
	"os"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/db"
)

// BenchmarkEntropy measures the records of a database ($GRUNDY_BENCH_DB)
// for a record model (issue 35): per tier and in all, the empirical
// entropy of the code of each rank (Empty included) with no context
// (H0), given the previous rank's code (H1) and the previous two (H2),
// in bits a rank, and what each would take in bytes a position if coded
// exactly; the share of empty ranks and of the commonest codes.
//
//	GRUNDY_BENCH_DB=DIR go test ./db -run XXX -bench Entropy -benchtime 1x -v
func BenchmarkEntropy(b *testing.B) {
	// A measurement of a built database, out of CI (its maps take
	// seconds even on connect4:5x4).
	if os.Getenv("GRUNDY_BENCH_DB") == "" {
		b.Skip("GRUNDY_BENCH_DB is not set")
	}
	dir := benchDB(b)
	d, err := db.Open(dir, "")
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	var positions, ranks int64
	var bits [3]float64
	var recBits [2]float64
	var bmBits float64
	h := func(counts map[uint32]map[uint16]int64) float64 {
		var s float64
		for _, m := range counts {
			var n int64
			for _, c := range m {
				n += c
			}
			for _, c := range m {
				s -= float64(c) * math.Log2(float64(c)/float64(n))
			}
		}
		return s
	}
	for _, ti := range d.Manifest().Tiers {
		recs, _, err := d.LoadTier(ti.Tier)
		if err != nil {
			b.Fatal(err)
		}
		var ctx [3]map[uint32]map[uint16]int64
		for k := range ctx {
			ctx[k] = map[uint32]map[uint16]int64{}
		}
		var p1, p2 uint16
		codes := map[uint16]int64{}
		// The records alone (non-empty, in rank order): no context and
		// the previous record's; the bitmap of non-empty ranks given the
		// previous 12 bits.
		rec0, rec1, bm := map[uint32]map[uint16]int64{}, map[uint32]map[uint16]int64{}, map[uint32]map[uint16]int64{}
		add := func(m map[uint32]map[uint16]int64, k uint32, c uint16) {
			if m[k] == nil {
				m[k] = map[uint16]int64{}
			}
			m[k][c]++
		}
		var last uint16
		var hist uint32
		for x := range recs.Len() {
			c := recs.Get(x)
			codes[c]++
			var bit uint16
			if c != db.Empty {
				bit = 1
				add(rec0, 0, c)
				add(rec1, uint32(last), c)
				last = c
			}
			add(bm, hist, bit)
			hist = (hist<<1 | uint32(bit)) & 0xfff
			for k, key := range []uint32{0, uint32(p1) + 1, uint32(p1)<<16 | uint32(p2) + 1<<20} {
				m := ctx[k][key]
				if m == nil {
					m = map[uint16]int64{}
					ctx[k][key] = m
				}
				m[c]++
			}
			p2, p1 = p1, c
		}
		var tb [3]float64
		for k := range tb {
			tb[k] = h(ctx[k])
			bits[k] += tb[k]
		}
		n := recs.Len()
		ranks += n
		pos := ti.Count.Positions()
		positions += pos
		type cc struct {
			c uint16
			n int64
		}
		var top []cc
		for c, k := range codes {
			top = append(top, cc{c, k})
		}
		slices.SortFunc(top, func(a, b cc) int { return int(b.n - a.n) })
		s := ""
		for i, t := range top {
			if i == 6 {
				break
			}
			s += fmt.Sprintf(" %d:%.3f", t.c, float64(t.n)/float64(n))
		}
		hr0, hr1, hbm := h(rec0), h(rec1), h(bm)
		recBits[0] += hr0
		recBits[1] += hr1
		bmBits += hbm
		b.Logf("tier %s: records alone H0 %.3f H1 %.3f bits a record (%d), bitmap %.3f bits a rank (12-bit context); B/pos H0+bm %.4f H1+bm %.4f",
			ti.Name, hr0/float64(ti.Count.RecordCount()), hr1/float64(ti.Count.RecordCount()), ti.Count.RecordCount(), hbm/float64(recs.Len()),
			(hr0+hbm)/8/float64(ti.Count.Positions()), (hr1+hbm)/8/float64(ti.Count.Positions()))
		b.Logf("tier %s: %d ranks, %d positions, %d codes; H0 %.3f H1 %.3f H2 %.3f bits/rank; B/pos H0 %.4f H1 %.4f H2 %.4f; top%s",
			ti.Name, n, pos, len(codes), tb[0]/float64(n), tb[1]/float64(n), tb[2]/float64(n),
			tb[0]/8/float64(pos), tb[1]/8/float64(pos), tb[2]/8/float64(pos), s)
	}
	b.Logf("all: %d ranks, %d positions; H0 %.4f H1 %.4f H2 %.4f B/pos (%.3f %.3f %.3f bits/rank)", ranks, positions,
		bits[0]/8/float64(positions), bits[1]/8/float64(positions), bits[2]/8/float64(positions),
		bits[0]/float64(ranks), bits[1]/float64(ranks), bits[2]/float64(ranks))
	b.Logf("all: records alone H0 %.4f H1 %.4f B/pos, bitmap %.4f B/pos", recBits[0]/8/float64(positions), recBits[1]/8/float64(positions), bmBits/8/float64(positions))
}
