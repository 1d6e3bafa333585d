package octal

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
	"github.com/grundy-go/grundy/internal/memtest"
)

// periodicSpecs are octal games whose periods the heap engine proves
// quickly (Kayles, Dawson's chess and Dawson's Kayles, Guiles, and codes
// with a leading 4).
var periodicSpecs = []string{"kayles", "dawson", "octal:0.07", "guiles", "octal:4.07", "octal:0.4", "octal:0.16"}

func periodicGame(t *testing.T, spec string) *heapRuleGame {
	t.Helper()
	inst, err := catalog.Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	g, ok := inst.(*heapRuleGame)
	if !ok || !g.periodic() {
		t.Fatalf("%s: not a periodic heap rule (%T)", spec, inst)
	}
	return g
}

// TestSolveByPeriodAgainstValues: on heaps small enough to compute, the
// period's answer (value, outcome and every winning move, in order) is
// the computed one's.
func TestSolveByPeriodAgainstValues(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(21, 22))
	for _, spec := range periodicSpecs {
		g := periodicGame(t, spec)
		for range 60 {
			heaps := make([]int, 1+rng.IntN(3))
			for i := range heaps {
				heaps[i] = rng.IntN(1500)
			}
			tokens := []string{catalog.JoinInts(heaps)}
			want, err := g.Solve(ctx, tokens, catalog.Options{})
			if err != nil {
				t.Fatal(err)
			}
			got, err := g.solveByPeriod(ctx, heaps, catalog.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got.Grundy.Cmp(want.Grundy) != 0 || got.Outcome != want.Outcome || !slices.Equal(got.WinningMoves, want.WinningMoves) || got.MovesIncomplete {
				t.Fatalf("%s %v: period says %v %s %v, values say %v %s %v", spec, heaps, got.Grundy, got.Outcome, got.WinningMoves, want.Grundy, want.Outcome, want.WinningMoves)
			}
		}
	}
}

// TestSplitCounts checks the count of winning splits by residues against
// counting them one by one, with the listing stopped at every point.
func TestSplitCounts(t *testing.T) {
	ctx := context.Background()
	for _, spec := range periodicSpecs {
		g := periodicGame(t, spec)
		vals, per, err := impartialgame.ProvenPeriod(ctx, g.rule, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		q := periodicValues{vals: vals, a: per.Preperiod, p: per.Period}
		for m := 1; m < 700; m += 7 {
			for target := range uint32(8) {
				var want []int
				for a := 1; 2*a <= m; a++ {
					if q.at(a)^q.at(m-a) == target {
						want = append(want, a)
					}
				}
				for stop := range min(len(want), 5) + 1 {
					var listed []int
					n := q.splits(m, target, func(a int) bool {
						listed = append(listed, a)
						return len(listed) < stop
					})
					if n != len(want) {
						t.Fatalf("%s: splits of %d with nim-sum %d: counted %d, there are %d", spec, m, target, n, len(want))
					}
					if k := min(stop, len(want)); !slices.Equal(listed[:min(len(listed), k)], want[:k]) {
						t.Fatalf("%s: splits of %d with nim-sum %d: listed %v, want %v first", spec, m, target, listed, want[:k])
					}
				}
			}
		}
	}
}

// TestSplitsOfHugeHeaps: a nim-sum that no residue gives is counted as
// none at once, and one that some give is listed from the smallest part.
func TestSplitsOfHugeHeaps(t *testing.T) {
	g := periodicGame(t, "kayles")
	q, _, err := g.proven(context.Background(), catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := 999_999_999_999_999_998
	if n := q.splits(m, 255, func(int) bool { return true }); n != 0 {
		t.Fatalf("splits of %d with nim-sum 255 (Kayles values are below 16): %d", m, n)
	}
	var first []int
	n := q.splits(m, 0, func(a int) bool { first = append(first, a); return len(first) < 3 })
	if n < 3 || len(first) != 3 {
		t.Fatalf("splits of %d with nim-sum 0: %d, first %v", m, n, first)
	}
	for _, a := range first {
		if q.at(a) != q.at(m-a) {
			t.Fatalf("split %d + %d: values %d and %d", a, m-a, q.at(a), q.at(m-a))
		}
	}
}

// TestHugeHeaps: Kayles and Dawson's chess heaps far beyond computation
// have the value of the heap of the same residue, and their winning moves
// are counted and listed in part.
func TestHugeHeaps(t *testing.T) {
	ctx := context.Background()
	g := periodicGame(t, "kayles")
	huge := 1_000_000_000_000_000_000
	r, err := g.Solve(ctx, []string{strconv.Itoa(huge)}, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Kayles: period 12 from n = 71 (Winning Ways); 10^18 ≡ 4 (mod 12).
	small, err := g.Solve(ctx, []string{strconv.Itoa(72 + (huge-72)%12 + 120)}, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Grundy.Cmp(small.Grundy) != 0 {
		t.Fatalf("kayles 10^18: G = %v, the heap of the same residue has %v", r.Grundy, small.Grundy)
	}
	if r.Grundy.Sign() != 0 && (!r.MovesIncomplete || r.MoveCount <= len(r.WinningMoves) || len(r.WinningMoves) == 0) {
		t.Fatalf("kayles 10^18: %d moves listed of %d (incomplete %v)", len(r.WinningMoves), r.MoveCount, r.MovesIncomplete)
	}
	if _, err := g.Solve(ctx, []string{"1000000000000000001"}, catalog.Options{}); err == nil {
		t.Fatal("a heap beyond 10^18 was accepted")
	}
	// A sum that is a P-position: two equal huge heaps.
	r, err = g.Solve(ctx, []string{fmt.Sprint(huge, huge)}, catalog.Options{})
	if err != nil || r.Outcome != "P" || len(r.WinningMoves) != 0 {
		t.Fatalf("kayles 10^18 10^18: %v %v", r, err)
	}
}

// TestManyHeapsBoundedWork is the regression test of a memory bomb (Nim
// with 12,000 heaps of 1 through the explorer reached 3.4 GB): 30,000
// Kayles heaps are solved and explored within 256 MiB each, the
// remoteness of a sum so large left unknown.
func TestManyHeapsBoundedWork(t *testing.T) {
	const bound = 256 << 20
	inst, err := catalog.Lookup("kayles")
	if err != nil {
		t.Fatal(err)
	}
	tokens := []string{strings.TrimSpace(strings.Repeat("5 ", 30_000))}
	a := memtest.Allocated(func() {
		if _, err = inst.Solve(context.Background(), tokens, catalog.Options{}); err != nil {
			t.Fatal(err)
		}
	})
	if a > bound {
		t.Errorf("kayles 30000 heaps of 5: Solve allocated %d bytes, want under %d", a, bound)
	}
	var x *catalog.Exploration
	a = memtest.Allocated(func() {
		if x, err = inst.(catalog.Explorer).Explore(context.Background(), tokens, catalog.Options{}, 0); err != nil {
			t.Fatalf("explore: %v", err)
		}
	})
	if a > bound {
		t.Errorf("kayles 30000 heaps of 5: Explore allocated %d bytes, want under %d", a, bound)
	}
	if x.Report.Remoteness != nil {
		t.Errorf("kayles 30000 heaps of 5: remoteness %d, want unknown", *x.Report.Remoteness)
	}
}
