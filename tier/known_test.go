package tier_test

import (
	"testing"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games/connect4"
	"github.com/grundy-go/grundy/games/quixo"
	"github.com/grundy-go/grundy/games/tictactoe"
	"github.com/grundy-go/grundy/tier"
)

// TestKnownRecord: on every record of solved databases (Connect-4 4x4, a
// Finisher; tic-tac-toe and Quixo 3x3, loopy, by their moves),
// KnownRecord knows exactly the records db.FreeCode frees, with their
// values: format 7's lookups compute what its files do not keep.
func TestKnownRecord(t *testing.T) {
	c4, err := connect4.New(4, 4, 4)
	if err != nil {
		t.Fatal(err)
	}
	q3, err := quixo.New(3)
	if err != nil {
		t.Fatal(err)
	}
	checkKnown[connect4.Board](t, c4, tier.BuildForTest[connect4.Board](t, c4, "connect4:4x4"))
	checkKnown[tictactoe.Pos](t, tictactoe.Game{}, tier.BuildForTest[tictactoe.Pos](t, tictactoe.Game{}, "tictactoe"))
	checkKnown[quixo.Pos](t, q3, tier.BuildForTest[quixo.Pos](t, q3, "quixo:3"))
}

func checkKnown[P comparable](t *testing.T, g game.Tiered[P], d *db.DB) {
	t.Helper()
	var known [3]int
	for _, ti := range d.Manifest().Tiers {
		recs, _, err := d.LoadTier(ti.Tier)
		if err != nil {
			t.Fatal(err)
		}
		for r := range recs.Len() {
			c := recs.Get(r)
			p, ok := g.TierUnrank(game.Tier(ti.Tier), r)
			if !ok || c == db.Empty {
				continue
			}
			k, ok := tier.KnownRecord(g, p)
			if ok != db.FreeCode(c) && !(ok && k == c) || ok && k != c {
				t.Fatalf("%s tier %d rank %d: record %d, KnownRecord %d %v", d.Manifest().Game, ti.Tier, r, c, k, ok)
			}
			switch {
			case ok && c == 4:
				known[0]++
			case ok && c == 7:
				known[1]++
			case ok && c == 8:
				known[2]++
			}
		}
	}
	if known[0] == 0 || known[1] == 0 || known[2] == 0 {
		t.Errorf("%s: %v records lost in 0, won in 1, lost in 2: a class untested", d.Manifest().Game, known)
	}
	t.Logf("%s: %v records lost in 0, won in 1, lost in 2", d.Manifest().Game, known)
}
