package subtraction

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
)

// The witness is a plain minimax over whole positions (tuples of heaps),
// written from the rules alone, without the solvers
// (catalogtest.HeapWitness): take(h) lists the heaps a move can leave
// from h.
func newWitness(take func(int) []int, misere bool) *catalogtest.HeapWitness {
	return catalogtest.NewHeapWitness(take, misere)
}

// grundyOne is the mex recursion on one heap.
func grundyOne(take func(int) []int, h int, memo map[int]int) int {
	if v, ok := memo[h]; ok {
		return v
	}
	seen := map[int]bool{}
	for _, to := range take(h) {
		seen[grundyOne(take, to, memo)] = true
	}
	v := 0
	for seen[v] {
		v++
	}
	memo[h] = v
	return v
}

// takeFrom is the move rule of the subtraction set S.
func takeFrom(set ...int) func(int) []int {
	return func(h int) []int {
		var out []int
		for _, s := range set {
			if s <= h {
				out = append(out, h-s)
			}
		}
		return out
	}
}

func bashTake(m int) func(int) []int {
	set := make([]int, m)
	for i := range set {
		set[i] = i + 1
	}
	return takeFrom(set...)
}

var (
	outcomeOf   = catalogtest.OutcomeOf
	randomHeaps = catalogtest.RandomHeaps
)

func lookup(t *testing.T, spec string) catalog.Instance {
	t.Helper()
	inst, err := catalog.Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	return inst
}

func solve(t *testing.T, spec string, heaps []int, method catalog.Method) *catalog.Report {
	t.Helper()
	r, err := lookup(t, spec).Solve(context.Background(), []string{catalog.JoinInts(heaps)}, catalog.Options{Method: method})
	if err != nil {
		t.Fatalf("%s %v: %v", spec, heaps, err)
	}
	return r
}

// checkAgainstWitness compares a report with the witness: the outcome and
// the exact set of winning moves.
func checkAgainstWitness(t *testing.T, spec string, heaps []int, r *catalog.Report, w *catalogtest.HeapWitness) {
	t.Helper()
	if win, _ := w.Solve(heaps); r.Outcome != outcomeOf(win) {
		t.Fatalf("%s %v: outcome %s, the witness says %s", spec, heaps, r.Outcome, outcomeOf(win))
	}
	if exp := w.Winning(heaps); !catalogtest.SameSums(r.WinningMoves, exp, " ") {
		t.Fatalf("%s %v: winning moves %q, the witness says %q (each once, up to the order of the heaps)", spec, heaps, r.WinningMoves, exp)
	}
}

func TestBashClosedFormAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for m := 1; m <= 5; m++ {
		spec := fmt.Sprintf("bash:%d", m)
		w := newWitness(bashTake(m), false)
		gm := map[int]int{}
		for range 150 {
			heaps := randomHeaps(rng, 3, 14)
			for _, method := range []catalog.Method{catalog.Auto, catalog.Search} {
				r := solve(t, spec, heaps, method)
				checkAgainstWitness(t, spec, heaps, r, w)
				x := 0
				for _, h := range heaps {
					x ^= grundyOne(bashTake(m), h, gm)
				}
				if r.Grundy.Int64() != int64(x) {
					t.Fatalf("%s %v: grundy %v, want %d", spec, heaps, r.Grundy, x)
				}
			}
			// With one heap, the closed-form remoteness matches the search.
			one := heaps[:1]
			closed := solve(t, spec, one, catalog.Auto)
			searched := solve(t, spec, one, catalog.Search)
			if *closed.Remoteness != *searched.Remoteness {
				t.Fatalf("%s %v: remoteness %d by the closed form, %d by search", spec, one, *closed.Remoteness, *searched.Remoteness)
			}
		}
	}
}

