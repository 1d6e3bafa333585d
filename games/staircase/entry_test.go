package staircase

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
)

// entryWitness: Sprague–Grundy values of the coin game by its literal
// rules, memoised by the printed sorted cells.
type entryWitness map[string]int

func (w entryWitness) options(cells []int) [][]int {
	var out [][]int
	for i, c := range cells {
		lo := 0
		if i > 0 {
			lo = cells[i-1]
		}
		for to := c - 1; to > lo; to-- {
			next := slices.Clone(cells)
			next[i] = to
			out = append(out, next)
		}
	}
	return out
}

func (w entryWitness) grundy(cells []int) int {
	key := fmt.Sprint(cells)
	if v, ok := w[key]; ok {
		return v
	}
	seen := map[int]bool{}
	for _, o := range w.options(cells) {
		seen[w.grundy(o)] = true
	}
	v := catalogtest.Mex(seen)
	w[key] = v
	return v
}

func TestStaircaseAgainstWitness(t *testing.T) {
	w := entryWitness{}
	rng := rand.New(rand.NewPCG(8, 8))
	for i := 0; i < 200; i++ {
		max := 3 + rng.IntN(12)
		n := 1 + rng.IntN(min(max, 5))
		cells := rng.Perm(max)[:n]
		for j := range cells {
			cells[j]++
		}
		given := catalog.JoinInts(cells) // unsorted, as POJ gives them
		slices.Sort(cells)
		g := w.grundy(cells)
		var moves []string
		for _, o := range w.options(cells) {
			if w.grundy(o) == 0 {
				moves = append(moves, catalog.JoinInts(o))
			}
		}
		want := "N"
		if g == 0 {
			want = "P"
		}
		for _, m := range []catalog.Method{catalog.Auto, catalog.Search} {
			r := catalogtest.Solve(t, "staircase", m, given)
			catalogtest.Check(t, r, want, g, moves)
			if r.Position != catalog.JoinInts(cells) {
				t.Fatalf("position %q, want the sorted cells %q", r.Position, catalog.JoinInts(cells))
			}
		}
	}
}

func TestStaircaseHuge(t *testing.T) {
	// Two coins: the gap between them is the only odd stair.
	a := "100000000000000000000000000000"
	b := "100000000000000000000000000008"
	r := catalogtest.Solve(t, "staircase", catalog.Auto, b, a)
	catalogtest.Check(t, r, "N", 7, []string{a + " 100000000000000000000000000001"})
	r = catalogtest.Solve(t, "georgia-bob", catalog.Auto, "5", a, "100000000000000000000000000001")
	// Odd stairs: the gap 4 before cell 5 and the gap 0 in the right pair.
	// Close the first, or move the middle coin 4 left to open the second.
	catalogtest.Check(t, r, "N", 4, []string{"1 " + a + " 100000000000000000000000000001", "5 99999999999999999999999999996 100000000000000000000000000001"})
}

func TestStaircaseErrors(t *testing.T) {
	catalogtest.Error(t, "staircase", "bad cell 3: it is given twice", "3", "1", "3")
	catalogtest.Error(t, "staircase", "bad cell 0: cells are numbered from 1", "0", "4")
	catalogtest.Error(t, "staircase", `bad cell "a"`, "1", "a")
	catalogtest.Error(t, "staircase", "expected at least 1 cell", "")
	inst, _ := catalog.Lookup("staircase")
	_, err := inst.Solve(t.Context(), []string{"1", "99999999"}, catalog.Options{Method: catalog.Search})
	if err == nil || !strings.Contains(err.Error(), "bad cell 99999999") {
		t.Fatalf("search of a huge cell: %v", err)
	}
}

// FuzzPositions feeds arbitrary positions to staircase under each method:
// every answer is a report with an outcome, every failure one line, and
// nothing panics or hangs (searches are bounded by MaxStates).
func FuzzPositions(f *testing.F) {
	for _, s := range []struct {
		method uint8
		pos    string
	}{{0, "1 2 3"}, {0, "3 3"}, {0, "0"}, {2, "70000"}, {0, "5,9 , 1"}} {
		f.Add(s.method, s.pos)
	}
	f.Fuzz(func(t *testing.T, method uint8, pos string) {
		catalogtest.SolveAny(t, "staircase", method, pos)
	})
}
