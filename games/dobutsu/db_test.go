package dobutsu

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/outcome"
)

// TestDatabase checks a database built by grundy db build dobutsu,
// named by GRUNDY_DOBUTSU_DB (the build takes minutes, so the default
// run leaves this out):
//
//   - Tanaka's count: 246,803,167 positions reachable from the start
//     (plus the database's one record of finished games);
//   - Tanaka's values (2009, section 4.1; the same figures from an
//     independent tablebase, clausecker/dobutsu, as reported by
//     github.com/brianhliou/dobutsu-shogi, research/reproduction.md):
//     the start is lost for Sente, the first player, in 78 plies; of
//     the four first moves, the chick taking the chick loses in 76 and
//     the other three in 78;
//   - every record met on random play-outs agrees with its moves'
//     records: won in 1 + the least remoteness of a lost move's, lost in
//     1 + the greatest remoteness of its moves' (all won), or drawn (no
//     lost move, a drawn one), lost in 0 without moves. A table of exact
//     remoteness that agrees so everywhere is the retrograde analysis's
//     (by induction on remoteness).
func TestDatabase(t *testing.T) {
	dir := os.Getenv("GRUNDY_DOBUTSU_DB")
	if dir == "" {
		t.Skip("GRUNDY_DOBUTSU_DB names no database of dobutsu")
	}
	g := New(Standard)
	d, err := db.Open(dir, g.Spec())
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	look := func(p Pos) (outcome.Outcome, uint32) {
		o, rem, ok, err := d.Lookup(0, g.TierRank(p))
		if err != nil || !ok {
			t.Fatalf("%s: no record (%v)", g.Format(p), err)
		}
		return o, rem
	}
	// Tanaka's 246,803,167 positions reachable from the start, and the
	// one record of finished games.
	if got := d.Stats().Total.RecordCount(); got != 246803168 {
		t.Errorf("%d records; Tanaka counts 246,803,167 positions reachable, and the record of finished games", got)
	}
	if o, rem := look(g.Start()); o != outcome.P || rem != 78 {
		t.Fatalf("the start: %v in %d; Tanaka: lost for the first player in 78", o, rem)
	}
	want := map[string]uint32{"Cb3xb2": 75, "Lb4-a3": 77, "Lb4-c3": 77, "Gc4-c3": 77}
	g.EachMove(g.Start(), func(m Move, q Pos) {
		o, rem := look(q)
		if o != outcome.N || rem != want[Label(m)] {
			t.Errorf("after %s: %v in %d; Tanaka: won for Gote in %d", Label(m), o, rem, want[Label(m)])
		}
	})
	rng := rand.New(rand.NewPCG(9, 10))
	checked := 0
	for range 1000 {
		p := g.Start()
		for ply := 0; ply < 200; ply++ {
			o, rem := look(p)
			ms := g.AppendMoves(nil, p)
			var minLost, maxWon uint32 = 1 << 31, 0
			lost, drawn := false, false
			for _, q := range ms {
				qo, qr := look(q)
				switch qo {
				case outcome.P:
					lost = true
					minLost = min(minLost, qr)
				case outcome.D:
					drawn = true
				default:
					maxWon = max(maxWon, qr)
				}
			}
			ok := true
			switch {
			case len(ms) == 0:
				ok = o == outcome.P && rem == 0
			case lost:
				ok = o == outcome.N && rem == minLost+1
			case drawn:
				ok = o == outcome.D
			default:
				ok = o == outcome.P && rem == maxWon+1
			}
			if !ok {
				t.Fatalf("%s: record %v %d disagrees with its moves", g.Format(p), o, rem)
			}
			checked++
			if len(ms) == 0 {
				break
			}
			p = ms[rng.IntN(len(ms))]
		}
	}
	t.Logf("%d positions of random play-outs agree with their moves", checked)
}
