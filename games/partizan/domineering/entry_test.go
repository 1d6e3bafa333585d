package domineering_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	_ "github.com/grundy-go/grundy/games/partizan/domineering"
)

func explore(t *testing.T, pos string) *catalog.Exploration {
	t.Helper()
	inst, err := catalog.Lookup("domineering")
	if err != nil {
		t.Fatal(err)
	}
	ex, ok := catalog.AsExplorer(inst)
	if !ok {
		t.Fatal("domineering: not explorable")
	}
	x, err := ex.Explore(context.Background(), []string{pos}, catalog.Options{}, 0)
	if err != nil {
		t.Fatalf("domineering %s: %v", pos, err)
	}
	return x
}

// TestDomineering2x2 pins the textbook example: 2x2 = ±1, each player's
// two placements leave a position worth 1 to that player.
func TestDomineering2x2(t *testing.T) {
	x := explore(t, "2x2")
	if x.MoveKind != catalog.MovesPartizan || x.Report.Value != "+-1" || x.Report.Outcome != "N" {
		t.Fatalf("report %+v kind %q", x.Report, x.MoveKind)
	}
	var got []string
	for _, m := range x.Moves {
		got = append(got, m.Player+" "+m.Position+" "+m.Outcome+" "+m.Value.(string))
	}
	want := []string{"left #.|#. L 1", "left .#|.# L 1", "right ##|.. R -1", "right ..|## R -1"}
	if !slices.Equal(got, want) {
		t.Errorf("moves %q, want %q", got, want)
	}
}

// domWitness is a plain search of Domineering on small boards, written
// without the partizan evaluator: whether the player to move (Left places
// vertical dominoes) wins.
type domWitness struct {
	rows, cols int
	memo       map[[2]uint64]bool
}

func (w *domWitness) wins(filled uint64, left bool) bool {
	k := [2]uint64{filled, 0}
	if left {
		k[1] = 1
	}
	if v, ok := w.memo[k]; ok {
		return v
	}
	dr, dc := 0, 1
	if left {
		dr, dc = 1, 0
	}
	win := false
	for r := 0; r+dr < w.rows && !win; r++ {
		for c := 0; c+dc < w.cols && !win; c++ {
			a, b := uint64(1)<<(r*w.cols+c), uint64(1)<<((r+dr)*w.cols+c+dc)
			if filled&(a|b) == 0 && !w.wins(filled|a|b, !left) {
				win = true
			}
		}
	}
	w.memo[k] = win
	return win
}

func (w *domWitness) class(filled uint64) string {
	l, r := w.wins(filled, true), w.wins(filled, false)
	switch {
	case l && r:
		return "N"
	case l:
		return "L"
	case r:
		return "R"
	}
	return "P"
}

func (w *domWitness) parse(t *testing.T, s string) uint64 {
	if strings.Contains(s, "x") {
		return 0
	}
	var f uint64
	for r, row := range strings.Split(s, "|") {
		for c := range row {
			if row[c] == '#' {
				f |= 1 << (r*w.cols + c)
			}
		}
	}
	return f
}

// TestDomineeringMovesAgainstWitness: on random small boards every listed
// move's outcome class is the plain search's.
func TestDomineeringMovesAgainstWitness(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 2))
	for range 40 {
		rows, cols := 1+rng.IntN(3), 1+rng.IntN(4)
		var sb strings.Builder
		for r := range rows {
			if r > 0 {
				sb.WriteByte('|')
			}
			for range cols {
				if rng.IntN(4) == 0 {
					sb.WriteByte('#')
				} else {
					sb.WriteByte('.')
				}
			}
		}
		w := &domWitness{rows: rows, cols: cols, memo: map[[2]uint64]bool{}}
		x := explore(t, sb.String())
		if got := w.class(w.parse(t, sb.String())); got != x.Report.Outcome {
			t.Errorf("%s: outcome %s, witness %s", sb.String(), x.Report.Outcome, got)
		}
		for _, m := range x.Moves {
			if got := w.class(w.parse(t, m.Position)); got != m.Outcome {
				t.Errorf("%s → %s (%s): %s, witness %s", sb.String(), m.Position, m.Player, m.Outcome, got)
			}
		}
	}
}
