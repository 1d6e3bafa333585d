package examples

import (
	"context"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/strong"
)

// TestRingDatabase: ring.star built into a database (tiers by tier(pos),
// found by search) answers for every position reachable from its start
// as the script's own solver does (retrograde analysis of the whole
// graph): outcome and remoteness, and the winning and drawing moves as
// 'grundy solve' lists them.
func TestRingDatabase(t *testing.T) {
	ctx := context.Background()
	inst, err := catalog.Lookup("ring.star")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	res, err := strong.Build(ctx, inst, dir, strong.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s := load(t, "ring.star", nil)
	g := s.Game()
	start, _, err := g.Start()
	if err != nil {
		t.Fatal(err)
	}
	l, err := g.Loopy(ctx, start)
	if err != nil {
		t.Fatal(err)
	}
	if res.Positions != int64(l.Len()) {
		t.Fatalf("the database holds %d positions, %d are reachable", res.Positions, l.Len())
	}
	d, err := strong.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	kinds := map[string]int{}
	for p := range l.Positions() {
		want, err := s.Solve(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		got, err := d.Query([]string{"\"" + g.Format(p) + "\""})
		if err != nil {
			t.Fatal(err)
		}
		// The moves as 'grundy solve' lists them: each position once
		// (two moves of ring.star may leave the same one).
		rep, err := inst.Solve(ctx, []string{g.Format(p)}, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		kinds[got.Outcome]++
		draws, _ := got.Extra["drawing_moves"].([]string)
		wantDraws, _ := rep.Extra["drawing_moves"].([]string)
		if got.Position != want.Position || rep.Position != want.Position || got.Outcome != want.Outcome || rep.Outcome != want.Outcome || !sameInt(got.Remoteness, want.Remoteness) ||
			!slices.Equal(got.WinningMoves, rep.WinningMoves) || !slices.Equal(draws, wantDraws) || len(want.DrawingMoves) < len(draws) {
			t.Errorf("%s: the database says %s %v wins %v draws %v; solve says %s %v wins %v draws %v", g.Format(p),
				got.Outcome, deref(got.Remoteness), got.WinningMoves, draws, want.Outcome, deref(want.Remoteness), rep.WinningMoves, wantDraws)
		}
	}
	if kinds["N"] == 0 || kinds["P"] == 0 || kinds["D"] == 0 {
		t.Errorf("outcomes %v: want every kind", kinds)
	}
}

func sameInt(a, b *int) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

func deref(a *int) any {
	if a == nil {
		return nil
	}
	return *a
}
