package tier

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/games/connect4"
)

// TestResumeKeepsReachability stops Connect-4 builds in the solving
// pass and resumes them: the saved reachability bitmaps spare the
// forward pass (no tier is expanded again), a damaged bitmap file is
// computed again from its parent, and the database is byte for byte the
// uninterrupted build's, without reachability files left over.
func TestResumeKeepsReachability(t *testing.T) {
	g, err := connect4.New(4, 4, 4)
	if err != nil {
		t.Fatal(err)
	}
	spec := "connect4:4x4"
	_, ref := build(t, g, spec, Options{})
	for _, damage := range []bool{false, true} {
		dir := t.TempDir()
		b, err := db.Create(dir, spec)
		if err != nil {
			t.Fatal(err)
		}
		// Stop when the tier of 12 stones is to be solved.
		ctx, cancel := context.WithCancel(context.Background())
		_, err = Solve(ctx, g, b, Options{Progress: func(p Progress) {
			if p.Phase == PhaseSolve && p.Tier == 12 {
				cancel()
			}
		}})
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("the build was not stopped: %v", err)
		}
		b.Close()
		if _, err := os.Stat(filepath.Join(dir, db.ReachFileName(12))); err != nil {
			t.Fatalf("no reachability file for 12 stones: %v", err)
		}
		if _, err := os.Stat(filepath.Join(dir, db.ReachFileName(13))); err == nil {
			t.Fatalf("the reachability file of a finished tier is left")
		}
		if damage {
			path := filepath.Join(dir, db.ReachFileName(7))
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			data[len(data)/2] ^= 0x10
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		b, err = db.Create(dir, spec)
		if err != nil {
			t.Fatal(err)
		}
		var expanded []string
		if _, err := Solve(context.Background(), g, b, Options{Progress: func(p Progress) {
			if p.Phase == PhaseReach && (len(expanded) == 0 || expanded[len(expanded)-1] != p.Name) {
				expanded = append(expanded, p.Name)
			}
		}}); err != nil {
			t.Fatal(err)
		}
		want := 0
		if damage {
			want = 1 // 6 stones, the parent of the damaged 7
		}
		if len(expanded) != want || (damage && expanded[0] != "6 stones") {
			t.Errorf("damaged %v: the resumed build expanded %v", damage, expanded)
		}
		sameFiles(t, ref, dir)
	}
}

// TestReachBitmapsOnlyInFlight: the forward pass holds a tier's bitmap
// only from its first parent's expansion until it is saved, not every
// tier's from the start: on a game of 41 tiers whose moves reach the
// next three, the budget never holds more than the bitmaps of a tier,
// its children and the one that waits to be saved (at the start it held
// all 41).
func TestReachBitmapsOnlyInFlight(t *testing.T) {
	g := takeAway{n0: 40, k: 30000, seed: 9}
	mem := budget.NewBytes(1 << 40)
	bitmap := 8 * ReachBits(g.TierSize(0))
	var peak int64
	b, err := db.Create(t.TempDir(), "takeaway")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	_, err = Solve(context.Background(), g, b, Options{Workers: 2, Memory: mem, Progress: func(p Progress) {
		if p.Phase == PhaseReach {
			peak = max(peak, mem.Used())
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if peak == 0 || peak > 5*bitmap {
		t.Errorf("the forward pass held %d bytes, more than 5 bitmaps of %d (or nothing)", peak, bitmap)
	}
	if mem.Used() != 0 {
		t.Errorf("%d bytes still charged after the build", mem.Used())
	}
}
