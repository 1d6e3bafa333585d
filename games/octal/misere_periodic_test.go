package octal

import (
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
