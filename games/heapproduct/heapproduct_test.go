package heapproduct

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/impartial"
)

var factors = []string{"nim", "tb:4!.0", "octal:0.77", "subtract:1,2", "tb:0.*!", "tb:{2+}=.0", "turning:3E", "turning:1-3"}

// TestGridAgainstSearch: both products' tables against the generic
// Sprague–Grundy search of their moves, every pair of factors, (m, n) up
// to 7×7; the direct product's table is the Tartan Theorem's, so this
// checks the theorem too.
func TestGridAgainstSearch(t *testing.T) {
	ctx := context.Background()
	for _, direct := range []bool{false, true} {
		for _, r := range factors {
			for _, s := range factors {
				p, err := Parse(r+"/"+s, direct)
				if err != nil {
					t.Fatal(err)
				}
				const n = 7
				g, err := p.Grid(ctx, n, n, heap.Options{})
				if err != nil {
					t.Fatal(err)
				}
				var sg game.Splitting[Pair] = splitting{p}
				solver := impartial.NewSplitting(sg, impartial.Options{})
				for m := range n {
					for k := range n {
						v, err := solver.Grundy(ctx, Pair{m, k})
						if err != nil {
							t.Fatal(err)
						}
						if v != g[m][k] {
							t.Fatalf("%s (%d,%d): table %d, search %d", p.Spec(), m, k, g[m][k], v)
						}
					}
				}
			}
		}
	}
}

// TestWinningMoves: every winning move Solve lists leaves a P-position,
// and a position with none listed is a P-position.
func TestWinningMoves(t *testing.T) {
	ctx := context.Background()
	for _, spec := range []string{"acrostic:nim/tb:4!.0", "direct:octal:0.77/subtract:1,2"} {
		inst, err := catalog.Lookup(spec)
		if err != nil {
			t.Fatal(err)
		}
		for m := 0; m < 8; m++ {
			for n := 0; n < 8; n += 2 {
				pos := fmt.Sprintf("%d,%d 3,2", m, n)
				rep, err := inst.Solve(ctx, []string{pos}, catalog.Options{})
				if err != nil {
					t.Fatal(err)
				}
				if (rep.Outcome == "N") != (len(rep.WinningMoves) > 0) {
					t.Fatalf("%s %s: %s with %d winning moves", spec, pos, rep.Outcome, len(rep.WinningMoves))
				}
				for _, w := range rep.WinningMoves {
					after, err := inst.Solve(ctx, []string{w}, catalog.Options{})
					if err != nil || after.Outcome != "P" {
						t.Fatalf("%s %s → %s: %v %v", spec, pos, w, after, err)
					}
				}
			}
		}
	}
}

func TestBadInput(t *testing.T) {
	for _, c := range []struct{ spec, pos, want string }{
		{"acrostic:nim", "1,1", "expected two heap games"},
		{"direct:nim/tb:4!.x", "1,1", "second factor"},
		{"acrostic:nim/nim", "1,x", "bad position"},
		{"acrostic:nim/nim", "1,257", "from 0 to 256"},
	} {
		inst, err := catalog.Lookup(c.spec)
		if err == nil {
			_, err = inst.Solve(context.Background(), []string{c.pos}, catalog.Options{})
		}
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s %s: %v, want one line with %q", c.spec, c.pos, err, c.want)
		}
	}
}

// CGSuite's GameHeapTest ("define HeapRuleset operations properly"): the
// acrostic product of Motley (Spawning("1+")) and Ruler (Spawning("1+C")),
// Winning Ways' "Strip and Streak", NimValueTable(5, 20); and the direct
// product of Turnips (Spawning("3E")) and Grunt (Spawning("4FS")),
// NimValueTable(8, 20). Rows m = 0 …, columns n = 0 … 20.
func TestCGSuiteTables(t *testing.T) {
	for _, tc := range []struct {
		spec string
		rows []string
	}{
		{"acrostic:turning:1+/turning:1+C", []string{
			"0 1 2 1 4 1 2 1 8 1 2 1 4 1 2 1 16 1 2 1 4",
			"1 1 2 1 4 1 2 1 8 1 2 1 4 1 2 1 16 1 2 1 4",
			"2 2 1 2 5 2 1 2 9 2 1 2 5 2 1 2 17 2 1 2 5",
			"4 4 5 4 2 4 5 4 10 4 5 4 2 4 5 4 18 4 5 4 2",
			"8 8 9 8 10 8 9 8 4 8 9 8 10 8 9 8 20 8 9 8 10",
			"16 16 17 16 18 16 17 16 20 16 17 16 18 16 17 16 8 16 17 16 18",
		}},
		{"direct:turning:3E/turning:4FS", []string{
			"0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
			"0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
			"0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
			"0 0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3",
			"0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
			"0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
			"0 0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3",
			"0 0 0 0 2 0 3 2 0 3 2 0 3 2 1 3 2 1 3 8 1",
			"0 0 0 0 2 0 3 2 0 3 2 0 3 2 1 3 2 1 3 8 1",
		}},
	} {
		inst, err := catalog.Lookup(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		p := inst.(*instance).p
		g, err := p.Grid(context.Background(), len(tc.rows), 21, heap.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for m, want := range tc.rows {
			if got := strings.Trim(fmt.Sprint(g[m]), "[]"); got != want {
				t.Errorf("%s row %d:\n %s\nCGSuite:\n %s", tc.spec, m, got, want)
			}
		}
	}
}
