//go:build linux

package db_test

import (
	"fmt"
	"github.com/grundy-go/grundy/internal/cputime"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games/connect4"
	"github.com/grundy-go/grundy/games/teeko"
	"github.com/grundy-go/grundy/tier"
)

// BenchmarkDontCare measures don't-care records (issues 34 and 35, the
// eleventh stop) on a database of Teeko or Connect-4 ($GRUNDY_BENCH_DB):
// records whose value a lookup can compute from the position (lost in 0:
// terminal; won in 1: a move wins at once, tier.Finisher; lost in 2:
// every move lets the opponent win at once) and ranks that no lookup
// asks for (TierUnrank false: not an orbit's representative, or a
// position no play reaches that the parser refuses). The encoder may
// write any value there; the variants below re-encode every tier's
// blocks with the free values chosen per block (the block's commonest
// cared-for record, or the previous one: whichever codes shorter) and
// report bytes a position with 16 B of index a block.
//
//	GRUNDY_BENCH_DB=DIR db.test -test.run XXX -test.bench DontCare -test.benchtime 1x -test.v
func BenchmarkDontCare(b *testing.B) {
	byGame(b, func(d *db.DB, g game.Tiered[teeko.Pos]) { measureDontCare(b, d, g) },
		func(d *db.DB, g game.Tiered[connect4.Board]) { measureDontCare(b, d, g) })
}

// byGame opens the database $GRUNDY_BENCH_DB (skips without) and calls
// the function of its game, Teeko or Connect-4 (a generic function is
// called with its position type); it skips other games.
func byGame(b *testing.B, tk func(*db.DB, game.Tiered[teeko.Pos]), c4 func(*db.DB, game.Tiered[connect4.Board])) {
	dir := os.Getenv("GRUNDY_BENCH_DB")
	if dir == "" {
		b.Skip("GRUNDY_BENCH_DB is not set")
	}
	d, err := db.Open(dir, "")
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	spec := d.Manifest().Game
	switch {
	case spec == "teeko":
		tk(d, teeko.New(false))
	case strings.HasPrefix(spec, "connect4:"):
		w, h, k, err := connect4.ParseSpec(strings.TrimPrefix(spec, "connect4:"))
		if err != nil {
			b.Fatal(err)
		}
		g, err := connect4.New(w, h, k)
		if err != nil {
			b.Fatal(err)
		}
		c4(d, g)
	default:
		b.Skipf("no game for %s", spec)
	}
}

