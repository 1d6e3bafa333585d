package hackenbush_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	_ "github.com/grundy-go/grundy/games/partizan/hackenbush"
)

// TestEntry pins Solve on Blue-Red Hackenbush: a stalk lrrl is worth
// 1 - 1/2 - 1/4 + 1/8 = 3/8 and l[r,r] is {0 | 1/2} = 1/4 (Winning Ways
// ch. 1), so their sum is positive (L); Left wins by cutting in either
// part, each winning move written as the whole sum it leaves. In lr + r
// = -1/2 Right wins only by cutting the top of lr (to l + r = 0): taking
// the whole stalk r leaves 1/2.
func TestEntry(t *testing.T) {
	inst, err := catalog.Lookup("hackenbush")
	if err != nil {
		t.Fatal(err)
	}
	if inst.Spec() != "hackenbush" {
		t.Errorf("spec %q", inst.Spec())
	}
	for _, c := range []struct {
		pos, wantPos, outcome, value string
		wins                         []string
	}{
		{"LRRL l[r,r]", "lrrl l[r,r]", "L", "5/8", []string{"L: l[r,r]", "L: lrr l[r,r]", "L: lrrl"}},
		{"lrr l[r,r]", "lrr l[r,r]", "L", "1/2", []string{"L: l[r,r]", "L: lrr"}},
		{"lr r", "lr r", "R", "-1/2", []string{"R: l r"}},
		{"-", "-", "P", "0", nil},
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
