package eatcake_test

import (
	"context"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
	_ "github.com/grundy-go/grundy/games/partizan/eatcake"
)

// TestEntry values cakes through the catalog, as 'grundy value eatcake'
// does: 1×2 = ↓ (Right eats the only row; Left leaves 1×1 = *), 2×1 = ↑,
// and their sum 0, a second-player win.
func TestEntry(t *testing.T) {
	inst, err := catalog.Lookup("eatcake")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, c := range []struct{ pos, value string }{{"1x2", "v"}, {"2x1", "^"}, {"1x2 2x1", "0"}, {"3x3", "*"}} {
		r, err := reports.PartizanValue(ctx, inst, []string{c.pos}, catalog.Options{}, reports.CGTOptions{})
		if err != nil || r.Value != c.value {
			t.Errorf("%s: %+v %v, want %s", c.pos, r, err, c.value)
		}
	}
	rep, err := inst.Solve(ctx, []string{"1x2", "2x1"}, catalog.Options{})
	if err != nil || rep.Outcome != "P" {
		t.Errorf("1x2 + 2x1: %+v %v, want P", rep, err)
	}
	for _, bad := range []string{"0x2", "65x1", "2x", "x"} {
		if _, err := inst.Solve(ctx, []string{bad}, catalog.Options{}); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
