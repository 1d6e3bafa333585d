package amazons_test

import (
	"context"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
	_ "github.com/grundy-go/grundy/games/partizan/amazons"
)

// TestEntry values boards through the catalog, as 'grundy value amazons'
// does: a board walled in two by stones is the sum of its halves (x. is
// 1, .o is −1), and Solve's winning moves are whole boards.
func TestEntry(t *testing.T) {
	inst, err := catalog.Lookup("amazons")
	if err != nil {
		t.Fatal(err)
	}
	r, err := reports.PartizanValue(context.Background(), inst, []string{"x.#|###|#.o"}, catalog.Options{}, reports.CGTOptions{})
	if err != nil || r.Value != "0" {
		t.Fatalf("x.#|###|#.o: %+v, %v", r, err)
	}
	rep, err := inst.Solve(context.Background(), []string{"x..o"}, catalog.Options{})
	if err != nil || rep.Outcome != "N" {
		t.Fatalf("x..o: %+v, %v", rep, err)
	}
	// Each winning move leaves the opponent's amazon stuck, the mover's
	// amazon stuck or not.
	want := []string{"L: .x#o", "L: .#xo", "L: #.xo", "R: x#o.", "R: xo#.", "R: xo.#"}
	if !slices.Equal(rep.WinningMoves, want) {
		t.Errorf("x..o: winning moves %q, want %q", rep.WinningMoves, want)
	}
	if _, err := inst.Solve(context.Background(), []string{"xq"}, catalog.Options{}); err == nil {
		t.Errorf("a bad board: no error")
	}
}
