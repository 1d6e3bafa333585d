package wythoff

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
)

// entryWitness computes Sprague–Grundy values of Wythoff's game by the
// literal rules, in a plain table.
func entryWitness(n int) [][]int {
	g := make([][]int, n)
	for a := range g {
		g[a] = make([]int, n)
		for b := range g[a] {
			seen := map[int]bool{}
			for k := 1; k <= a; k++ {
				seen[g[a-k][b]] = true
			}
			for k := 1; k <= b; k++ {
				seen[g[a][b-k]] = true
			}
			for k := 1; k <= a && k <= b; k++ {
				seen[g[a-k][b-k]] = true
			}
			g[a][b] = catalogtest.Mex(seen)
		}
	}
	return g
}

func TestWythoffAgainstWitness(t *testing.T) {
	const n = 50
	g := entryWitness(n)
	rng := rand.New(rand.NewPCG(3, 3))
	for i := 0; i < 300; i++ {
		a, b := rng.IntN(n), rng.IntN(n)
		var moves []string
		for k := 1; k <= a; k++ {
			if g[a-k][b] == 0 {
				moves = append(moves, fmt.Sprintf("%d %d", a-k, b))
			}
		}
		for k := 1; k <= b; k++ {
			if g[a][b-k] == 0 {
				moves = append(moves, fmt.Sprintf("%d %d", a, b-k))
			}
		}
		for k := 1; k <= a && k <= b; k++ {
			if g[a-k][b-k] == 0 {
				moves = append(moves, fmt.Sprintf("%d %d", a-k, b-k))
			}
		}
		want := "N"
		if g[a][b] == 0 {
			want = "P"
		}
		pos := fmt.Sprintf("%d %d", a, b)
		for _, m := range []catalog.Method{catalog.Auto, catalog.Search} {
			r := catalogtest.Solve(t, "wythoff", m, pos)
			catalogtest.Check(t, r, want, g[a][b], moves)
		}
	}
}

func TestWythoffHuge(t *testing.T) {
	r := catalogtest.Solve(t, "wythoff", catalog.Auto, "1618033988749894848204", "2618033988749894848204")
	catalogtest.Check(t, r, "P", 0, []string{})
	r = catalogtest.Solve(t, "wythoff", catalog.Auto, "2618033988749894848204 1618033988749894848210")
	catalogtest.Check(t, r, "N", -1, nil)
	if !slices.Contains(r.WinningMoves, "2618033988749894848204 1618033988749894848204") {
		t.Fatalf("winning moves %q miss the P-pair", r.WinningMoves)
	}
	if r.MovesIncomplete {
		t.Fatal("Wythoff's winning moves are always complete")
	}
}

func TestWythoffTable(t *testing.T) {
	inst, _ := catalog.Lookup("wythoff")
	tab, err := inst.(catalog.Tabler).Table(context.Background(), 30, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := entryWitness(30)
	for a := range g {
		for b := range g[a] {
			if tab.Grid[a][b] != int64(g[a][b]) {
				t.Fatalf("Grid[%d][%d] = %d, want %d", a, b, tab.Grid[a][b], g[a][b])
			}
		}
	}
	big, err := inst.(catalog.Tabler).Table(context.Background(), 400, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for a := range g {
		for b := range g[a] {
			if (big.Grid[a][b] == 0) != (g[a][b] == 0) {
				t.Fatalf("closed-form grid (%d, %d) = %d, want P=%v", a, b, big.Grid[a][b], g[a][b] == 0)
			}
		}
	}
}

func TestWythoffErrors(t *testing.T) {
	catalogtest.Error(t, "wythoff", `unexpected third heap "5"`, "3", "4", "5")
	catalogtest.Error(t, "wythoff", "expected 2 heap size values, got 1", "3")
	catalogtest.Error(t, "wythoff", `bad heap size "x"`, "3", "x")
	catalogtest.Error(t, "wythoff", `bad heap size "-1"`, "3", "-1")
	catalogtest.Error(t, "wythoff:2", "takes no parameters", "3", "4")
}

// FuzzPositions feeds arbitrary positions to wythoff under each method:
// every answer is a report with an outcome, every failure one line, and
// nothing panics or hangs (searches are bounded by MaxStates).
func FuzzPositions(f *testing.F) {
	for _, s := range []struct {
		method uint8
		pos    string
	}{{0, "3 5"}, {2, "3 5"}, {0, "3 4 5"}, {0, "-1 2"}, {0, "1618033988749894848204 2618033988749894848204"}} {
		f.Add(s.method, s.pos)
	}
	f.Fuzz(func(t *testing.T, method uint8, pos string) {
		catalogtest.SolveAny(t, "wythoff", method, pos)
	})
}

// TestWythoffTableCancelled: a table stops when its context ends (Ctrl-C
// in the CLI), by search and by the closed form. The search's own check
// of the context comes every 4096 steps of one query, and no query of a
// table takes that many (each finds the rest in the memo), so without the
// table's own check the 256 × 256 search would run to the end.
func TestWythoffTableCancelled(t *testing.T) {
	inst, _ := catalog.Lookup("wythoff")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		upto   int
		method catalog.Method
	}{{256, catalog.Search}, {4096, catalog.ClosedForm}, {4096, catalog.Auto}} {
		tab, err := inst.(catalog.Tabler).Table(ctx, c.upto, catalog.Options{Method: c.method})
		if !errors.Is(err, context.Canceled) || tab != nil {
			t.Errorf("table of %d by method %v with a cancelled context: %v, %v; want context.Canceled", c.upto, c.method, tab != nil, err)
		}
	}
}
