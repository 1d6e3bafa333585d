package nim

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
)

// TestNimMisere: nim --misere on random sums against the witness that
// knows only the definitions (Bouton's misère rule, which answers, is a
// theorem: Winning Ways ch. 13), with the remoteness from the sum search.
func TestNimMisere(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 2))
	w := catalogtest.NewHeapWitness(func(h int) []int {
		out := make([]int, h)
		for i := range out {
			out[i] = i
		}
		return out
	}, true)
	for range 60 {
		heaps := make([]int, 1+rng.IntN(4))
		for j := range heaps {
			heaps[j] = rng.IntN(7)
		}
		win, rem := w.Solve(heaps)
		want := "P"
		if win {
			want = "N"
		}
		for _, method := range []catalog.Method{catalog.Auto, catalog.Search} {
			r, err := nimGame{}.SolveMisere(context.Background(), strings.Fields(strings.Trim(fmt.Sprint(heaps), "[]")), catalog.Options{Method: method})
			if err != nil {
				t.Fatal(err)
			}
			if r.Outcome != want || r.Remoteness == nil || *r.Remoteness != rem || !catalogtest.SameSums(r.WinningMoves, w.Winning(heaps), " ") {
				t.Fatalf("nim %v misère (%v): %s %v %q, want %s %d %q", heaps, method, r.Outcome, r.Remoteness, r.WinningMoves, want, rem, w.Winning(heaps))
			}
		}
	}
	// Heaps too large to search: Bouton's rule alone.
	r, err := nimGame{}.SolveMisere(context.Background(), []string{"1", "100000000000000000000"}, catalog.Options{})
	if err != nil || r.Outcome != "N" || r.Game != "nim" {
		t.Fatalf("nim 1 10^20 misère: %+v %v", r, err)
	}
}
