package nim

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
	"github.com/grundy-go/grundy/catalog/impartialgame"
	"github.com/grundy-go/grundy/internal/memtest"
)

// The witness is a plain minimax over whole Nim positions (tuples of
// heaps), written from the rules alone, without the solvers
// (catalogtest.HeapWitness): a heap of h may become any smaller heap.
func newWitness(misere bool) *catalogtest.HeapWitness {
	return catalogtest.NewHeapWitness(func(h int) []int {
		next := make([]int, 0, h)
		for k := h - 1; k >= 0; k-- {
			next = append(next, k)
		}
		return next
	}, misere)
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

// checkAgainstWitness compares a report with the witness: outcome,
// remoteness when the report knows it, and the exact set of winning moves.
func checkAgainstWitness(t *testing.T, spec string, heaps []int, r *catalog.Report, w *catalogtest.HeapWitness) {
	t.Helper()
	win, rem := w.Solve(heaps)
	if r.Outcome != outcomeOf(win) {
		t.Fatalf("%s %v: outcome %s, the witness says %s", spec, heaps, r.Outcome, outcomeOf(win))
	}
	if r.Remoteness != nil && *r.Remoteness != rem {
		t.Fatalf("%s %v: remoteness %d, the witness says %d", spec, heaps, *r.Remoteness, rem)
	}
	if exp := w.Winning(heaps); !catalogtest.SameSums(r.WinningMoves, exp, " ") {
		t.Fatalf("%s %v: winning moves %q, the witness says %q (each once, up to the order of the heaps)", spec, heaps, r.WinningMoves, exp)
	}
}

func TestNimClosedFormAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	w := newWitness(false)
	for range 400 {
		heaps := randomHeaps(rng, 4, 7)
		for _, m := range []catalog.Method{catalog.Auto, catalog.Search} {
			r := solve(t, "nim", heaps, m)
			checkAgainstWitness(t, "nim", heaps, r, w)
			var x int
			for _, h := range heaps {
				x ^= h
			}
			if r.Grundy.Int64() != int64(x) {
				t.Fatalf("nim %v: grundy %v, want %d", heaps, r.Grundy, x)
			}
		}
	}
}

func TestMisereNimAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	w := newWitness(true)
	for range 600 {
		heaps := randomHeaps(rng, 4, 5)
		r := solve(t, "misere-nim", heaps, catalog.Auto)
		checkAgainstWitness(t, "misere-nim", heaps, r, w)
		if r.Grundy != nil {
			t.Fatalf("misère Nim must not report a Sprague–Grundy value")
		}
	}
}

// TestSumRemotenessAgainstBruteForce: the remoteness of small sums, by
// the closed forms and by search, is the witness's; a sum too large to
// search has an unknown remoteness, not a guessed one.
func TestSumRemotenessAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	w := newWitness(false)
	for range 60 {
		heaps := randomHeaps(rng, 3, 9)
		_, want := w.Solve(heaps)
		for _, method := range []catalog.Method{catalog.Auto, catalog.Search} {
			r := solve(t, "nim", heaps, method)
			if r.Remoteness == nil || *r.Remoteness != want {
				t.Fatalf("nim %v (method %d): remoteness %v, want %d", heaps, method, r.Remoteness, want)
			}
		}
	}
	r := solve(t, "nim", []int{900, 901, 902, 903}, catalog.Auto)
	if r.Remoteness != nil {
		t.Fatalf("nim 900 901 902 903: remoteness %d, want unknown", *r.Remoteness)
	}
}

