package hackenbush_test

import (
	"context"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

// TestGraphEntries values pictures through the catalog, as 'grundy value'
// does. A green triangle on the ground with a stalk on its top vertex
// fuses to three loops and a branch of one edge: 1 ⊕ 1 = 0. Childish
// Hackenbush's winning moves are the whole pictures left.
func TestGraphEntries(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ game, pos, value string }{
		{"green-hackenbush", "0-1,1-2,2-0,2-3", "0"},
		{"green-hackenbush", "0-1,1-2 0-1", "*3"},
		{"hackenbush-graph", "0-1l,1-2r,1-3g,3-0l", "3/2*"},
		{"childish-hackenbush", "0-1l,1-2r,1-3g,3-0l", "1*"},
	} {
		inst, err := catalog.Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		r, err := reports.PartizanValue(ctx, inst, []string{c.pos}, catalog.Options{}, reports.CGTOptions{})
		if err != nil || r.Value != c.value {
			t.Errorf("%s %s: %+v %v, want %s", c.game, c.pos, r, err, c.value)
		}
	}
	inst, _ := catalog.Lookup("childish-hackenbush")
	rep, err := inst.Solve(ctx, []string{"0-1l,1-2r,1-3g,3-0l"}, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"L: 1-2r,1-3g,3-0l", "L: 0-1l,1-2r,3-0l"}; !slices.Equal(rep.WinningMoves, want) {
		t.Errorf("winning moves %q, want %q", rep.WinningMoves, want)
	}
	inst, _ = catalog.Lookup("green-hackenbush")
	if _, err := inst.Solve(ctx, []string{"0-1l"}, catalog.Options{}); err == nil {
		t.Errorf("green-hackenbush with a blue edge: no error")
	}
}
