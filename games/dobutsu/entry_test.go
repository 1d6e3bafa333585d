package dobutsu

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/strong"
)

// TestPathsAgree: for the game of lions and chicks, the database built
// through the catalog's binding (grundy db build's path) answers every
// position reachable from the start as solve does (retrograde analysis
// from the position), winning moves included, and explores the start
// and a few positions move for move as solve's explorer does, each move
// with its label and board.
func TestPathsAgree(t *testing.T) {
	in := instance{New(Rules{0, 0, 2})}
	dir := t.TempDir()
	if _, err := strong.Build(context.Background(), in, dir, strong.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	d, err := strong.OpenFor(dir, in)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	g := in.g
	tab, err := in.solve(context.Background(), g.Start(), catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for v := range tab.Len() {
		want := in.report(tab, tab.Position(v))
		got, err := d.Query([]string{want.Position})
		if err != nil {
			t.Fatalf("query %s: %v", want.Position, err)
		}
		w, h := slices.Clone(want.WinningMoves), slices.Clone(got.WinningMoves)
		slices.Sort(w)
		slices.Sort(h)
		if got.Outcome != want.Outcome || (want.Remoteness != nil) != (got.Remoteness != nil) ||
			(want.Remoteness != nil && *want.Remoteness != *got.Remoteness) || !slices.Equal(w, h) {
			t.Fatalf("%s: database %s %v %v, solve %s %v %v", want.Position, got.Outcome, got.Remoteness, h, want.Outcome, want.Remoteness, w)
		}
	}
	ex, ok := catalog.AsExplorer(in)
	if !ok {
		t.Fatal("no explorer")
	}
	for _, pos := range []string{"", ".l./.c./.C./.L.:-:w", "..l/.../.L./...:Cc:b", ".l./.C./.../.L.:c:w"} {
		want, err := ex.Explore(context.Background(), []string{pos}, catalog.Options{}, 0)
		if err != nil {
			t.Fatal(err)
		}
		got, err := d.Explore([]string{pos}, 0)
		if err != nil {
			t.Fatal(err)
		}
		if want.Board.Kind != catalog.BoardGrid || len(want.Board.Rows) != Ranks || len(got.Moves) != len(want.Moves) {
			t.Fatalf("%q: board %+v, database %d moves, solve %d", pos, want.Board, len(got.Moves), len(want.Moves))
		}
		for i := range want.Moves {
			w, _ := json.Marshal(want.Moves[i])
			h, _ := json.Marshal(got.Moves[i])
			if string(w) != string(h) {
				t.Fatalf("%q: move %d:\ndatabase %s\nsolve    %s", pos, i, h, w)
			}
			if want.Moves[i].To == "" || want.Moves[i].Board == nil {
				t.Fatalf("%q: move %d has no label or board", pos, i)
			}
		}
	}
}