func TestHundredThousandHeapNim(t *testing.T) {
	// Heaps 1..10^5: the nim-sum is 10^5 (n ≡ 0 mod 4), and every heap with
	// bit 16 set has a winning move — tens of thousands of positions of
	// 10^5 heaps each, too many to list: the report says how many there
	// are and lists what fits.
	const n = 100_000
	tokens := make([]string, n)
	x := 0
	for i := range tokens {
		tokens[i] = fmt.Sprint(i + 1)
		x ^= i + 1
	}
	if x != n {
		t.Fatalf("nim-sum of 1..%d is %d", n, x)
	}
	r, err := lookup(t, "nim").Solve(context.Background(), tokens, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Grundy.Int64() != int64(x) || r.Outcome != "N" {
		t.Fatalf("grundy %v outcome %s, want %d N", r.Grundy, r.Outcome, x)
	}
	wins := 0
	for h := 1; h <= n; h++ {
		if h^x < h {
			wins++
		}
	}
	if r.MoveCount != wins || !r.MovesIncomplete || len(r.WinningMoves) == 0 || len(r.WinningMoves) >= wins {
		t.Fatalf("count %d (want %d), incomplete %v, listed %d", r.MoveCount, wins, r.MovesIncomplete, len(r.WinningMoves))
	}
	// The first listed move is the first heap with bit 16 set: 65536 → 65536 ⊕ x.
	first := strings.Fields(r.WinningMoves[0])
	if first[65535] != fmt.Sprint(65536^x) {
		t.Fatalf("first winning move leaves %s at heap 65536, want %d", first[65535], 65536^x)
	}
	b, err := r.MarshalJSON()
	if err != nil || !strings.Contains(string(b), fmt.Sprintf(`"winning_move_count":%d,"winning_moves_complete":false}`, wins)) {
		t.Fatalf("JSON does not carry the count: %v %.200s", err, b[len(b)-100:])
	}
}

// TestExploreAgainstWitness checks every listed move of many random small
// positions, and the position itself, against the witness.
func TestExploreAgainstWitness(t *testing.T) {
	cases := []struct {
		spec   string
		misere bool
		heaps  int // most heaps in a random position
		size   int // largest heap
		method catalog.Method
	}{
		{"nim", false, 3, 7, catalog.Auto},
		{"nim", false, 3, 6, catalog.Search},
		{"misere-nim", true, 3, 6, catalog.Auto},
	}
	rng := rand.New(rand.NewPCG(8, 8))
	for _, c := range cases {
		ex, ok := lookup(t, c.spec).(catalog.Explorer)
		if !ok {
			t.Fatalf("%s: not an Explorer", c.spec)
		}
		w := newWitness(c.misere)
		for range 40 {
			heaps := randomHeaps(rng, c.heaps, c.size)
			catalogtest.CheckHeapExplore(t, ex, c.spec, heaps, w, catalog.Options{Method: c.method}, !c.misere)
		}
	}
}

// TestExploreNim345 pins the textbook example: one winning move, 3 → 1.
func TestExploreNim345(t *testing.T) {
	inst := lookup(t, "nim")
	x, err := inst.(catalog.Explorer).Explore(context.Background(), []string{"3 4 5"}, catalog.Options{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if x.Report.Outcome != "N" || x.Report.Grundy.Int64() != 2 || len(x.Moves) != 12 {
		t.Fatalf("nim 3 4 5: %+v, %d moves", x.Report, len(x.Moves))
	}
	var wins []string
	for _, m := range x.Moves {
		if m.Outcome == "P" {
			wins = append(wins, m.Position)
		}
	}
	if !slices.Equal(wins, []string{"1 4 5"}) {
		t.Errorf("winning moves %v, want [1 4 5]", wins)
	}
	if s := inst.(catalog.Starter).Start(); s != "3 4 5" {
		t.Errorf("start %q", s)
	}
}

// TestExploreLimits: moves are capped, huge heaps are refused with a clear
// error, and bad positions give the same error as Solve.
func TestExploreLimits(t *testing.T) {
	ctx := context.Background()
	nimInst := lookup(t, "nim")
	ex := nimInst.(catalog.Explorer)
	x, err := ex.Explore(ctx, []string{"300 200"}, catalog.Options{}, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(x.Moves) != 10 || x.MovesTotal != 500 || !x.MovesCounted {
		t.Errorf("capped: %d listed, total %d", len(x.Moves), x.MovesTotal)
	}
	if x.Report.Remoteness != nil || x.Moves[0].Remoteness != nil {
		// The sums below 300 200 have some 15 million moves: more than
		// the remoteness search's budget.
		t.Errorf("remoteness of 300 200 known: %d", *x.Report.Remoteness)
	}
	x, err = ex.Explore(ctx, []string{"30 20"}, catalog.Options{}, 0)
	if err != nil || x.Report.Remoteness == nil || *x.Report.Remoteness != 41 {
		// The only winning move equalises (30 → 20); from n n the loser
		// delays by taking one token at a time and the winner copies, so
		// 2n more moves: 1 + 40.
		t.Fatalf("remoteness of 30 20: %v, %+v", err, x)
	}
	_, err = ex.Explore(ctx, []string{"99999999999999999999"}, catalog.Options{}, 10)
	if !errors.Is(err, catalog.ErrTooLargeToExplore) {
		t.Errorf("huge heap: %v", err)
	}
	_, solveErr := nimInst.Solve(ctx, []string{"3", "x"}, catalog.Options{})
	_, err = ex.Explore(ctx, []string{"3", "x"}, catalog.Options{}, 10)
	if err == nil || solveErr == nil || err.Error() != solveErr.Error() {
		t.Errorf("bad position: explore %v, solve %v", err, solveErr)
	}
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
	}
	for _, c := range cases {
		inst := lookup(t, c.spec)
		tokens := []string{strings.TrimSpace(strings.Repeat(c.heap+" ", 30_000))}
		var r *catalog.Report
		var err error
		a := memtest.Allocated(func() {
			if r, err = inst.Solve(context.Background(), tokens, catalog.Options{}); err != nil {
				t.Fatalf("%s: %v", c.spec, err)
			}
		})
		if a > bound {
			t.Errorf("%s 30000 heaps of %s: Solve allocated %d bytes, want under %d", c.spec, c.heap, a, bound)
		}
		var x *catalog.Exploration
		a = memtest.Allocated(func() {
			if x, err = inst.(catalog.Explorer).Explore(context.Background(), tokens, catalog.Options{}, 0); err != nil {
				t.Fatalf("%s: explore: %v", c.spec, err)
			}
		})
		if a > bound {
			t.Errorf("%s 30000 heaps of %s: Explore allocated %d bytes, want under %d", c.spec, c.heap, a, bound)
		}
		got := x.Report.Remoteness
		if (got == nil) != (c.rem == nil) || got != nil && *got != *c.rem {
			t.Errorf("%s 30000 heaps of %s: remoteness %v, want %v", c.spec, c.heap, catalogtest.FormatRemoteness(got), catalogtest.FormatRemoteness(c.rem))
		}
		if c.spec == "nim" && c.rem != nil {
			if r.Remoteness == nil || *r.Remoteness != *c.rem {
				t.Errorf("nim: Solve's remoteness %v, want %d", catalogtest.FormatRemoteness(r.Remoteness), *c.rem)
			}
			// Each move removes a heap: 29,999 moves left.
			if len(x.Moves) == 0 || x.Moves[0].Remoteness == nil || *x.Moves[0].Remoteness != *c.rem-1 {
				t.Errorf("nim: first move's remoteness %v, want %d", x.Moves, *c.rem-1)
			}
		}
		if c.spec == "nim" && c.rem == nil && !slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, "remoteness") }) {
			t.Errorf("nim 30000 heaps of %s: no note says the remoteness is unknown: %q", c.heap, r.Notes)
		}
	}
}

// TestOnesRemotenessAgainstSearch checks the closed form for heaps of at
// most one token against the sum search.
func TestOnesRemotenessAgainstSearch(t *testing.T) {
	for _, misere := range []bool{false, true} {
		for n := range 12 {
			heaps := make([]int, n)
			for i := range heaps {
				heaps[i] = i % 3 % 2 // zeros among the ones
			}
			s := impartialgame.NewSumSearch(nimHeap, strconv.Itoa, misere, nil)
			want, err := s.Remoteness(context.Background(), heaps)
			if err != nil || want == nil {
				t.Fatalf("%v: search: %v %v", heaps, want, err)
			}
			if got, ok := onesRemoteness(heaps); !ok || got != *want {
				t.Fatalf("%v (misère %v): closed form %d, search %d", heaps, misere, got, *want)
			}
		}
	}
}

// TestMisereWinsInts checks the explorer's misère rule on ints against
// MisereWins.
func TestMisereWinsInts(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 2000 {
		heaps := randomHeaps(rng, 6, 3)
		if got, want := misereWinsInts(heaps), MisereWins(catalog.Bigs(heaps)); got != want {
			t.Fatalf("%v: %v, want %v", heaps, got, want)
		}
	}
}
