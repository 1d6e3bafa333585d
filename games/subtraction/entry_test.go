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
)

// witness is a plain minimax over whole positions (tuples of heaps),
// written from the rules alone, without the solvers: take(h) lists the
// heaps a move can leave from h. The player to move wins when some move
// leaves a position lost for the opponent (misère: the player who cannot
// move wins). Remoteness follows its definition: 0 at the end, 1 + the
// least remoteness of a move to a lost position when winning, else 1 +
// the greatest.
type witness struct {
	take   func(h int) []int
	misere bool
	memo   map[string][2]int
}

func newWitness(take func(int) []int, misere bool) *witness {
	return &witness{take: take, misere: misere, memo: map[string][2]int{}}
}

// moves lists the positions one move leaves, heap by heap.
func (w *witness) moves(heaps []int) [][]int {
	var out [][]int
	for i, h := range heaps {
		for _, k := range w.take(h) {
			next := slices.Clone(heaps)
			next[i] = k
			out = append(out, next)
		}
	}
	return out
}

func (w *witness) solve(heaps []int) (win bool, rem int) {
	key := fmt.Sprint(heaps)
	if e, ok := w.memo[key]; ok {
		return e[0] == 1, e[1]
	}
	bestWin, worst, moved := -1, 0, false
	for _, next := range w.moves(heaps) {
		moved = true
		wn, r := w.solve(next)
		if !wn && (bestWin < 0 || r < bestWin) {
			bestWin = r
		}
		worst = max(worst, r)
	}
	switch {
	case !moved:
		win, rem = w.misere, 0
	case bestWin >= 0:
		win, rem = true, bestWin+1
	default:
		win, rem = false, worst+1
	}
	b := 0
	if win {
		b = 1
	}
	w.memo[key] = [2]int{b, rem}
	return win, rem
}

// winning lists the positions a winning move leaves.
func (w *witness) winning(heaps []int) []string {
	var out []string
	for _, next := range w.moves(heaps) {
		if win, _ := w.solve(next); !win {
			out = append(out, catalog.JoinInts(next))
		}
	}
	return out
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

func outcomeOf(win bool) string {
	if win {
		return "N"
	}
	return "P"
}

func randomHeaps(rng *rand.Rand, count, maxHeap int) []int {
	heaps := make([]int, 1+rng.IntN(count))
	for i := range heaps {
		heaps[i] = rng.IntN(maxHeap + 1)
	}
	return heaps
}

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
func checkAgainstWitness(t *testing.T, spec string, heaps []int, r *catalog.Report, w *witness) {
	t.Helper()
	if win, _ := w.solve(heaps); r.Outcome != outcomeOf(win) {
		t.Fatalf("%s %v: outcome %s, the witness says %s", spec, heaps, r.Outcome, outcomeOf(win))
	}
	got := slices.Sorted(slices.Values(r.WinningMoves))
	exp := slices.Sorted(slices.Values(w.winning(heaps)))
	if !slices.Equal(got, exp) {
		t.Fatalf("%s %v: winning moves %q, the witness says %q", spec, heaps, got, exp)
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
			_, want := w.solve(heaps)
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
	ctx := context.Background()
	for _, c := range cases {
		ex, ok := lookup(t, c.spec).(catalog.Explorer)
		if !ok {
			t.Fatalf("%s: not an Explorer", c.spec)
		}
		w := newWitness(c.take, c.misere)
		for range 40 {
			heaps := randomHeaps(rng, c.heaps, c.size)
			pos := catalog.JoinInts(heaps)
			x, err := ex.Explore(ctx, []string{pos}, catalog.Options{}, 0)
			if err != nil {
				t.Fatalf("%s %s: %v", c.spec, pos, err)
			}
			win, rem := w.solve(heaps)
			if x.Report.Outcome != outcomeOf(win) || x.Report.Remoteness == nil || *x.Report.Remoteness != rem {
				t.Errorf("%s %s: outcome %s remoteness %v, want %s %d", c.spec, pos, x.Report.Outcome, x.Report.Remoteness, outcomeOf(win), rem)
			}
			// Every distinct move is listed, each solved right.
			want := map[string]bool{}
			for _, next := range w.moves(heaps) {
				want[catalog.JoinInts(next)] = true
			}
			if !x.MovesCounted || x.MovesTotal != len(want) || len(x.Moves) != len(want) {
				t.Errorf("%s %s: %d moves listed of %d (counted %v), want %d", c.spec, pos, len(x.Moves), x.MovesTotal, x.MovesCounted, len(want))
			}
			var winning []string
			for _, m := range x.Moves {
				if !want[m.Position] {
					t.Errorf("%s %s: move to %s is not a move", c.spec, pos, m.Position)
					continue
				}
				next, err := catalog.ParseInts([]string{m.Position}, "heap size", 1, catalog.MaxComponents, 100)
				if err != nil {
					t.Fatal(err)
				}
				mw, mr := w.solve(next)
				if m.Outcome != outcomeOf(mw) || m.Remoteness == nil || *m.Remoteness != mr {
					t.Errorf("%s %s → %s: outcome %s remoteness %v, want %s %d", c.spec, pos, m.Position, m.Outcome, m.Remoteness, outcomeOf(mw), mr)
				}
				if !c.misere && (m.Grundy == nil || (m.Grundy.Sign() == 0) != !mw) {
					t.Errorf("%s %s → %s: grundy %v disagrees with outcome %s", c.spec, pos, m.Position, m.Grundy, outcomeOf(mw))
				}
				if m.Outcome == "P" {
					winning = append(winning, m.Position)
				}
			}
			// The moves marked winning are exactly the report's winning moves.
			got := slices.Sorted(slices.Values(winning))
			exp := slices.Sorted(slices.Values(x.Report.WinningMoves))
			if !slices.Equal(got, exp) {
				t.Errorf("%s %s: moves to P-positions %v, winning_moves %v", c.spec, pos, got, exp)
			}
			if x.Board.Kind != catalog.BoardHeaps || len(x.Board.Heaps) != len(heaps) {
				t.Errorf("%s %s: board %+v", c.spec, pos, x.Board)
			}
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
