package connect4

import (
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
)

// checkChildRanks compares AppendMoveRanks with TierOf and TierRank of
// each of AppendMoves' boards.
func checkChildRanks(t *testing.T, g Game, b Board) {
	t.Helper()
	moves := g.AppendMoves(nil, b)
	tiers, ranks := g.AppendMoveRanks(nil, nil, b)
	if len(tiers) != len(moves) || len(ranks) != len(moves) {
		t.Fatalf("%s %s: %d tiers and %d ranks for %d moves", g.S, g.Format(b), len(tiers), len(ranks), len(moves))
	}
	for i, q := range moves {
		if tiers[i] != g.TierOf(q) || ranks[i] != g.TierRank(q) {
			t.Fatalf("%s %s, move %d: tier %d rank %d; want tier %d rank %d", g.S, g.Format(b), i, tiers[i], ranks[i], g.TierOf(q), g.TierRank(q))
		}
	}
}

// checkWalk walks the marked ranks of bm (words from rank base on) in
// tier tr and compares each visit with TierUnrank, and that every marked
// rank is visited in order.
func checkWalk(t *testing.T, g Game, tr game.Tier, base int64, bm []uint64) {
	t.Helper()
	var want []int64
	for r := range int64(len(bm)) * 64 {
		if bm[r>>6]>>(r&63)&1 != 0 {
			want = append(want, base+r)
		}
	}
	var got []int64
	// In two halves, as the solver's workers do.
	mid := int64(len(bm)) / 2
	for _, span := range [][2]int64{{0, mid}, {mid, int64(len(bm))}} {
		err := g.WalkTier(tr, base+span[0]*64, bm[span[0]:span[1]], func(r int64, b Board, ok bool) error {
			got = append(got, r)
			wb, wok := g.TierUnrank(tr, r)
			if ok != wok || (ok && b != wb) {
				t.Fatalf("%s tier %d rank %d: walk %v %v; TierUnrank %v %v", g.S, tr, r, b, ok, wb, wok)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%s tier %d: walked %d ranks, want %d", g.S, tr, len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s tier %d: visit %d is rank %d, want %d", g.S, tr, i, got[i], want[i])
		}
	}
}

// TestWalkAndChildRanks checks the tier solver's fast path against
// TierUnrank and TierRank: on small boards every tier walked whole, at
// random densities and past its size, and the moves of every legal
// board; on large ones random positions and random stretches of ranks.
func TestWalkAndChildRanks(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, c := range [][3]int{{4, 4, 4}, {5, 3, 4}, {3, 3, 3}, {1, 5, 2}, {9, 1, 3}, {2, 7, 3}} {
		g := mustGame(t, c[0], c[1], c[2])
		for tr := range game.Tier(g.S.Cells() + 1) {
			words := (g.TierSize(tr) + 64 + 63) / 64 // a word past the size
			for _, density := range []float64{1, 0.5, 0.05} {
				bm := make([]uint64, words)
				for r := range words * 64 {
					if rng.Float64() < density {
						bm[r>>6] |= 1 << (r & 63)
					}
				}
				checkWalk(t, g, tr, 0, bm)
			}
			for r := range g.TierSize(tr) {
				if b, ok := g.TierUnrank(tr, r); ok {
					checkChildRanks(t, g, b)
				}
			}
		}
	}
	for _, c := range [][3]int{{6, 5, 4}, {7, 6, 4}, {5, 5, 4}, {8, 7, 4}, {5, 5, 3}, {6, 6, 4}, {7, 5, 4}, {9, 6, 4}} {
		g := mustGame(t, c[0], c[1], c[2])
		for range 3000 {
			b := Board{}
			for !g.Over(b) && rng.IntN(g.S.Cells()+4) > 0 {
				moves := g.AppendMoves(nil, b)
				b = moves[rng.IntN(len(moves))]
			}
			checkChildRanks(t, g, b)
		}
		for range 40 {
			tr := game.Tier(rng.IntN(g.S.Cells() + 1))
			size := g.TierSize(tr)
			words := min((size+63)/64, 64)
			base := rng.Int64N((size+63)/64 - words + 1)
			bm := make([]uint64, words)
			for w := range bm {
				bm[w] = rng.Uint64() & rng.Uint64()
			}
			checkWalk(t, g, tr, base*64, bm)
		}
	}
}

// TestWinsAtOnce checks the solver's shortcut against the moves: true
// exactly when a move leads to a board that is over and lost for its
// player to move.
func TestWinsAtOnce(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 1))
	for _, c := range [][3]int{{4, 4, 4}, {6, 6, 4}, {7, 5, 4}, {5, 4, 3}, {9, 6, 5}} {
		g := mustGame(t, c[0], c[1], c[2])
		wins := 0
		for range 5000 {
			b := Board{}
			for !g.Over(b) && rng.IntN(g.S.Cells()+2) > 1 {
				moves := g.AppendMoves(nil, b)
				b = moves[rng.IntN(len(moves))]
			}
			want := false
			for _, q := range g.AppendMoves(nil, b) {
				want = want || g.Over(q) && g.TerminalOutcome(q) == outcome.P
			}
			if got := g.WinsAtOnce(b); got != want {
				t.Fatalf("%s %s: WinsAtOnce %v, the moves say %v", g.S, g.Format(b), got, want)
			}
			if want {
				wins++
			}
		}
		if wins == 0 {
			t.Errorf("%s: no random board wins at once", g.S)
		}
	}
}
