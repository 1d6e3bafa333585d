package catalog

import (
	"context"
	"slices"
	"strings"
	"testing"
)

func explore(t *testing.T, spec, pos string) *Exploration {
	t.Helper()
	inst, err := Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	ex, ok := AsExplorer(inst)
	if !ok {
		t.Fatalf("%s: not explorable", spec)
	}
	var toks []string
	if pos != "" {
		toks = []string{pos}
	}
	x, err := ex.Explore(context.Background(), toks, Options{}, 0)
	if err != nil {
		t.Fatalf("%s %s: %v", spec, pos, err)
	}
	return x
}

// TestMooreMoves: every move of Moore's Nim_2 is listed once, and its
// outcome is what catalog Solve says of the position it leaves.
func TestMooreMoves(t *testing.T) {
	inst, _ := Lookup("moore:2")
	for _, pos := range []string{"3 5 6", "1 2 3", "4 4", "2 0 7 1"} {
		x := explore(t, "moore:2", pos)
		if !x.MovesCounted || x.MovesTotal != len(x.Moves) {
			t.Fatalf("%s: %d of %d moves", pos, len(x.Moves), x.MovesTotal)
		}
		var wins []string
		for _, m := range x.Moves {
			r, err := inst.Solve(context.Background(), strings.Fields(m.Position), Options{})
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