func TestMisereBashAgainstBruteForce(t *testing.T) {
	for m := 1; m <= 5; m++ {
		spec := fmt.Sprintf("misere-bash:%d", m)
		w := newWitness(bashTake(m), true)
		for n := 0; n <= 40; n++ {
			r := solve(t, spec, []int{n}, catalog.Auto)
			checkAgainstWitness(t, spec, []int{n}, r, w)
		}
	}
}

func TestSubtractionSearchAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for trial := range 60 {
		set := []int{}
		for s := 1; s <= 7; s++ {
			if rng.IntN(3) == 0 {
				set = append(set, s)
			}
		}
		if len(set) == 0 {
			set = []int{1 + trial%7}
		}
		spec := "subtract:" + strings.ReplaceAll(catalog.JoinInts(set), " ", ",")
		w := newWitness(takeFrom(set...), false)
		for range 10 {
			heaps := randomHeaps(rng, 3, 20)
			r := solve(t, spec, heaps, catalog.Auto)
			checkAgainstWitness(t, spec, heaps, r, w)
		}
	}
}

func TestFibonacciSubtraction(t *testing.T) {
	// HDU 1848 "Fibonacci again and again": the values of the Fibonacci
	// subtraction game start 0 1 2 3 0 1 2 3 4 5 0 (computed here by the
	// mex recursion, independently of the game's own move generator).
	take := takeFrom(1, 2, 3, 5, 8, 13, 21, 34, 55, 89)
	tab, err := lookup(t, "fib").(catalog.Tabler).Table(context.Background(), 90, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	memo := map[int]int{}
	for n, v := range tab.Values {
		if want := grundyOne(take, n, memo); int(v) != want {
			t.Fatalf("fib G(%d) = %d, want %d", n, v, want)
		}
	}
	if got := fmt.Sprint(tab.Values[:11]); got != "[0 1 2 3 0 1 2 3 4 5 0]" {
		t.Fatalf("fib values start %s", got)
	}
}

func TestSumRemotenessAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	for _, g := range []struct {
		spec string
		take func(int) []int
	}{{"bash:3", bashTake(3)}, {"subtract:1,3,4", takeFrom(1, 3, 4)}} {
		w := newWitness(g.take, false)
		for range 60 {
			heaps := randomHeaps(rng, 3, 9)
			_, want := w.Solve(heaps)
			for _, method := range []catalog.Method{catalog.Auto, catalog.Search} {
				r := solve(t, g.spec, heaps, method)
				if r.Remoteness == nil || *r.Remoteness != want {
					t.Fatalf("%s %v (method %d): remoteness %v, want %d", g.spec, heaps, method, r.Remoteness, want)
				}
			}
		}
	}
}

func TestSumRemotenessGivesUpOnLargeSums(t *testing.T) {
	// subtract:1..40 on heaps near 600: each part has 40 moves and the sum
	// has about 10^11 positions; the search must stop at its budget and
	// say the remoteness is unknown.
	set := make([]string, 40)
	for i := range set {
		set[i] = fmt.Sprint(i + 1)
	}
	spec := "subtract:" + strings.Join(set, ",")
	r := solve(t, spec, []int{600, 601, 602, 603}, catalog.Auto)
	if r.Remoteness != nil {
		t.Fatalf("remoteness %d, want unknown", *r.Remoteness)
	}
}

func TestSubtractionPeriodAgainstSearch(t *testing.T) {
	// The proven period answers (Method ClosedForm) must agree with the
	// search on every heap small enough to search: value, outcome and the
	// exact winning moves.
	rng := rand.New(rand.NewPCG(23, 24))
	for trial := range 40 {
		var set []string
		for s := 1; s <= 9; s++ {
			if rng.IntN(3) == 0 {
				set = append(set, fmt.Sprint(s))
			}
		}
		if len(set) == 0 {
			set = []string{fmt.Sprint(1 + trial%9)}
		}
		spec := "subtract:" + strings.Join(set, ",")
		for range 8 {
			heaps := randomHeaps(rng, 3, 3000)
			period := solve(t, spec, heaps, catalog.ClosedForm)
			search := solve(t, spec, heaps, catalog.Search)
			if period.Outcome != search.Outcome || period.Grundy.Cmp(search.Grundy) != 0 ||
				!slices.Equal(period.WinningMoves, search.WinningMoves) {
				t.Fatalf("%s %v: period says %s %v %q, search %s %v %q", spec, heaps,
					period.Outcome, period.Grundy, period.WinningMoves, search.Outcome, search.Grundy, search.WinningMoves)
			}
			if !strings.HasPrefix(period.Method, "proven period") {
				t.Fatalf("%s: answered by %q", spec, period.Method)
			}
		}
	}
}

