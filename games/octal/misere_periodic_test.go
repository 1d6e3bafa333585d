package octal

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
	"github.com/grundy-go/grundy/heap"
)

// Heaps past the quotient's usual bound (12) of a game whose quotient the
// periodicity test proves (0.75) are answered from it: outcome and
// winning moves against the witness (the definition on whole sums).
func TestMiserePeriodicQuotient(t *testing.T) {
	inst, err := catalog.Lookup("octal:0.75")
	if err != nil {
		t.Fatal(err)
	}
	r, err := heap.Parse("octal:0.75")
	if err != nil {
		t.Fatal(err)
	}
	w := catalogtest.NewMisereWitness(catalogtest.SumMoves(Game{Rule: r}.Options), catalogtest.JoinWith(strconv.Itoa, " "))
	w.Sep = " "
	w.MemoKey = catalogtest.SortedSum
	for n := 13; n <= 22; n++ {
		for _, sum := range [][]int{{n}, {n, 1}, {n, 2}} {
			catalogtest.CheckMisere(t, inst, []string{catalog.JoinInts(sum)}, catalog.Options{}, w, sum)
		}
	}
	rep, err := inst.(catalog.MisereSolver).SolveMisere(t.Context(), []string{"1999", "1000"}, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rep.Method, "periodicity test") {
		t.Errorf("0.75 1999 1000: method %q, want the proven quotient", rep.Method)
	}
}

// Kayles' heaps past 30: the heaps up to 30 prove no period, so the
// quotient is computed further until the periodicity test proves one
// (period 12 from heap 71, at 240 heaps); sums with such heaps are
// answered from it, outcome and every winning move against the
// definitions (misereWitness), and heaps far past the witness's reach
// from the period.
func TestMisereKaylesPast30(t *testing.T) {
	inst, err := catalog.Lookup("kayles")
	if err != nil {
		t.Fatal(err)
	}
	ms := inst.(catalog.MisereSolver)
	rule, _ := heap.Parse("kayles")
	w := &misereWitness{rule: rule, memo: map[string][2]int{}}
	for _, c := range []struct {
		heaps   []int
		outcome string
	}{
		{[]int{31, 4}, "N"},
		{[]int{33, 2}, "N"},
		{[]int{34}, "N"},
		{[]int{31, 2}, "P"},
	} {
		tokens := strings.Fields(strings.Trim(fmt.Sprint(c.heaps), "[]"))
		r, err := ms.SolveMisere(t.Context(), tokens, catalog.Options{})
		if err != nil {
			t.Fatalf("kayles %v: %v", c.heaps, err)
		}
		win, _ := w.solve(c.heaps)
		var moves []string
		for _, next := range w.options(c.heaps) {
			if win, _ := w.solve(next); !win {
				moves = append(moves, strings.Trim(fmt.Sprint(next), "[]"))
			}
		}
		if want := map[bool]string{true: "N", false: "P"}[win]; want != c.outcome || r.Outcome != want {
			t.Errorf("kayles %v misère: outcome %s, the witness %s, the table %s", c.heaps, r.Outcome, want, c.outcome)
		}
		if !slices.Equal(r.WinningMoves, moves) {
			t.Errorf("kayles %v misère: winning moves %q, want %q", c.heaps, r.WinningMoves, moves)
		}
		if !strings.Contains(r.Method, "misère quotient of the heaps up to 240 (order 40;") {
			t.Errorf("kayles %v misère: method %q, want the quotient of the heaps up to 240", c.heaps, r.Method)
		}
	}
	r, err := ms.SolveMisere(t.Context(), []string{"2000", "1999", "7"}, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Outcome != "N" || !strings.Contains(r.Method, "heap n+12 has heap n's element from heap 71 on") {
		t.Errorf("kayles 2000 1999 7 misère: %s by %q, want N by the proven period", r.Outcome, r.Method)
	}
}
