package gobblet

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/outcome"
)

// TestDatabase checks a database built by grundy db build gobblet in the
// directory GRUNDY_GOBBLET_DB (the build takes most of an hour, so the
// default run leaves this out):
//
//   - the published values: the start is a first-player win (Liou), and
//     the database holds 341,024,631 records, one for each class of the
//     reachable positions up to the board's symmetries and the swap of
//     colours with the player to move: Farmer's count of states "up to
//     board and player symmetry" (doc.go);
//   - every record met on random play-outs agrees with its moves'
//     records: won in 1 + the least remoteness of a lost move's, lost in
//     1 + the greatest remoteness of its moves' (all won), or drawn (no
//     lost move, a drawn one); a finished game as TerminalOutcome says,
//     in 0. A table of exact remoteness that agrees so everywhere is the
//     retrograde analysis's (by induction on remoteness);
//   - every position the search of solve decides agrees with its record.
func TestDatabase(t *testing.T) {
	dir := os.Getenv("GRUNDY_GOBBLET_DB")
	if dir == "" {
		t.Skip("GRUNDY_GOBBLET_DB names no database directory")
	}
	g := New()
	d, err := db.Open(dir, "gobblet")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	look := func(p Pos) (outcome.Outcome, uint32) {
		o, rem, ok, err := d.Lookup(uint64(g.TierOf(p)), g.TierRank(p))
		if err != nil || !ok {
			t.Fatalf("%s: no record (%v)", g.Format(p), err)
		}
		return o, rem
	}
	if n := d.Stats().Total.Positions(); n != 341_024_631 {
		t.Errorf("the database holds %d records; Farmer counts 341,024,631 states up to board and player symmetry", n)
	}
	o, rem := look(g.Start())
	if o != outcome.N {
		t.Fatalf("the start is %v; published: a first-player win", o)
	}
	var winning []string
	names := g.MoveNames(0)
	for q := range g.Moves(0) {
		if qo, _ := look(q); qo == outcome.P {
			winning = append(winning, names[q])
		}
	}
	t.Logf("the start: %v in %d; Blue's winning first moves %v", o, rem, winning)
	rng := rand.New(rand.NewPCG(5, 6))
	checked, searched := 0, 0
	for game := range 400 {
		p := g.Start()
		for ply := 0; ply < 100; ply++ {
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
			var ok bool
			switch {
			case len(ms) == 0:
				ok = o == g.TerminalOutcome(p) && rem == 0
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
			if game%20 == 0 {
				s := newSearcher(g, 200_000, nil)
				if v, _, err := s.solve(context.Background(), p, 3); err == nil && v.o != outcome.D {
					searched++
					if v.o != o || v.rem != rem {
						t.Fatalf("%s: search %v in %d; database %v in %d", g.Format(p), v.o, v.rem, o, rem)
					}
				}
			}
			if len(ms) == 0 {
				break
			}
			p = ms[rng.IntN(len(ms))]
		}
	}
	t.Logf("%d positions of random play-outs agree with their moves; %d decided by the search agree with their records", checked, searched)
}
