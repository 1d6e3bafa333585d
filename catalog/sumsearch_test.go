package catalog

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/games/nim"
	"github.com/grundy-go/grundy/games/octal"
	"github.com/grundy-go/grundy/heap"
)

// allocated returns the bytes f allocates (runtime.MemStats.TotalAlloc).
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func repeatHeaps(n int, h string) []string {
	return []string{strings.TrimSpace(strings.Repeat(h+" ", n))}
}

// TestManyHeapsBoundedWork is the regression test of a memory bomb: Nim
// with 12,000 heaps of 1 through the explorer reached 3.4 GB, because the
// remoteness search of sums budgeted moves while each move cost a copy and
// a key as long as the sum. Now the closed form answers heaps of one token,
// larger many-heap sums are not searched, and what is searched is bounded
// by work: each case allocates less than 256 MiB, where the 30,000-heap
// request allocates 60 KB of text to begin with.
func TestManyHeapsBoundedWork(t *testing.T) {
	const bound = 256 << 20
	cases := []struct {
		spec string
		heap string
		rem  *int // nil: unknown
	}{
		{"nim", "1", new(30_000)},
		{"misere-nim", "1", new(30_000)},
		{"nim", "7", nil},
		{"kayles", "5", nil},
	}
	for _, c := range cases {
		inst, err := Lookup(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		tokens := repeatHeaps(30_000, c.heap)
		var r *Report
		a := allocated(func() {
			if r, err = inst.Solve(context.Background(), tokens, Options{}); err != nil {
				t.Fatalf("%s: %v", c.spec, err)
			}
		})
		if a > bound {
			t.Errorf("%s 30000 heaps of %s: Solve allocated %d bytes, want under %d", c.spec, c.heap, a, bound)
		}
		ex, _ := AsExplorer(inst)
		var x *Exploration
		a = allocated(func() {
			if x, err = ex.Explore(context.Background(), tokens, Options{}, 0); err != nil {
				t.Fatalf("%s: explore: %v", c.spec, err)
			}
		})
		if a > bound {
			t.Errorf("%s 30000 heaps of %s: Explore allocated %d bytes, want under %d", c.spec, c.heap, a, bound)
		}
		got := x.Report.Remoteness
		if (got == nil) != (c.rem == nil) || got != nil && *got != *c.rem {
			t.Errorf("%s 30000 heaps of %s: remoteness %v, want %v", c.spec, c.heap, fmtRem(got), fmtRem(c.rem))
		}
		if c.spec == "nim" && c.rem != nil {
			if r.Remoteness == nil || *r.Remoteness != *c.rem {
				t.Errorf("nim: Solve's remoteness %v, want %d", fmtRem(r.Remoteness), *c.rem)
			}
			// Each move removes a heap: 29,999 moves left.
			if len(x.Moves) == 0 || x.Moves[0].Remoteness == nil || *x.Moves[0].Remoteness != *c.rem-1 {
				t.Errorf("nim: first move's remoteness %v, want %d", x.Moves, *c.rem-1)
			}
		}
		if c.spec == "nim" && c.rem == nil && !slicesContain(r.Notes, "remoteness") {
			t.Errorf("nim 30000 heaps of %s: no note says the remoteness is unknown: %q", c.heap, r.Notes)
		}
	}
}

func slicesContain(notes []string, word string) bool {
	for _, n := range notes {
		if strings.Contains(n, word) {
			return true
		}
	}
	return false
}

func fmtRem(r *int) string {
	if r == nil {
		return "unknown"
	}
	return strconv.Itoa(*r)
}

// TestNimOnesRemotenessAgainstSearch checks the closed form for heaps of
// at most one token against the sum search.
func TestNimOnesRemotenessAgainstSearch(t *testing.T) {
	for _, misere := range []bool{false, true} {
		for n := range 12 {
			heaps := make([]int, n)
			for i := range heaps {
				heaps[i] = i % 3 % 2 // zeros among the ones
			}
			s := NewSumSearch(nimHeap, strconv.Itoa, misere, nil)
			want, err := s.Remoteness(context.Background(), heaps)
			if err != nil || want == nil {
				t.Fatalf("%v: search: %v %v", heaps, want, err)
			}
			if got, ok := nimOnesRemoteness(heaps); !ok || got != *want {
				t.Fatalf("%v (misère %v): closed form %d, search %d", heaps, misere, got, *want)
			}
		}
	}
}

// TestSumSearchEqualParts checks the search, which moves in one of equal
// parts only, against the definition on sums with many equal heaps.
func TestSumSearchEqualParts(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 13))
	memo := map[string]int{}
	for range 40 {
		heaps := make([]int, 2+rng.IntN(5))
		for i := range heaps {
			heaps[i] = 1 + rng.IntN(3)
		}
		s := NewSumSearch(nimHeap, strconv.Itoa, false, nil)
		got, err := s.Remoteness(context.Background(), heaps)
		if err != nil || got == nil {
			t.Fatalf("%v: %v %v", heaps, got, err)
		}
		if want := bruteRemoteness(nimTake, heaps, memo); *got != want {
			t.Fatalf("%v: remoteness %d, want %d", heaps, *got, want)
		}
	}
}

