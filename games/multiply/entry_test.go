package multiply

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
)

// entryWitness computes Sprague–Grundy values of the multiplication
// game with target n by the literal rules (p ≥ n is terminal).
func entryWitness(p, n int64, memo map[int64]int) int {
	if p >= n {
		return 0
	}
	if v, ok := memo[p]; ok {
		return v
	}
	seen := map[int]bool{}
	for x := int64(2); x <= 9; x++ {
		seen[entryWitness(p*x, n, memo)] = true
	}
	v := catalogtest.Mex(seen)
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
		g := entryWitness(p, n, memo)
		var moves []string
		for x := int64(2); x <= 9 && p < n; x++ {
			if entryWitness(p*x, n, memo) == 0 {
				moves = append(moves, fmt.Sprint(p*x))
			}
		}
		want := "N"
		if g == 0 {
			want = "P"
		}
		spec := fmt.Sprintf("multiply:%d", n)
		for _, m := range []catalog.Method{catalog.Auto, catalog.Search} {
			r := catalogtest.Solve(t, spec, m, tokens...)
			if m == catalog.Search && p > n {
				// The search treats every p ≥ N as the terminal N.
				catalogtest.Check(t, r, want, g, nil)
				continue
			}
			catalogtest.Check(t, r, want, g, moves)
		}
	}
}

func TestMultiplyHuge(t *testing.T) {
	// 18^30 ends a losing interval (9·18^29, 18^30]; 18^30 + 1 starts a
	// winning one, where only ×2 hands the opponent a losing target
	// ⌈(18^30+1)/2⌉ = 9·18^29 + 1; 9·18^29 ends a winning interval.
	catalogtest.Check(t, catalogtest.Solve(t, "multiply:45517159607903340355793714778287898624", catalog.Auto), "P", 0, []string{})
	catalogtest.Check(t, catalogtest.Solve(t, "multiply:45517159607903340355793714778287898625", catalog.Auto), "N", -1, []string{"2"})
	catalogtest.Check(t, catalogtest.Solve(t, "multiply:22758579803951670177896857389143949312", catalog.Auto), "N", -1, nil)
	catalogtest.Check(t, catalogtest.Solve(t, "multiply:22758579803951670177896857389143949313", catalog.Auto), "P", 0, []string{})
	catalogtest.Check(t, catalogtest.Solve(t, "multiply:324", catalog.Auto), "P", 0, []string{})
}

func TestMultiplyErrors(t *testing.T) {
	catalogtest.Error(t, "multiply:0", `bad N "0"`)
	catalogtest.Error(t, "multiply:x", `bad N "x"`)
	catalogtest.Error(t, "multiply", "needs parameters")
	catalogtest.Error(t, "multiply:100", `bad p "0"`, "0")
	catalogtest.Error(t, "multiply:100", `unexpected "3"`, "2", "3")
	catalogtest.Error(t, "multiply:100", `bad p "-2"`, "-2")
}

// FuzzPositions feeds arbitrary positions to multiply:100 under each method:
// every answer is a report with an outcome, every failure one line, and
// nothing panics or hangs (searches are bounded by MaxStates).
func FuzzPositions(f *testing.F) {
	for _, s := range []struct {
		method uint8
		pos    string
	}{{0, ""}, {0, "0"}, {2, "99"}, {0, "1000"}} {
		f.Add(s.method, s.pos)
	}
	f.Fuzz(func(t *testing.T, method uint8, pos string) {
		catalogtest.SolveAny(t, "multiply:100", method, pos)
	})
}
