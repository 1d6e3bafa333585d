package moore

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
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
					moves = append(moves, catalog.JoinInts(o))
				}
			}
			want := "N"
			if g == 0 {
				want = "P"
			}
			for _, m := range []catalog.Method{catalog.Auto, catalog.Search} {
				catalogtest.Check(t, catalogtest.Solve(t, spec, m, catalog.JoinInts(h)), want, g, moves)
			}
		}
	}
}

func TestMooreLarge(t *testing.T) {
	// Columns of 5 = 101, 6 = 110, 3 = 011: each sums to 2, so with K = 1
	// (Nim) it is P, with K = 2 it is N (the sums are not multiples of 3).
	big := []string{"500000000000000000000005", "6", "3"}
	r := catalogtest.Solve(t, "moore:2", catalog.Auto, big...)
	if r.Outcome != "N" || r.Grundy != nil || !r.MovesIncomplete || len(r.WinningMoves) != 1 {
		t.Fatalf("moore:2 %v: %+v", big, r)
	}
	// The move shown must be a P-position of Nim_2: check by the closed form.
	after := catalogtest.Solve(t, "moore:2", catalog.Auto, strings.Fields(r.WinningMoves[0])...)
	if after.Outcome != "P" {
		t.Fatalf("the move to %s leaves %s", r.WinningMoves[0], after.Outcome)
	}
	r = catalogtest.Solve(t, "moore:3", catalog.Auto, "123456789012345678901234567890", "123456789012345678901234567890", "123456789012345678901234567890", "123456789012345678901234567890")
	if r.Outcome != "P" || r.Grundy == nil || r.Grundy.Sign() != 0 {
		t.Fatalf("four equal heaps in Nim_3: %+v", r)
	}
}

func TestMooreTable(t *testing.T) {
	for k := 1; k <= 2; k++ {
		inst, _ := catalog.Lookup(fmt.Sprintf("moore:%d", k))
		tab, err := inst.(catalog.Tabler).Table(t.Context(), 12, catalog.Options{})
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
	catalogtest.Error(t, "moore:0", `bad K "0"`, "3")
	catalogtest.Error(t, "moore:x", `bad K "x"`, "3")
	catalogtest.Error(t, "moore", "needs parameters", "3")
	catalogtest.Error(t, "moore:2", `bad heap size "q"`, "3", "q")
}

func explore(t *testing.T, spec, pos string) *catalog.Exploration {
	t.Helper()
	inst, err := catalog.Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	ex, ok := catalog.AsExplorer(inst)
	if !ok {
		t.Fatalf("%s: not explorable", spec)
	}
	var toks []string
	if pos != "" {
		toks = []string{pos}
	}
	x, err := ex.Explore(context.Background(), toks, catalog.Options{}, 0)
	if err != nil {
		t.Fatalf("%s %s: %v", spec, pos, err)
	}
	return x
}

// TestMooreMoves: every move of Moore's Nim_2 is listed once, and its
// outcome is what catalog Solve says of the position it leaves.
func TestMooreMoves(t *testing.T) {
	inst, _ := catalog.Lookup("moore:2")
	for _, pos := range []string{"3 5 6", "1 2 3", "4 4", "2 0 7 1"} {
		x := explore(t, "moore:2", pos)
		if !x.MovesCounted || x.MovesTotal != len(x.Moves) {
			t.Fatalf("%s: %d of %d moves", pos, len(x.Moves), x.MovesTotal)
		}
		var wins []string
		for _, m := range x.Moves {
			r, err := inst.Solve(context.Background(), strings.Fields(m.Position), catalog.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if r.Outcome != m.Outcome || r.Grundy.Cmp(m.Grundy) != 0 || *r.Remoteness != *m.Remoteness {
				t.Errorf("%s → %s: %s %v %v, Solve %s %v %v", pos, m.Position, m.Outcome, m.Grundy, *m.Remoteness, r.Outcome, r.Grundy, *r.Remoteness)
			}
			if m.Outcome == "P" {
				wins = append(wins, m.Position)
			}
		}
		if !slices.Equal(wins, x.Report.WinningMoves) && !(len(wins) == 0 && len(x.Report.WinningMoves) == 0) {
			t.Errorf("%s: moves to P %v, winning moves %v", pos, wins, x.Report.WinningMoves)
		}
	}
	// Heaps 3 5 6 under Nim_2: the moves are the ways to lower one or two
	// heaps, 3+5+6 + 3·5+3·6+5·6 = 77.
	if x := explore(t, "moore:2", "3 5 6"); x.MovesTotal != 77 {
		t.Errorf("3 5 6: %d moves, want 77", x.MovesTotal)
	}
}

// TestMooreHugeHeaps: heaps too large to list their moves still get Moore's
// answer and its winning move.
func TestMooreHugeHeaps(t *testing.T) {
	x := explore(t, "moore:2", "123456789012345 3 7")
	if x.MovesCounted || len(x.Moves) != 0 || x.Report.Outcome != "N" || len(x.Report.WinningMoves) != 1 {
		t.Errorf("huge heaps: counted %v, %d moves, report %+v", x.MovesCounted, len(x.Moves), x.Report)
	}
}

// FuzzExplore feeds arbitrary positions to the explorer of Nim_2
// (Successors, with its own reading of positions): whatever the input, an
// exploration whose moves lead somewhere, or a one-line error; never a
// panic or a hang.
func FuzzExplore(f *testing.F) {
	for _, pos := range []string{"3 5 6", "1000001"} {
		f.Add(pos)
	}
	f.Fuzz(func(t *testing.T, pos string) {
		const spec = "moore:2"
		inst, err := catalog.Lookup(spec)
		if err != nil {
			t.Fatal(err)
		}
		ex, _ := catalog.AsExplorer(inst)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		x, err := ex.Explore(ctx, []string{pos}, catalog.Options{MaxStates: 5000}, 20)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("%s %q: a multi-line error %q", spec, pos, err)
			}
			return
		}
		if x.Report == nil || x.Report.Outcome == "" || x.Board == nil {
			t.Fatalf("%s %q: an incomplete exploration %+v", spec, pos, x)
		}
		for _, m := range x.Moves {
			if m.Position == "" && m.Chance == nil && !m.Terminal {
				t.Fatalf("%s %q: a move to nowhere %+v", spec, pos, m)
			}
		}
	})
}

// FuzzPositions feeds arbitrary positions to moore:2 under each method:
// every answer is a report with an outcome, every failure one line, and
// nothing panics or hangs (searches are bounded by MaxStates).
func FuzzPositions(f *testing.F) {
	for _, s := range []struct {
		method uint8
		pos    string
	}{{0, "3 5 6"}, {2, "1 2"}, {0, "99999999999999999999 1"}, {0, ""}} {
		f.Add(s.method, s.pos)
	}
	f.Fuzz(func(t *testing.T, method uint8, pos string) {
		catalogtest.SolveAny(t, "moore:2", method, pos)
	})
}
