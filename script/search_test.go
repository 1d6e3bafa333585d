package script_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// The game-tree search (--method search) answers scripts with wins,
// losses and draws as the default solver does: the same outcome and
// winning moves (and the same remoteness where the default gives one);
// scripts whose positions repeat, or with payoffs, are refused with the
// way they are solved instead.
func TestSearchMethod(t *testing.T) {
	for _, name := range []string{"strip", "corners", "snim", "darkraft", "calendar", "sorted"} {
		inst, err := catalog.Lookup("../examples/" + name + ".star")
		if err != nil {
			t.Fatal(err)
		}
		want, err := inst.Solve(context.Background(), nil, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := inst.Solve(context.Background(), nil, catalog.Options{Method: catalog.Search, TTSize: 16 << 20})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got.Outcome != want.Outcome || !slices.Equal(got.WinningMoves, want.WinningMoves) ||
			(want.Remoteness != nil && (got.Remoteness == nil || *got.Remoteness != *want.Remoteness)) {
			t.Errorf("%s: search %s %v %v; default %s %v %v", name, got.Outcome, got.Remoteness, got.WinningMoves, want.Outcome, want.Remoteness, want.WinningMoves)
		}
	}
	for name, instead := range map[string]string{"ring": "retrograde analysis", "tshirts": "backward induction over payoff vectors"} {
		inst, err := catalog.Lookup("../examples/" + name + ".star")
		if err != nil {
			t.Fatal(err)
		}
		_, err = inst.Solve(context.Background(), nil, catalog.Options{Method: catalog.Search})
		var m *catalog.MethodError
		if !errors.As(err, &m) || m.Method != catalog.Search || m.Instead != instead {
			t.Errorf("%s by search: %v; want a refusal pointing to %s", name, err, instead)
		}
	}
}
