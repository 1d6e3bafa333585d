package pipeline

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/grundy-go/grundy/db"
)

// reachCounts records, through ReachHook, each range's count of
// reachable ranks as the run marks them (a rerun's counts replace the
// first's); total gives them per tier.
func reachCounts(t *testing.T) (total func() map[int64]int64) {
	t.Helper()
	var mu sync.Mutex
	byRange := map[[2]int64]int64{}
	ReachHook = func(tier, rng, n int64) {
		mu.Lock()
		defer mu.Unlock()
		byRange[[2]int64{tier, rng}] = n
	}
	t.Cleanup(func() { ReachHook = nil })
	return func() map[int64]int64 {
		mu.Lock()
		defer mu.Unlock()
		out := map[int64]int64{}
		for k, n := range byRange {
			out[k[0]] += n
		}
		return out
	}
}

// sameCounts fails unless the reachable ranks counted per tier are the
// records of each tier in dir's manifest (a record a reachable rank).
func sameCounts(t *testing.T, dir string, got map[int64]int64) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, db.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	var m struct{ Tiers []db.TierInfo }
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	var sum int64
	for _, ti := range m.Tiers {
		if want := ti.Count.RecordCount(); got[int64(ti.Tier)] != want {
			t.Errorf("tier %s: %d reachable ranks marked by range, the manifest has %d records", ti.Name, got[int64(ti.Tier)], want)
		}
		sum += got[int64(ti.Tier)]
	}
	if len(got) > len(m.Tiers) || sum == 0 {
		t.Errorf("counts of %d tiers (%d ranks), the manifest has %d tiers", len(got), sum, len(m.Tiers))
	}
}

// A split tier keeps the parts an earlier run left whole: the first run
// fails assembling tier 8 stones every time (its three parts written
// whole); one part is then removed and another damaged; the second run
// writes those two parts only, keeps the third, and the database is the
// core's.
func TestKeptParts(t *testing.T) {
	spec := "connect4:4x4"
	want := coreBuild(t, spec)
	got := filepath.Join(t.TempDir(), "db")
	if err := os.MkdirAll(got, 0o777); err != nil {
		t.Fatal(err)
	}
	opts := BuildOptions{Options: Options{SplitInto: 3}, Attempts: 1}
	FailHook = func(w Write) bool { return w.Tier == faultTier && !w.Part && !w.Reach }
	defer func() { FailHook = nil }()
	if err := Build(context.Background(), spec, got, prismRun, opts); err == nil {
		t.Fatal("the first run did not fail")
	}
	parts, err := filepath.Glob(filepath.Join(got, "part-*.grp"))
	if err != nil || len(parts) != 3 {
		t.Fatalf("the first run left the parts %v (%v), want tier 8's three", parts, err)
	}
	if err := os.Remove(parts[0]); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/2] ^= 0x10
	if err := os.WriteFile(parts[1], b, 0o666); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	written := map[string]int{}
	kept := 0
	FailHook = func(w Write) bool {
		mu.Lock()
		defer mu.Unlock()
		if w.Part && w.Tier == faultTier {
			written[filepath.Join(got, partName(faultTier, w.First))]++
		}
		return false
	}
	KeptHook = func(w Write) {
		mu.Lock()
		defer mu.Unlock()
		if w.Tier == faultTier {
			kept++
		}
	}
	defer func() { KeptHook = nil }()
	if err := Build(context.Background(), spec, got, prismRun, opts); err != nil {
		t.Fatal(err)
	}
	sameFiles(t, want, got)
	if len(written) != 2 || written[parts[0]] != 1 || written[parts[1]] != 1 || kept != 1 {
		t.Errorf("the second run wrote the parts %v and kept %d; want %s and %s written once, 1 kept", written, kept, parts[0], parts[1])
	}
}

// TestRerunReachesOnlyWhatIsLeft: a rerun over a database whose last
// solved tiers (the start's side: Connect-4 solves 16 stones first and
// the empty board last) were lost writes the reachability of those
// tiers only, with whole tiers and with every tier split, and its files
// are the core's; a damaged file further down is not finished, so its
// tier and every tier above it are reached and solved again.
func TestRerunReachesOnlyWhatIsLeft(t *testing.T) {
	spec := "connect4:4x4"
	want := coreBuild(t, spec)
	tierFile := func(dir string, tier int64) string { return filepath.Join(dir, db.TierFileName(uint64(tier))) }
	for _, opts := range []Options{{}, {SplitInto: 3}} {
		for _, c := range []struct {
			lost, damaged []int64
			reached       []int64
		}{
			{lost: []int64{0, 1, 2}, reached: []int64{0, 1, 2}},
			{lost: []int64{0}, damaged: []int64{5}, reached: []int64{0, 1, 2, 3, 4, 5}},
			{reached: nil}, // all finished: nothing reached
		} {
			got := t.TempDir()
			entries, err := os.ReadDir(want)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range entries {
				b, err := os.ReadFile(filepath.Join(want, e.Name()))
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(got, e.Name()), b, 0o666); err != nil {
					t.Fatal(err)
				}
			}
			for _, tr := range c.lost {
				if err := os.Remove(tierFile(got, tr)); err != nil {
					t.Fatal(err)
				}
			}
			for _, tr := range c.damaged {
				b, err := os.ReadFile(tierFile(got, tr))
				if err != nil {
					t.Fatal(err)
				}
				b[len(b)/2] ^= 0x40
				if err := os.WriteFile(tierFile(got, tr), b, 0o666); err != nil {
					t.Fatal(err)
				}
			}
			var mu sync.Mutex
			reached := map[int64]bool{}
			FailHook = func(w Write) bool {
				if w.Reach {
					mu.Lock()
					reached[w.Tier] = true
					mu.Unlock()
				}
				return false
			}
			err = run(t, spec, got, opts)
			FailHook = nil
			if err != nil {
				t.Fatal(err)
			}
			sameFiles(t, want, got)
			var tiers []int64
			for tr := range reached {
				tiers = append(tiers, tr)
			}
			slices.Sort(tiers)
			if !slices.Equal(tiers, c.reached) {
				t.Errorf("split %d, lost %v, damaged %v: the rerun reached tiers %v, want %v", opts.SplitInto, c.lost, c.damaged, tiers, c.reached)
			}
		}
	}
}