func measureDontCare[P comparable](b *testing.B, d *db.DB, g game.Tiered[P]) {
	l0 := uint16(4)
	w1 := uint16(5 + 2)
	l2 := uint16(4 + 4)
	var positions int64
	for _, ti := range d.Manifest().Tiers {
		positions += ti.Count.Positions()
	}
	type variant struct {
		name  string
		block int
		v     uint32
		dc    int  // 0 none, 1 L0+W1, 2 L0+W1+L2
		gaps  bool // never-asked ranks take the previous rank's code
		order bool // loopy tiers turn-major
		reach bool // presence free too: every rank but a kept record is free
	}
	vs := []variant{
		{"f5", 8192, 5, 0, false, false, false},
		{"f5-dc1", 8192, 5, 1, false, false, false},
		{"f5-dc2", 8192, 5, 2, false, false, false},
		{"f5-dc2-gaps", 8192, 5, 2, true, false, false},
		{"f5-dc2-16K", 16384, 5, 2, false, false, false},
		{"f5-dc2-32K", 32768, 5, 2, false, false, false},
		{"f5-dc2-64K", 65536, 5, 2, false, false, false},
		{"f5-turnmajor", 8192, 5, 0, false, true, false},
		{"f5-dc2-turnmajor", 8192, 5, 2, false, true, false},
		{"f6", 8192, 6, 0, false, false, false},
		{"f6-dc2", 8192, 6, 2, false, false, false},
		{"f6-dc2-gaps", 8192, 6, 2, true, false, false},
		// A game whose positions are written as their moves from the
		// start (Connect-4) is asked only for reachable positions: in a
		// database built from the start, whether a free record is
		// there need not be kept either.
		{"f5-dc2-reach", 8192, 5, 2, true, false, true},
		{"f6-dc2-reach", 8192, 6, 2, true, false, true},
	}
	if only := os.Getenv("GRUNDY_DC_ONLY"); only != "" {
		// Variants named (comma-separated), for a quicker run.
		var sel []variant
		for _, v := range vs {
			if strings.Contains(","+only+",", ","+v.name+",") {
				sel = append(sel, v)
			}
		}
		vs = sel
	}
	bytesOf := make([]int64, len(vs))
	var nRanks, nRecs, nAsked, nEmptyAsked int64
	var nClass [3]int64
	var h0, h0dc float64
	for _, ti := range d.Manifest().Tiers {
		recs, _, err := d.LoadTier(ti.Tier)
		if err != nil {
			b.Fatal(err)
		}
		if recs.Width != 1 {
			b.Logf("tier %d: width %d, skipped", ti.Tier, recs.Width)
			continue
		}
		n := recs.Len()
		raw := recs.Data
		// asked[x]: a lookup may ask for rank x (TierUnrank true).
		asked := make([]bool, n)
		var tierAsked, tierRecs, tierEmptyAsked int64
		var cls [3]int64
		cnt := map[uint16]int64{}
		cntdc := map[uint16]int64{}
		for x := range n {
			_, ok := g.TierUnrank(game.Tier(ti.Tier), x)
			asked[x] = ok
			c := uint16(raw[x])
			if ok {
				tierAsked++
			}
			if c != db.Empty {
				tierRecs++
				if !ok {
					b.Fatalf("tier %d rank %d: a record where TierUnrank is false", ti.Tier, x)
				}
				cnt[c]++
				switch c {
				case l0:
					cls[0]++
				case w1:
					cls[1]++
				case l2:
					cls[2]++
				default:
					cntdc[c]++
				}
			} else if ok {
				tierEmptyAsked++
			}
		}
		ent := func(m map[uint16]int64, tot int64) float64 {
			var s float64
			for _, c := range m {
				s -= float64(c) * math.Log2(float64(c)/float64(tot))
			}
			return s
		}
		h0 += ent(cnt, tierRecs)
		h0dc += ent(cntdc, tierRecs-cls[0]-cls[1]-cls[2]) // the cared-for records alone
		nRanks += n
		nRecs += tierRecs
		nAsked += tierAsked
		nEmptyAsked += tierEmptyAsked
		for i := range cls {
			nClass[i] += cls[i]
		}
		line := fmt.Sprintf("tier %2d %-12s ranks %11d asked %10d (%.1f%%) records %10d empty-asked %8d L0 %.1f%% W1 %.1f%% L2 %.1f%% |", ti.Tier, ti.Name, n, tierAsked,
			100*float64(tierAsked)/float64(n), tierRecs, tierEmptyAsked,
			100*float64(cls[0])/float64(max(1, tierRecs)), 100*float64(cls[1])/float64(max(1, tierRecs)), 100*float64(cls[2])/float64(max(1, tierRecs)))
		for vi, v := range vs {
			src, ask := raw, asked
			if v.order && g.TierLoopy(game.Tier(ti.Tier)) {
				// Turn-major: the ranks of one side to move, then the other's.
				half := n / 2
				src = make([]byte, n)
				ask = make([]bool, n)
				for x := range n {
					y := (x&1)*half + x>>1
					src[y], ask[y] = raw[x], asked[x]
				}
			}
			var tot int64
			for at := int64(0); at < n; at += int64(v.block) {
				end := min(n, at+int64(v.block))
				blk := src[at:end]
				if v.dc == 0 && !v.gaps {
					tot += int64(len(db.EncodeBlockForTest(v.v, blk, 1))) + 16
					continue
				}
				free := func(c byte) bool {
					return c == byte(l0) || c == byte(w1) || (v.dc == 2 && c == byte(l2))
				}
				// The block's commonest cared-for record.
				var hist [256]int
				for _, c := range blk {
					if c != db.Empty && !free(c) {
						hist[c]++
					}
				}
				mode := byte(1)
				for c := 1; c < 256; c++ {
					if hist[c] > hist[mode] {
						mode = byte(c)
					}
				}
				best := -1
				for fill := range 2 {
					out := make([]byte, len(blk))
					prev := mode
					for i, c := range blk {
						switch {
						case v.reach && (c == db.Empty || free(c)):
							c = db.Empty
							if fill == 1 && i > 0 {
								c = out[i-1]
							}
						case c != db.Empty && free(c):
							if fill == 0 {
								c = mode
							} else {
								c = prev
							}
						case c == db.Empty && v.gaps && !ask[at+int64(i)]:
							// Not asked: the previous rank's code
							// (record or Empty), extending its run.
							if i > 0 {
								c = out[i-1]
							}
						}
						out[i] = c
						if c != db.Empty {
							prev = c
						}
					}
					if n := len(db.EncodeBlockForTest(v.v, out, 1)); best < 0 || n < best {
						best = n
					}
				}
				tot += int64(best) + 16
			}
			bytesOf[vi] += tot
			line += fmt.Sprintf(" %s %d", v.name, tot)
		}
		b.Log(line)
	}
	b.Logf("%s: ranks %d, asked %d (%.2f%%), records %d, empty but asked %d; records L0 %.2f%% W1 %.2f%% L2 %.2f%% (free %.2f%%)",
		d.Manifest().Game, nRanks, nAsked, 100*float64(nAsked)/float64(nRanks), nRecs, nEmptyAsked,
		100*float64(nClass[0])/float64(nRecs), 100*float64(nClass[1])/float64(nRecs), 100*float64(nClass[2])/float64(nRecs),
		100*float64(nClass[0]+nClass[1]+nClass[2])/float64(nRecs))
	b.Logf("records' order-0 entropy: all %.4f B/pos; cared-for alone %.4f B/pos", h0/8/float64(positions), h0dc/8/float64(positions))
	for vi, v := range vs {
		b.Logf("%-18s %12d B  %.4f B/pos", v.name, bytesOf[vi], float64(bytesOf[vi])/float64(positions))
	}
}

