package morris

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// TestExplore: the explorer's board is the grid of points (W, B, '.',
// blanks between points), every move carries its label and the grid it
// leaves, and the database explores as the search does, move for move,
// in either colour.
func TestExplore(t *testing.T) {
	_, d, _ := build(t, "3")
	inst, err := catalog.Lookup("morris:3")
	if err != nil {
		t.Fatal(err)
	}
	ex, ok := catalog.AsExplorer(inst)
	if !ok {
		t.Fatal("morris:3 has no explorer")
	}
	// The last two are one record (the colour swap), explored each for
	// its mover.
	for _, pos := range []string{"", "W.B.W.B..:W:1,1", "WW..B.B..:W:1,1", "WB.W.B.WB:B:0,0", "BW.B.W.BW:W:0,0"} {
		want, err := ex.Explore(context.Background(), []string{pos}, catalog.Options{}, 0)
		if err != nil {
			t.Fatal(err)
		}
		got, err := d.Explore([]string{pos}, 0)
		if err != nil {
			t.Fatal(err)
		}
		if want.Board.Kind != catalog.BoardGrid || len(want.Board.Rows) != 3 {
			t.Fatalf("%q: board %+v", pos, want.Board)
		}
		if len(got.Moves) != len(want.Moves) {
			t.Fatalf("%q: database %d moves, search %d", pos, len(got.Moves), len(want.Moves))
		}
		for i := range want.Moves {
			w, _ := json.Marshal(want.Moves[i])
			h, _ := json.Marshal(got.Moves[i])
			if string(w) != string(h) {
				t.Fatalf("%q: move %d:\ndatabase %s\nsearch   %s", pos, i, h, w)
			}
			if want.Moves[i].To == "" || want.Moves[i].Board == nil {
				t.Fatalf("%q: move %d has no label or board", pos, i)
			}
		}
	}
	// Six men's morris on its 5x5 grid: blanks where no point is.
	g6 := mustGame(t, "6")
	p, _ := g6.Parse("WW.B.B...W....B.:W:0,0")
	if got := strings.Join(g6.Rows(p), "|"); got != "W W .| B.B |.. .W| ... |. B ." {
		t.Errorf("rows %q", got)
	}
}
