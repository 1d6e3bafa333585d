package catalog

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// fibnimWitness computes Sprague–Grundy values of Fibonacci Nim positions
// (n tokens, at most l to take) by the literal rules.
type fibnimWitness map[[2]int]int

func (w fibnimWitness) grundy(n, l int) int {
	l = min(l, n)
	if v, ok := w[[2]int{n, l}]; ok {
		return v
	}
	seen := map[int]bool{}
	for t := 1; t <= l; t++ {
		seen[w.grundy(n-t, 2*t)] = true
	}
	v := cfMex(seen)
	w[[2]int{n, l}] = v
	return v
}

func TestFibonacciNimAgainstWitness(t *testing.T) {
	w := fibnimWitness{}
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
		for _, m := range []Method{Auto, Search} {
			r := cfSolve(t, "fibonacci-nim", m, tokens...)
			cfCheck(t, r, want, g, moves)
			if r.Position != fmt.Sprintf("%d %d", n, min(l, n)) {
				t.Fatalf("position %q for %v", r.Position, tokens)
			}
		}
	}
}

func TestFibonacciNimHuge(t *testing.T) {
	// F(100) = 354224848179261915075 (OEIS A000045): a lost start.
	r := cfSolve(t, "fibonacci-nim", Auto, "354224848179261915075")
	cfCheck(t, r, "P", 0, []string{})
	// F(100) + 3: take 3, leaving F(100) with at most 6 to take.
	r = cfSolve(t, "fibonacci-nim", Auto, "354224848179261915078")
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
	cfError(t, "fibonacci-nim", `unexpected "3"`, "1", "2", "3")
	cfError(t, "fibonacci-nim", `bad number "x"`, "x")
	cfError(t, "fibonacci-nim", `bad number "-5"`, "5", "-5")
	inst, _ := Lookup("fibonacci-nim")
	if _, err := inst.Solve(t.Context(), []string{"5000"}, Options{Method: Search}); err == nil {
		t.Fatal("searching 5000 tokens should be refused")
	}
}
