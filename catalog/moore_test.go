package catalog

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	brute "github.com/grundy-go/grundy/internal/witness"
)

func TestMooreAgainstWitness(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for k := 1; k <= 3; k++ {
		w := &brute.Moore{K: k}
		spec := fmt.Sprintf("moore:%d", k)
		for i := 0; i < 80; i++ {
			h := make([]int, 1+rng.IntN(3))
			for j := range h {
				h[j] = rng.IntN(7)
			}
			g := w.Grundy(h)
			var moves []string
			for _, o := range w.Moves(h) {
				if w.Grundy(o) == 0 {
					moves = append(moves, JoinInts(o))
				}
			}
			want := "N"
			if g == 0 {
				want = "P"
			}
			for _, m := range []Method{Auto, Search} {
				cfCheck(t, cfSolve(t, spec, m, JoinInts(h)), want, g, moves)
			}
		}
	}
}

func TestMooreLarge(t *testing.T) {
	// Columns of 5 = 101, 6 = 110, 3 = 011: each sums to 2, so with K = 1
	// (Nim) it is P, with K = 2 it is N (the sums are not multiples of 3).
	big := []string{"500000000000000000000005", "6", "3"}
	r := cfSolve(t, "moore:2", Auto, big...)
	if r.Outcome != "N" || r.Grundy != nil || !r.MovesIncomplete || len(r.WinningMoves) != 1 {
		t.Fatalf("moore:2 %v: %+v", big, r)
	}
	// The move shown must be a P-position of Nim_2: check by the closed form.
	after := cfSolve(t, "moore:2", Auto, strings.Fields(r.WinningMoves[0])...)
	if after.Outcome != "P" {
		t.Fatalf("the move to %s leaves %s", r.WinningMoves[0], after.Outcome)
	}
	r = cfSolve(t, "moore:3", Auto, "123456789012345678901234567890", "123456789012345678901234567890", "123456789012345678901234567890", "123456789012345678901234567890")
	if r.Outcome != "P" || r.Grundy == nil || r.Grundy.Sign() != 0 {
		t.Fatalf("four equal heaps in Nim_3: %+v", r)
	}
}

func TestMooreTable(t *testing.T) {
	for k := 1; k <= 2; k++ {
		inst, _ := Lookup(fmt.Sprintf("moore:%d", k))
		tab, err := inst.(Tabler).Table(t.Context(), 12, Options{})
		if err != nil {
			t.Fatal(err)
		}
		w := &brute.Moore{K: k}
		for a := range 12 {
			for b := range 12 {
				if g := w.Grundy([]int{a, b}); tab.Grid[a][b] != int64(g) {
					t.Fatalf("moore:%d Grid[%d][%d] = %d, want %d", k, a, b, tab.Grid[a][b], g)
				}
			}
		}
	}
}

func TestMooreErrors(t *testing.T) {
	cfError(t, "moore:0", `bad K "0"`, "3")
	cfError(t, "moore:x", `bad K "x"`, "3")
	cfError(t, "moore", "needs parameters", "3")
	cfError(t, "moore:2", `bad heap size "q"`, "3", "q")
}
