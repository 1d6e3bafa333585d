package fibnim

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
)

// entryWitness computes Sprague–Grundy values of Fibonacci Nim positions
// (n tokens, at most l to take) by the literal rules.
type entryWitness map[[2]int]int

func (w entryWitness) grundy(n, l int) int {
	l = min(l, n)
	if v, ok := w[[2]int{n, l}]; ok {
		return v
	}
	seen := map[int]bool{}
	for t := 1; t <= l; t++ {
		seen[w.grundy(n-t, 2*t)] = true
	}
	v := catalogtest.Mex(seen)
	w[[2]int{n, l}] = v
	return v
}

func TestFibonacciNimAgainstWitness(t *testing.T) {
	w := entryWitness{}
	rng := rand.New(rand.NewPCG(12, 1))
	for i := 0; i < 300; i++ {
		n := rng.IntN(120)
		l := max(n-1, 0)
		tokens := []string{fmt.Sprint(n)}
		if i%2 == 1 {
			l = rng.IntN(n + 3)
			tokens = append(tokens, fmt.Sprint(l))
		}
		g := w.grundy(n, l)
		var moves []string
		for t := 1; t <= l && t <= n; t++ {
			if w.grundy(n-t, 2*t) == 0 {
				moves = append(moves, fmt.Sprintf("%d %d", n-t, min(2*t, n-t)))
			}
		}
		want := "N"
		if g == 0 {
			want = "P"
		}
		for _, m := range []catalog.Method{catalog.Auto, catalog.Search} {
			r := catalogtest.Solve(t, "fibonacci-nim", m, tokens...)
			catalogtest.Check(t, r, want, g, moves)
			if r.Position != fmt.Sprintf("%d %d", n, min(l, n)) {
				t.Fatalf("position %q for %v", r.Position, tokens)
			}
		}
	}
}

func TestFibonacciNimHuge(t *testing.T) {
	// F(100) = 354224848179261915075 (OEIS A000045): a lost start.
	r := catalogtest.Solve(t, "fibonacci-nim", catalog.Auto, "354224848179261915075")
	catalogtest.Check(t, r, "P", 0, []string{})
	// F(100) + 3: take 3, leaving F(100) with at most 6 to take.
	r = catalogtest.Solve(t, "fibonacci-nim", catalog.Auto, "354224848179261915078")
	if r.Outcome != "N" || r.Grundy != nil || r.MovesIncomplete {
		t.Fatalf("F(100)+3: %+v", r)
	}
	found := false
	for _, m := range r.WinningMoves {
		found = found || m == "354224848179261915075 6"
	}
	if !found {
		t.Fatalf("F(100)+3: moves %q miss taking 3", r.WinningMoves)
	}
}

func TestFibonacciNimErrors(t *testing.T) {
	catalogtest.Error(t, "fibonacci-nim", `unexpected "3"`, "1", "2", "3", "+", "4")
	catalogtest.Error(t, "fibonacci-nim", `an empty heap`, "1", "+")
	catalogtest.Error(t, "fibonacci-nim", `an empty heap`, "+", "1")
	catalogtest.Error(t, "fibonacci-nim", `bad number "x"`, "x")
	catalogtest.Error(t, "fibonacci-nim", `bad number "-5"`, "5", "-5")
	inst, _ := catalog.Lookup("fibonacci-nim")
	if _, err := inst.Solve(t.Context(), []string{"5000"}, catalog.Options{Method: catalog.Search}); err == nil {
		t.Fatal("searching 5000 tokens should be refused")
	}
}

// FuzzPositions feeds arbitrary positions to fibonacci-nim under each method:
// every answer is a report with an outcome, every failure one line, and
// nothing panics or hangs (searches are bounded by MaxStates).
func FuzzPositions(f *testing.F) {
	for _, s := range []struct {
		method uint8
		pos    string
	}{{0, "20"}, {0, "100 7"}, {0, "0"}, {0, "0 0"}, {2, "1"}} {
		f.Add(s.method, s.pos)
	}
	f.Fuzz(func(t *testing.T, method uint8, pos string) {
		catalogtest.SolveAny(t, "fibonacci-nim", method, pos)
	})
}

// TestFibonacciNimSums: sums of two or three heaps, answered from the
// table, against the exhaustive search of the same sum (value, outcome
// and every winning move, in order), and the literal witness's nim-sum.
func TestFibonacciNimSums(t *testing.T) {
	w := entryWitness{}
	rng := rand.New(rand.NewPCG(7, 3))
	for range 60 {
		k := 2 + rng.IntN(2)
		var tokens []string
		x := 0
		for i := range k {
			n, l := rng.IntN(60), rng.IntN(80)
			if i > 0 {
				tokens = append(tokens, "+")
			}
			tokens = append(tokens, fmt.Sprint(n), fmt.Sprint(l))
			x ^= w.grundy(n, l)
		}
		auto := catalogtest.Solve(t, "fibnim", catalog.Auto, tokens...)
		search := catalogtest.Solve(t, "fibnim", catalog.Search, tokens...)
		if auto.Grundy.Int64() != int64(x) || search.Grundy.Int64() != int64(x) || auto.Outcome != search.Outcome ||
			auto.Position != search.Position || fmt.Sprint(auto.WinningMoves) != fmt.Sprint(search.WinningMoves) {
			t.Fatalf("%v: table %s %v %q, search %s %v %q, witness value %d", tokens, auto.Outcome, auto.Grundy, auto.WinningMoves, search.Outcome, search.Grundy, search.WinningMoves, x)
		}
	}
	// Three bare numbers are three heaps at their start.
	r := catalogtest.Solve(t, "fibnim", catalog.Auto, "10", "20", "30")
	if r.Position != "10 9 + 20 19 + 30 29" {
		t.Fatalf("10 20 30: position %q", r.Position)
	}
}
