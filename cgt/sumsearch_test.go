package cgt

import (
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/budget"
)

// TestSumSearchOutcome: on random sums of three to five games (random
// game trees, number-up-stars and switches), the outcome found by the
// search over the components equals the outcome of the sum's canonical
// form, and so do ≥ 0 and ≤ 0.
func TestSumSearchOutcome(t *testing.T) {
	r := rand.New(rand.NewPCG(37, 3))
	s := NewSpace()
	gs := randomGames(r, s, 300)
	for k := 1; k <= 6; k++ {
		x := s.Integer(int64(k))
		gs = append(gs, s.mk([]Game{x}, []Game{s.neg(x)}), s.mk([]Game{x, Zero}, []Game{s.neg(x)}))
	}
	q := NewSumSearch(s)
	for c := range 3000 {
		n := 3 + r.IntN(3)
		parts := make([]Game, n)
		sum := Zero
		for i := range parts {
			parts[i] = gs[r.IntN(len(gs))]
			sum = s.add(sum, parts[i])
		}
		got, err := q.Outcome(parts)
		if err != nil {
			t.Fatal(err)
		}
		if want := s.outcomeOf(sum); got != want {
			names := make([]string, n)
			for i, p := range parts {
				names[i] = s.String(p)
			}
			t.Fatalf("case %d: %v: outcome %v by search, %v from the sum %s", c, names, got, want, s.String(sum))
		}
		ge, _ := q.GeqZero(parts)
		le, _ := q.LeqZero(parts)
		if ge != s.leq(Zero, sum) || le != s.leq(sum, Zero) {
			t.Fatalf("case %d: >= 0 %v, <= 0 %v disagree with the sum", c, ge, le)
		}
	}
}

// TestSumSearchWithoutShortcuts: the same check on sums that neither
// stops nor means decide at the top (switches ±k with tiny and hot
// games), so the move-by-move search is what answers.
func TestSumSearchWithoutShortcuts(t *testing.T) {
	r := rand.New(rand.NewPCG(37, 4))
	s := NewSpace()
	gs := randomGames(r, s, 200)
	q := NewSumSearch(s)
	for c := range 1500 {
		var parts []Game
		sum := Zero
		for range 2 + r.IntN(2) {
			x := s.Integer(int64(1 + r.IntN(4)))
			parts = append(parts, s.mk([]Game{x}, []Game{s.neg(x)}))
		}
		for range 1 + r.IntN(2) {
			parts = append(parts, gs[r.IntN(len(gs))])
		}
		for _, p := range parts {
			sum = s.add(sum, p)
		}
		got, err := q.Outcome(parts)
		if err != nil {
			t.Fatal(err)
		}
		if want := s.outcomeOf(sum); got != want {
			t.Fatalf("case %d: outcome %v by search, %v from the sum %s", c, got, want, s.String(sum))
		}
	}
	if q.searched < 1000 {
		t.Fatalf("only %d sums searched move by move", q.searched)
	}
}

// TestSumSearchLimit: the memo's bound stops the search with a
// budget error, and the Space stays usable.
func TestSumSearchLimit(t *testing.T) {
	s := NewSpace()
	var parts []Game
	for k := 1; k <= 6; k++ {
		x := s.Integer(int64(k)) // ±k: neither stops nor means decide the sum
		parts = append(parts, s.mk([]Game{x}, []Game{s.neg(x)}))
	}
	q := NewSumSearch(s)
	q.MaxEntries = 3
	if _, err := q.Outcome(parts); !budget.Over(err, budget.States) {
		t.Fatalf("past MaxEntries: %v", err)
	}
	q.MaxEntries = 0
	if o, err := q.Outcome(parts); err != nil || o.String() != "N" {
		t.Fatalf("±1 + … + ±6: %v %v, want N", o, err)
	}
}
