package tier

import (
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
)

// Ranger.Moves names every move of random tier graphs' positions, those
// staying in a loopy tier included, as the game lists them; Terminal is
// the game's terminal outcome as a record.
func TestRangerMoves(t *testing.T) {
	for seed := range uint64(20) {
		g := randomTierGraph(rand.New(rand.NewPCG(seed, 17)), 6, 12, seed%2 == 1)
		x, err := NewRanger[int32](g)
		if err != nil {
			t.Fatal(err)
		}
		if x.Endless() {
			t.Fatal("Endless: true for a game without EndlessOutcome")
		}
		var got []Option
		for v := range g.adj {
			tv, rv := g.TierOf(int32(v)), g.TierRank(int32(v))
			if got, err = x.Moves(tv, rv, got[:0]); err != nil {
				t.Fatalf("seed %d, node %d: %v", seed, v, err)
			}
			if len(got) != len(g.adj[v]) {
				t.Fatalf("seed %d, node %d: %d moves, want %d", seed, v, len(got), len(g.adj[v]))
			}
			for i, q := range g.adj[v] {
				if want := (Option{Tier: game.Tier(g.tierOf[q]), Rank: int64(g.idx[q])}); got[i] != want {
					t.Fatalf("seed %d, node %d, move %d: %v, want %v", seed, v, i, got[i], want)
				}
			}
			if len(got) == 0 {
				c, err := x.Terminal(tv, rv)
				want := map[outcome.Outcome]uint16{outcome.N: 5, outcome.P: 4, outcome.D: db.Draw}[g.term[v]]
				if err != nil || c != want {
					t.Fatalf("seed %d, node %d: Terminal %d, %v; want %d", seed, v, c, err, want)
				}
			}
		}
		if _, err := x.Moves(0, int64(len(g.nodes[0])), nil); err == nil {
			t.Fatal("Moves of a rank naming no position: no error")
		}
	}
	e, err := NewRanger[int32](tierGraphEndless{randomTierGraph(rand.New(rand.NewPCG(1, 2)), 3, 4, true)})
	if err != nil || !e.Endless() {
		t.Fatalf("Endless: %v, %v for a game with EndlessOutcome", e != nil && e.Endless(), err)
	}
}