// BenchmarkLookupFree is a warm lookup as catalog/strong's makes it for a
// position of the database ($GRUNDY_BENCH_DB: Teeko or Connect-4): its
// tier and rank from the position, and in a database with free records
// (format 7) the game's TierUnrank and tier.KnownRecord besides the
// record read (db.Code), which is what format 7 adds to a lookup.
// Positions are drawn as BenchmarkLookupWarm's are (ranks holding a
// record), less those no lookup asks for.
//
//	GRUNDY_BENCH_DB=DIR db.test -test.run XXX -test.bench LookupFree -test.benchtime 20000x -test.cpu 1
func BenchmarkLookupFree(b *testing.B) {
	byGame(b, func(d *db.DB, g game.Tiered[teeko.Pos]) { lookupFree(b, d, g) },
		func(d *db.DB, g game.Tiered[connect4.Board]) { lookupFree(b, d, g) })
}

func lookupFree[P comparable](b *testing.B, d *db.DB, g game.Tiered[P]) {
	var ps []P
	for _, p := range probes(b, d, 100000) {
		if q, ok := g.TierUnrank(game.Tier(p.tier), p.rank); ok {
			ps = append(ps, q)
		}
	}
	free := d.FreeRecords()
	var known int
	i := 0
	b.ResetTimer()
	cpu0 := int64(cputime.Process())
	for b.Loop() {
		p := ps[i%len(ps)]
		i++
		t := g.TierOf(p)
		r := g.TierRank(p)
		if free {
			if _, ok := g.TierUnrank(t, r); !ok {
				b.Fatalf("tier %d rank %d: not asked", t, r)
			}
		}
		c, err := d.Code(uint64(t), r)
		if err != nil || c == db.Empty {
			b.Fatalf("tier %d rank %d: %d, %v", t, r, c, err)
		}
		if free {
			if _, ok := tier.KnownRecord(g, p); ok {
				known++
			}
		}
	}
	b.ReportMetric(float64(int64(cputime.Process())-cpu0)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(known)/float64(b.N), "known/op")
}
