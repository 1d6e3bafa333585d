package cutcake_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	_ "github.com/grundy-go/grundy/games/partizan/cutcake"
)

// TestEntry pins Solve on Cutcake (Winning Ways ch. 2): a 1xn cake is
// n-1 for Left (who cuts vertically), an nx1 cake the same for Right, and
// 2x2 + 1x3 is positive, Left winning by either of her cuts.
func TestEntry(t *testing.T) {
	inst, err := catalog.Lookup("cutcake")
	if err != nil {
		t.Fatal(err)
	}
	if inst.Spec() != "cutcake" {
		t.Errorf("spec %q", inst.Spec())
	}
	for _, c := range []struct {
		pos, wantPos, outcome, value string
		wins                         []string
	}{
		{"1x4 2x1", "1x4 2x1", "L", "2", []string{"L: 1x1 1x3 2x1", "L: 1x2 1x2 2x1"}},
		{"2x2 1x3", "2x2 1x3", "L", "2", []string{"L: 2x1 2x1 1x3", "L: 2x2 1x1 1x2"}},
		{"2x1 2x1 1x3", "2x1 2x1 1x3", "P", "0", nil},
	} {
		r, err := inst.Solve(context.Background(), strings.Fields(c.pos), catalog.Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.pos, err)
		}
		if r.Position != c.wantPos || r.Outcome != c.outcome || r.Value != c.value || !slices.Equal(r.WinningMoves, c.wins) {
			t.Errorf("%s: %s %s = %v, winning moves %q; want %s %s = %s, %q", c.pos, r.Position, r.Outcome, r.Value, r.WinningMoves, c.wantPos, c.outcome, c.value, c.wins)
		}
	}
}
