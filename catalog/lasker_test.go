package catalog

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// laskerWitness computes G(n) of Lasker's Nim by the literal rules.
func laskerWitness(n int) []int {
	g := make([]int, n)
	for h := range g {
		seen := map[int]bool{}
		for m := 0; m < h; m++ {
			seen[g[m]] = true
		}
		for a := 1; a < h; a++ {
			seen[g[a]^g[h-a]] = true
		}
		g[h] = cfMex(seen)
	}
	return g
}

func TestLaskerAgainstWitness(t *testing.T) {
	g := laskerWitness(60)
	rng := rand.New(rand.NewPCG(6, 1))
	for i := 0; i < 200; i++ {
		h := make([]int, 1+rng.IntN(3))
		for j := range h {
			h[j] = rng.IntN([]int{40, 9}[i%2])
		}
		sum := 0
		for _, x := range h {
			sum ^= g[x]
		}
		var moves []string
		for j, x := range h {
			for m := 0; m < x; m++ {
				if sum^g[x]^g[m] == 0 {
					next := slices.Clone(h)
					next[j] = m
					moves = append(moves, JoinInts(next))
				}
			}
			for a := 1; a <= x/2; a++ {
				if sum^g[x]^g[a]^g[x-a] == 0 {
					next := slices.Concat(h[:j], []int{a, x - a}, h[j+1:])
					moves = append(moves, JoinInts(next))
				}
			}
		}
		want := "N"
		if sum == 0 {
			want = "P"
		}
		cfCheck(t, cfSolve(t, "lasker", Auto, JoinInts(h)), want, sum, moves)
		if tokens := slices.Max(h) * len(h); tokens <= 20 {
			// The search of a sum also searches its remoteness, which
			// grows fast with splits: keep it small.
			cfCheck(t, cfSolve(t, "lasker", Search, JoinInts(h)), want, sum, moves)
		}
	}
}

func TestLaskerHuge(t *testing.T) {
	x := "123456789012345678901234567891" // ≡ 3 (mod 4): value x+1
	r := cfSolve(t, "lasker", Auto, x)
	if r.Outcome != "N" || r.Grundy.String() != "123456789012345678901234567892" {
		t.Fatalf("lasker %s: %s %v", x, r.Outcome, r.Grundy)
	}
	// Taking cannot reach value 0 except by taking all; the list is
	// incomplete because the splits are not enumerated.
	if !slices.Contains(r.WinningMoves, "0") || !r.MovesIncomplete {
		t.Fatalf("lasker %s: moves %q incomplete=%v", x, r.WinningMoves, r.MovesIncomplete)
	}
	// x and x+1 have values x+1 and x, whose nim-sum is 7 (x ends in binary
	// 011, x+1 in 100). Taking x+1 down to x leaves G(x) ⊕ G(x) = 0.
	y := "123456789012345678901234567892"
	r = cfSolve(t, "lasker", Auto, x, y)
	if r.Outcome != "N" || r.Grundy.Int64() != 7 || !slices.Contains(r.WinningMoves, x+" "+x) {
		t.Fatalf("lasker %s %s: %s %v %q", x, y, r.Outcome, r.Grundy, r.WinningMoves)
	}
	// Two equal huge heaps: P.
	r = cfSolve(t, "lasker", Auto, x, x)
	cfCheck(t, r, "P", 0, []string{})
}

func TestLaskerTable(t *testing.T) {
	inst, _ := Lookup("lasker")
	g := laskerWitness(40)
	for _, m := range []Method{Auto, Search} {
		tab, err := inst.(Tabler).Table(t.Context(), 40, Options{Method: m})
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(tab.Values) != fmt.Sprint(g) {
			t.Fatalf("table %v, witness %v", tab.Values, g)
		}
	}
}

func TestLaskerErrors(t *testing.T) {
	cfError(t, "lasker", `bad heap size "-3"`, "-3")
	cfError(t, "lasker", `bad heap size "x"`, "1", "x")
	cfError(t, "lasker:2", "takes no parameters", "1")
}
