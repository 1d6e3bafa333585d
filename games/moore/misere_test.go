package moore

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
)

// Moore's misère rule against the witness (the definition on the game's
// moves) on every position of up to four heaps of up to 5 for K = 1..4,
// and solve --misere (rule and search) on random ones, outcome and
// winning moves.
func TestMisereAgainstSearch(t *testing.T) {
	for k := 1; k <= 4; k++ {
		g := Game{K: k}
		w := catalogtest.NewMisereWitness(func(key Key) []Key { return slices.Collect(g.Moves(key)) }, g.Format)
		var walk func(hs []int)
		walk = func(hs []int) {
			if got, want := MisereIsP(bigs(hs), k), !w.Wins(MakeKey(hs)); got != want {
				t.Fatalf("moore:%d %v: MisereIsP %v, the witness %v", k, hs, got, want)
			}
			if len(hs) == 4 {
				return
			}
			for h := 0; h <= 5; h++ {
				walk(append(slices.Clone(hs), h))
			}
		}
		walk(nil)
		inst, err := makeInstance(string(rune('0' + k)))
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(20, uint64(k)))
		for range 30 {
			hs := catalogtest.RandomHeaps(rng, 4, 4)
			for _, m := range []catalog.Method{catalog.Auto, catalog.Search} {
				// The report writes the position left by a move in the
				// heaps' order; the witness's key is sorted.
				r, err := inst.(catalog.MisereSolver).SolveMisere(t.Context(), []string{catalog.JoinInts(hs)}, catalog.Options{Method: m})
				if err != nil {
					t.Fatal(err)
				}
				if want := catalogtest.OutcomeOf(w.Wins(MakeKey(hs))); r.Outcome != want {
					t.Errorf("moore:%d %v (%v): outcome %s, want %s", k, hs, m, r.Outcome, want)
				}
				var got []string
				for _, mv := range r.WinningMoves {
					var next []int
					for _, f := range catalog.Fields([]string{mv}) {
						var x int
						for _, c := range f {
							x = 10*x + int(c-'0')
						}
						next = append(next, x)
					}
					got = append(got, g.Format(MakeKey(next)))
				}
				slices.Sort(got)
				got = slices.Compact(got)
				if want := w.Winning(MakeKey(hs)); !slices.Equal(got, want) {
					t.Errorf("moore:%d %v (%v): winning moves %q, want %q", k, hs, m, got, want)
				}
			}
		}
	}
}