// TestSumSearchWorkBudget: a sum of thousands of parts is searched within
// the work budget, which stops it (remoteness unknown) long before the
// move budget would, and a cancelled context stops it after a bounded
// amount of work whatever the number of memo entries.
func TestSumSearchWorkBudget(t *testing.T) {
	rule, err := heap.Parse("kayles")
	if err != nil {
		t.Fatal(err)
	}
	g := octal.Game{Rule: rule}
	heaps := make([]int, 3000)
	for i := range heaps {
		heaps[i] = 1 + i%4
	}
	s := NewSumSearch[int](g, strconv.Itoa, false, nil)
	var rem *int
	a := allocated(func() { rem, err = s.Remoteness(context.Background(), heaps) })
	if err != nil || rem != nil {
		t.Fatalf("remoteness %v, %v; want unknown", fmtRem(rem), err)
	}
	if s.budget <= 0 || a > 2*maxSumWork {
		t.Fatalf("moves left %d, allocated %d: want the work budget (%d) to stop the search", s.budget, a, maxSumWork)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s = NewSumSearch[int](g, strconv.Itoa, false, nil)
	if _, err := s.Remoteness(ctx, heaps); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v, want context.Canceled", err)
	}
	if spent := maxSumWork - s.work; spent > 2*sumCheckEvery {
		t.Fatalf("cancelled search spent %d bytes of work, want at most %d", spent, 2*sumCheckEvery)
	}
}

// TestSumSearchMemoryBudget: the memo charges the memory budget while it
// grows, gives up (remoteness unknown) when the budget runs out, and
// gives back what it charged.
func TestSumSearchMemoryBudget(t *testing.T) {
	mem := budget.NewBytes(10_000)
	s := NewSumSearch(nimHeap, strconv.Itoa, false, mem)
	rem, err := s.Remoteness(context.Background(), []int{10, 11, 12, 13})
	if err != nil || rem != nil {
		t.Fatalf("remoteness %v, %v; want unknown", fmtRem(rem), err)
	}
	if mem.Used() == 0 {
		t.Fatal("the memo charged nothing")
	}
	s.Release()
	if mem.Used() != 0 {
		t.Fatalf("%d bytes still charged after release", mem.Used())
	}
	// With room, the same search answers.
	r, err := SumRemoteness(context.Background(), nimHeap, strconv.Itoa, []int{3, 4, 5}, budget.NewBytes(1<<20))
	if err != nil || r == nil {
		t.Fatalf("nim 3 4 5: %v %v", fmtRem(r), err)
	}
}

// TestMisereWinsInts checks the explorer's misère rule on ints against
// nim.MisereWins.
func TestMisereWinsInts(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 2000 {
		heaps := randomHeaps(rng, 6, 3)
		if got, want := misereWins(heaps), nim.MisereWins(Bigs(heaps)); got != want {
			t.Fatalf("%v: %v, want %v", heaps, got, want)
		}
	}
}

// TestOptionsMemory: the catalog passes Options.Memory to the solvers,
// whose tables stop with a budget.Exceeded of Memory when they would
// pass it.
func TestOptionsMemory(t *testing.T) {
	for _, c := range []struct{ spec, pos string }{{"subtract:1,3,4", "200000"}} {
		inst, err := Lookup(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		_, err = inst.Solve(context.Background(), []string{c.pos}, Options{Method: Search, Memory: budget.NewBytes(1 << 20)})
		var x *budget.Exceeded
		if !errors.As(err, &x) || x.Resource != budget.Memory {
			t.Errorf("%s %s: got %v, want a budget.Exceeded of Memory", c.spec, c.pos, err)
		}
	}
}
