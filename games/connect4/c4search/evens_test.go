package c4search

import (
	"testing"

	"github.com/grundy-go/grundy/games/connect4"
)

// TestEvensBound checks the evens strategy's bound (evensLoss) against
// the witness on every 4×4 position where it applies: the first player
// to move, and no line in the cells the player gets.
func TestEvensBound(t *testing.T) {
	w := newWitness(t, 4, 4, 4)
	w.value(connect4.Board{})
	g := newGeometry(w.g.S)
	bad, fine := 0, 0
	for b, v := range w.memo {
		n := b.Moves()
		if n%2 != 0 || w.g.Over(b) {
			continue
		}
		cur, mask := b.Current, b.Mask
		poss := g.possible(mask)
		opp := (cur ^ mask) | (g.evenRows &^ mask &^ poss)
		if g.aligned(g.full &^ opp) {
			continue
		}
		hi := g.evensLoss(opp, mask)
		sc := ValueScore(16, n, v)
		if sc > hi {
			t.Errorf("%q: score %d, bound %d", w.g.Format(b), sc, hi)
			if bad++; bad == 5 {
				return
			}
		}
		if hi < -1 {
			fine++
		}
	}
	if fine == 0 {
		t.Fatal("no position bounded below -1")
	}
}