func TestSubtractionHugeHeaps(t *testing.T) {
	// 10^21 ≡ 6 (mod 7) and S = {1,3,4} has period 7 (0 1 0 1 2 3 2), so
	// G(10^21) = 2; with a heap of 7 (G = 0) the sum is 2, and the winning
	// moves leave 10^21-4 (G 0), or take 7 to 6 or to 4 (G 2).
	r, err := lookup(t, "subtract:1,3,4").Solve(context.Background(), []string{"1000000000000000000000", "7"}, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"999999999999999999996 7", "1000000000000000000000 6", "1000000000000000000000 4"}
	if r.Grundy.Int64() != 2 || !slices.Equal(r.WinningMoves, want) || r.Remoteness != nil {
		t.Fatalf("got grundy %v moves %q remoteness %v", r.Grundy, r.WinningMoves, r.Remoteness)
	}
}

// TestExploreAgainstWitness checks every listed move of many random small
// positions, and the position itself, against the witness.
func TestExploreAgainstWitness(t *testing.T) {
	cases := []struct {
		spec   string
		take   func(int) []int
		misere bool
		heaps  int // most heaps in a random position
		size   int // largest heap
	}{
		{"bash:3", takeFrom(1, 2, 3), false, 2, 14},
		{"misere-bash:2", takeFrom(1, 2), true, 1, 20},
		{"subtract:1,3,4", takeFrom(1, 3, 4), false, 3, 12},
		{"fib", takeFrom(1, 2, 3, 5, 8, 13), false, 2, 16},
	}
	rng := rand.New(rand.NewPCG(8, 8))
	for _, c := range cases {
		ex, ok := lookup(t, c.spec).(catalog.Explorer)
		if !ok {
			t.Fatalf("%s: not an Explorer", c.spec)
		}
		w := newWitness(c.take, c.misere)
		for range 40 {
			heaps := randomHeaps(rng, c.heaps, c.size)
			catalogtest.CheckHeapExplore(t, ex, c.spec, heaps, w, catalog.Options{}, !c.misere)
		}
	}
}

// TestExploreLimits: a cancelled context stops the work, and the state
// cap stops a search too large for it.
func TestExploreLimits(t *testing.T) {
	ctx := context.Background()
	sub := lookup(t, "subtract:1,3,4").(catalog.Explorer)
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := sub.Explore(cctx, []string{"5000000"}, catalog.Options{}, 10); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	if _, err := sub.Explore(ctx, []string{"5000000"}, catalog.Options{MaxStates: 1000}, 10); err == nil || !strings.Contains(err.Error(), "1000 positions") {
		t.Errorf("max states: %v", err)
	}
}

// TestOptionsMemory: the adapter passes Options.Memory to the solvers,
// whose tables stop with a budget.Exceeded of Memory when they would
// pass it.
func TestOptionsMemory(t *testing.T) {
	_, err := lookup(t, "subtract:1,3,4").Solve(context.Background(), []string{"200000"}, catalog.Options{Method: catalog.Search, Memory: budget.NewBytes(1 << 20)})
	var x *budget.Exceeded
	if !errors.As(err, &x) || x.Resource != budget.Memory {
		t.Errorf("subtract:1,3,4 200000: got %v, want a budget.Exceeded of Memory", err)
	}
}
