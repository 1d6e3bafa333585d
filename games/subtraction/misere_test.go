package subtraction

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
)

// TestMisereSumsAgainstWitness: solve --misere on random sums of small
// heaps of S-Nim and Bash's game (from the quotient, and by --method
// search) against the witness that knows only the definitions.
func TestMisereSumsAgainstWitness(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 1))
	for _, c := range []struct {
		spec string
		take func(int) []int
	}{
		{"subtract:1,3,4", takeFrom(1, 3, 4)},
		{"subtract:2,3", takeFrom(2, 3)},
		{"subtract:1,2", takeFrom(1, 2)},
		{"bash:3", takeFrom(1, 2, 3)},
		{"fib", takeFrom(1, 2, 3, 5, 8)},
	} {
		inst, err := catalog.Lookup(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		ms := inst.(catalog.MisereSolver)
		w := newWitness(c.take, true)
		for range 30 {
			heaps := make([]int, 1+rng.IntN(3))
			for j := range heaps {
				heaps[j] = rng.IntN(11)
			}
			win, rem := w.Solve(heaps)
			want := "P"
			if win {
				want = "N"
			}
			moves := w.Winning(heaps)
			for _, method := range []catalog.Method{catalog.Auto, catalog.Search} {
				r, err := ms.SolveMisere(context.Background(), strings.Fields(strings.Trim(fmt.Sprint(heaps), "[]")), catalog.Options{Method: method})
				if err != nil {
					t.Fatalf("%s %v: %v", c.spec, heaps, err)
				}
				if r.Outcome != want {
					t.Fatalf("%s %v (%v): %s, want %s", c.spec, heaps, method, r.Outcome, want)
				}
				if r.Remoteness != nil && *r.Remoteness != rem {
					t.Fatalf("%s %v (%v): remoteness %d, want %d", c.spec, heaps, method, *r.Remoteness, rem)
				}
				if (len(heaps) > 1 || method == catalog.Search) && !catalogtest.SameSums(r.WinningMoves, moves, " ") {
					t.Fatalf("%s %v (%v): winning moves %q, want %q", c.spec, heaps, method, r.WinningMoves, moves)
				}
			}
		}
	}
}

// misere-bash:M and bash:M --misere on one heap: the closed form's
// remoteness against the witness's on every heap up to 40, M = 1..5.
func TestMisereBashRemoteness(t *testing.T) {
	for m := 1; m <= 5; m++ {
		w := catalogtest.NewHeapWitness(func(h int) []int {
			var out []int
			for s := 1; s <= m && s <= h; s++ {
				out = append(out, h-s)
			}
			return out
		}, true)
		for _, spec := range []string{"misere-bash:" + strconv.Itoa(m), "bash:" + strconv.Itoa(m)} {
			for n := 0; n <= 40; n++ {
				inst, err := catalog.Lookup(spec)
				if err != nil {
					t.Fatal(err)
				}
				solve := inst.Solve
				if ms, ok := inst.(catalog.MisereSolver); ok && spec[0] == 'b' {
					solve = ms.SolveMisere
				}
				r, err := solve(t.Context(), []string{strconv.Itoa(n)}, catalog.Options{})
				if err != nil {
					t.Fatal(err)
				}
				win, rem := w.Solve([]int{n})
				if r.Outcome != catalogtest.OutcomeOf(win) || r.Remoteness == nil || *r.Remoteness != rem {
					t.Errorf("%s %d: %s remoteness %v, want %s %d", spec, n, r.Outcome, r.Remoteness, catalogtest.OutcomeOf(win), rem)
				}
			}
		}
	}
}

// TestMiserePeriodPast30: subtract:5,9,13's quotient (order 6) has period
// 18 from heap 1, which the periodicity test proves from heaps up to 31,
// not 30: solve --misere computes the quotient further (to 60) and answers
// heaps past 30 from it, outcome, remoteness and every winning move
// against the witness, and a heap of 10^5 from the period.
func TestMiserePeriodPast30(t *testing.T) {
	inst, err := catalog.Lookup("subtract:5,9,13")
	if err != nil {
		t.Fatal(err)
	}
	ms := inst.(catalog.MisereSolver)
	w := newWitness(takeFrom(5, 9, 13), true)
	const method = "the misère quotient of the whole game (order 6; Plambeck–Siegel), proven for every heap size by the periodicity test (heap n+18 has heap n's element from heap 1 on)"
	for _, heaps := range [][]int{{100, 7}, {31}, {40, 22, 5}, {47, 13}} {
		r, err := ms.SolveMisere(context.Background(), strings.Fields(strings.Trim(fmt.Sprint(heaps), "[]")), catalog.Options{})
		if err != nil {
			t.Fatalf("%v: %v", heaps, err)
		}
		win, rem := w.Solve(heaps)
		want := map[bool]string{true: "N", false: "P"}[win]
		if r.Outcome != want || r.Remoteness == nil || *r.Remoteness != rem || !slices.Equal(r.WinningMoves, w.Winning(heaps)) {
			t.Errorf("subtract:5,9,13 %v misère: %s rem %v moves %q; want %s rem %d moves %q", heaps, r.Outcome, r.Remoteness, r.WinningMoves, want, rem, w.Winning(heaps))
		}
		if want := map[bool]string{true: method, false: "the misère quotient of the heaps up to 60 (order 6; Plambeck–Siegel), proven by its own search"}[slices.Max(heaps) > 60]; r.Method != want {
			t.Errorf("subtract:5,9,13 %v misère: method %q, want %q", heaps, r.Method, want)
		}
	}
	// 10^5 = 18·5555 + 10: heap 10^5 has heap 10's element; with a heap
	// of 7 it is lost or won as 10 7 is.
	far, err := ms.SolveMisere(context.Background(), []string{"100000", "7"}, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	win, _ := w.Solve([]int{10, 7})
	if want := map[bool]string{true: "N", false: "P"}[win]; far.Outcome != want || far.Method != method {
		t.Errorf("subtract:5,9,13 100000 7 misère: %s by %q, want %s by the period", far.Outcome, far.Method, want)
	}
}
