package teeko

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/outcome"
)

// TestDatabase checks databases built by grundy db build teeko and
// teeko:advanced, named by GRUNDY_TEEKO_DB (a directory holding std and
// adv; the builds take minutes, so the default run leaves this out):
//
//   - the published values (Steele, 1998): Teeko is a draw; Advanced
//     Teeko a first-player win, and a draw when the first drop may not
//     be the centre, so the centre is Black's only winning first drop;
//   - every record met on random play-outs agrees with its moves'
//     records: won in 1 + the least remoteness of a lost move's, lost in
//     1 + the greatest remoteness of its moves' (all won), or drawn (no
//     lost move, a drawn one), lost in 0 when the game is over. A table
//     of exact remoteness that agrees so everywhere is the retrograde
//     analysis's (by induction on remoteness).
func TestDatabase(t *testing.T) {
	dir := os.Getenv("GRUNDY_TEEKO_DB")
	if dir == "" {
		t.Skip("GRUNDY_TEEKO_DB names no directory of databases (std, adv)")
	}
	for _, c := range []struct {
		sub      string
		advanced bool
		start    outcome.Outcome
	}{{"std", false, outcome.D}, {"adv", true, outcome.N}} {
		g := New(c.advanced)
		d, err := db.Open(filepath.Join(dir, c.sub), g.Spec())
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
		o, rem := look(0)
		if o != c.start {
			t.Fatalf("%s: the start is %v; Steele: %v", g.Spec(), o, c.start)
		}
		var winning []string
		names := g.MoveNames(0)
		for q := range g.Moves(0) {
			if qo, _ := look(q); qo == outcome.P {
				winning = append(winning, names[q])
			}
		}
		if c.advanced && (len(winning) != 1 || winning[0] != "drop at c3") {
			t.Fatalf("Advanced Teeko: Black's winning first drops %v; Steele: the centre alone", winning)
		}
		t.Logf("%s: the start is %v (remoteness %d), winning first drops %v", g.Spec(), o, rem, winning)
		rng := rand.New(rand.NewPCG(3, 4))
		checked := 0
		for range 400 {
			p := g.Start()
			for ply := 0; ply < 80; ply++ {
				o, rem := look(p)
				ms := append([]Pos(nil), g.AppendMoves(nil, p)...)
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
					t.Fatalf("%s: %s: record %v %d disagrees with its moves", g.Spec(), g.Format(p), o, rem)
				}
				checked++
				if len(ms) == 0 {
					break
				}
				p = ms[rng.IntN(len(ms))]
			}
		}
		t.Logf("%s: %d positions of random play-outs agree with their moves", g.Spec(), checked)
	}
}
