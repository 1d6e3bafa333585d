package toads_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	_ "github.com/grundy-go/grundy/games/partizan/toads"
)

// TestEntry pins Solve on Toads and Frogs (Winning Ways ch. 1): T.F is
// *, T.TFF is ↑ (Left wins by jumping, to .TTFF), a blocked strip TF is 0,
// and the alias "toads" names the same game.
func TestEntry(t *testing.T) {
	inst, err := catalog.Lookup("toads")
	if err != nil {
		t.Fatal(err)
	}
	if inst.Spec() != "toads-and-frogs" {
		t.Errorf("spec %q", inst.Spec())
	}
	for _, c := range []struct {
		pos, wantPos, outcome, value string
		wins                         []string
	}{
		{"T.F", "T.F", "N", "*", []string{"L: .TF", "R: TF."}},
		{"t.tff", "T.TFF", "L", "^", []string{"L: .TTFF"}},
		{"TF", "TF", "P", "0", nil},
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
