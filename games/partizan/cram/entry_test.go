package cram_test

import (
	"context"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
	_ "github.com/grundy-go/grundy/games/partizan/cram"
)

// TestEntry values positions through the catalog, as 'grundy value cram'
// does, and Solve's winning moves as whole boards.
func TestEntry(t *testing.T) {
	inst, err := catalog.Lookup("cram")
	if err != nil {
		t.Fatal(err)
	}
	r, err := reports.PartizanValue(context.Background(), inst, []string{"1x3", "1x4"}, catalog.Options{}, reports.CGTOptions{})
	if err != nil || r.Value != "*3" || r.Position != "1x3 1x4" {
		t.Fatalf("1x3 + 1x4: %+v, %v", r, err)
	}
	rep, err := inst.Solve(context.Background(), []string{"2x3"}, catalog.Options{})
	if err != nil || rep.Outcome != "N" || len(rep.WinningMoves) == 0 {
		t.Fatalf("2x3: %+v, %v", rep, err)
	}
	// 2x3 = *: a vertical domino leaves 2x2 or two 2x1 areas, both 0; a
	// horizontal one leaves *.
	want := []string{"L: #..|#..", "L: .#.|.#.", "L: ..#|..#", "R: #..|#..", "R: .#.|.#.", "R: ..#|..#"}
	if !slices.Equal(rep.WinningMoves, want) {
		t.Errorf("2x3: winning moves %q, want %q", rep.WinningMoves, want)
	}
	if _, err := inst.Solve(context.Background(), []string{"2xq"}, catalog.Options{}); err == nil {
		t.Errorf("a bad board: no error")
	}
}
