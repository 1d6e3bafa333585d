package catalog

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// multiplyWitness computes Sprague–Grundy values of the multiplication
// game with target n by the literal rules (p ≥ n is terminal).
func multiplyWitness(p, n int64, memo map[int64]int) int {
	if p >= n {
		return 0
	}
	if v, ok := memo[p]; ok {
		return v
	}
	seen := map[int]bool{}
	for x := int64(2); x <= 9; x++ {
		seen[multiplyWitness(p*x, n, memo)] = true
	}
	v := cfMex(seen)
	memo[p] = v
	return v
}

func TestMultiplyAgainstWitness(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 2))
	for i := 0; i < 250; i++ {
		n := int64(1 + rng.IntN(20000))
		p := int64(1)
		tokens := []string{}
		if i%2 == 1 {
			p = int64(1 + rng.IntN(int(n)+20))
			tokens = append(tokens, fmt.Sprint(p))
		}
		memo := map[int64]int{}
		g := multiplyWitness(p, n, memo)
		var moves []string
		for x := int64(2); x <= 9 && p < n; x++ {
			if multiplyWitness(p*x, n, memo) == 0 {
				moves = append(moves, fmt.Sprint(p*x))
			}
		}
		want := "N"
		if g == 0 {
			want = "P"
		}
		spec := fmt.Sprintf("multiply:%d", n)
		for _, m := range []Method{Auto, Search} {
			r := cfSolve(t, spec, m, tokens...)
			if m == Search && p > n {
				// The search treats every p ≥ N as the terminal N.
				cfCheck(t, r, want, g, nil)
				continue
			}
			cfCheck(t, r, want, g, moves)
		}
	}
}

func TestMultiplyHuge(t *testing.T) {
	// 18^30 ends a losing interval (9·18^29, 18^30]; 18^30 + 1 starts a
	// winning one, where only ×2 hands the opponent a losing target
	// ⌈(18^30+1)/2⌉ = 9·18^29 + 1; 9·18^29 ends a winning interval.
	cfCheck(t, cfSolve(t, "multiply:45517159607903340355793714778287898624", Auto), "P", 0, []string{})
	cfCheck(t, cfSolve(t, "multiply:45517159607903340355793714778287898625", Auto), "N", -1, []string{"2"})
	cfCheck(t, cfSolve(t, "multiply:22758579803951670177896857389143949312", Auto), "N", -1, nil)
	cfCheck(t, cfSolve(t, "multiply:22758579803951670177896857389143949313", Auto), "P", 0, []string{})
	cfCheck(t, cfSolve(t, "multiply:324", Auto), "P", 0, []string{})
}

func TestMultiplyErrors(t *testing.T) {
	cfError(t, "multiply:0", `bad N "0"`)
	cfError(t, "multiply:x", `bad N "x"`)
	cfError(t, "multiply", "needs parameters")
	cfError(t, "multiply:100", `bad p "0"`, "0")
	cfError(t, "multiply:100", `unexpected "3"`, "2", "3")
	cfError(t, "multiply:100", `bad p "-2"`, "-2")
}
