package tier

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games/connect4"
)

// acyclicGraph is a random tier graph without loopy tiers (a DAG of
// tiers, a tier with several parents and children), which a build by
// ranges takes.
func acyclicGraph(r *rand.Rand, tiers, per int) *tierGraphGame {
	g := randomTierGraph(r, tiers, per, false)
	for t := range g.loopy {
		g.loopy[t] = false
	}
	for u := range g.adj {
		kept := g.adj[u][:0]
		for _, v := range g.adj[u] {
			if g.tierOf[v] != g.tierOf[u] {
				kept = append(kept, v)
			}
		}
		g.adj[u] = kept
	}
	return g
}

// TestRangedSameBytes builds games by ranges of one block (many ranges a
// tier, with and without the Walker fast path) and whole in memory: the
// directories hold the same files, byte for byte, and the ranged
// databases agree with the retrograde analysis of the whole game.
func TestRangedSameBytes(t *testing.T) {
	c4, err := connect4.New(4, 4, 4)
	if err != nil {
		t.Fatal(err)
	}
	spec := "connect4:" + c4.S.String()
	d, ranged := build(t, c4, spec, Options{rangeRanks: rangeUnit})
	_, whole := build(t, c4, spec, Options{})
	_, plain := build(t, c4, spec, Options{rangeRanks: rangeUnit, plain: true, Workers: 1})
	// On one core: the blocks of parts and tiers coded by one
	// goroutine (db's codeBlocks), the same bytes as on several.
	procs := runtime.GOMAXPROCS(1)
	_, one := build(t, c4, spec, Options{rangeRanks: rangeUnit, Workers: 1})
	runtime.GOMAXPROCS(procs)
	sameFiles(t, ranged, whole)
	sameFiles(t, plain, whole)
	sameFiles(t, one, whole)
	checkAgainstRetro(t, c4, d)
	if n := d.Stats().Total.Positions(); n != 161029 {
		t.Errorf("connect4:4x4 by ranges: %d positions, Tromp counts 161,029", n)
	}

	// Tiers of 4 ranges, the last one short; and 2-byte records.
	for _, g := range []takeAway{{n0: 40, k: 30000, seed: 3}, {n0: 140, k: 8200, seed: 1, long: true}} {
		d, ranged := build[tok](t, g, "takeaway", Options{rangeRanks: rangeUnit})
		_, whole := build[tok](t, g, "takeaway", Options{})
		sameFiles(t, ranged, whole)
		checkAgainstRetro[tok](t, g, d)
	}
	// Random tier graphs: several parents and children a tier.
	r := rand.New(rand.NewPCG(35, 1))
	for iter := range 30 {
		g := acyclicGraph(r, 1+r.IntN(7), 1+r.IntN(30))
		d, ranged := build[int32](t, g, "graph", Options{rangeRanks: rangeUnit, Workers: 1 + iter%2})
		_, whole := build[int32](t, g, "graph", Options{})
		sameFiles(t, ranged, whole)
		checkAgainstRetro[int32](t, g, d)
	}
}

// TestRangedUnderBudget builds Connect-4 5x3 under a budget too small
// for the in-memory build, which then goes by ranges on its own and
// writes the bytes of the unbounded build; the budget's charges never
// pass its limit (Charge refuses), and a budget too small even for one
// range is an error naming it.
func TestRangedUnderBudget(t *testing.T) {
	g, err := connect4.New(5, 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	spec := "connect4:" + g.S.String()
	mem := budget.NewBytes(128 << 10)
	s, err := newOne[connect4.Board](g, Options{Memory: mem})
	if err != nil {
		t.Fatal(err)
	}
	if _, ranged, err := s.rangedPlan(); err != nil || !ranged {
		t.Fatalf("connect4:5x3 in 128 KiB (in-memory peak %d bytes): ranged %v, %v", s.inMemoryPeak(), ranged, err)
	}
	d, small := build(t, g, spec, Options{Memory: mem})
	_, whole := build(t, g, spec, Options{})
	sameFiles(t, small, whole)
	checkAgainstRetro(t, g, d)
	if mem.Used() != 0 {
		t.Errorf("%d bytes still charged after the build", mem.Used())
	}

	b, err := db.Create(t.TempDir(), spec)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	_, err = Solve(context.Background(), g, b, Options{Memory: budget.NewBytes(32 << 10)})
	if !errors.Is(err, budget.ErrExceeded) || !strings.Contains(err.Error(), "32 KiB") {
		t.Errorf("a build in 32 KiB: %v", err)
	}
}

// TestDiskEstimate: a build refuses to start when the filesystem has
// less free space than its estimate, with one line saying both, and
// starts when it has enough; the estimate of a ranged build counts a
// tier's parts too, and a directory whose tier files are all written
// needs nothing more.
func TestDiskEstimate(t *testing.T) {
	g := takeAway{n0: 40, k: 30000, seed: 3}
	dir := t.TempDir()
	b, err := db.Create(dir, "takeaway")
	if err != nil {
		t.Fatal(err)
	}
	s, err := newOne[tok](g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.b = b
	// 41 tiers of 30,002 ranks, each file 0.35 of a bitmap (3,750.25
	// bytes) and of 0.25 records a rank (7,500.5 bytes), rounded up, and
	// 4 KiB: 8,034 bytes. The peak is when tier 0 (the last solved) is
	// written: 41 files, and tier 0's bitmap before it is saved, half of
	// 469 words (reachShare: it is saved compressed) and 128 bytes; by
	// ranges, tier 0's parts too.
	inMem, ranged := s.diskNeed(false), s.diskNeed(true)
	if inMem != 41*8034+2004 || ranged != inMem+8034 {
		t.Errorf("estimates: %d in memory, %d by ranges; want %d and %d", inMem, ranged, 41*8034+2004, 42*8034+2004)
	}
	_, err = Solve(context.Background(), g, b, Options{DiskFree: func() (int64, error) { return inMem - 1, nil }})
	if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "the build needs about 323.6 KiB more of disk") ||
		!strings.Contains(err.Error(), "323.6 KiB free") {
		t.Fatalf("a build with too little disk: %v", err)
	}
	s.opts.DiskFree = func() (int64, error) { return inMem, nil }
	if err := s.checkDisk(false); err != nil {
		t.Fatalf("a build with as much disk as its estimate: %v", err)
	}
	b.Close()
	b, err = db.Create(dir, "takeaway")
	if err != nil {
		t.Fatal(err)
	}
	s.b = b
	if _, err := Solve(context.Background(), g, b, Options{DiskFree: func() (int64, error) { return 1 << 40, nil }}); err != nil {
		t.Fatal(err)
	}
	if got := s.diskNeed(false); got != 0 {
		t.Errorf("estimate %d with every tier file written", got)
	}
}

// stoppedRangedBuild builds g by ranges in a new directory, stops the
// build at the first progress report stop accepts, and returns the
// directory the stopped build left.
func stoppedRangedBuild(t *testing.T, g takeAway, stop func(Progress) bool) string {
	t.Helper()
	dir := t.TempDir()
	b, err := db.Create(dir, "takeaway")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err = Solve[tok](ctx, g, b, Options{Workers: 2, rangeRanks: rangeUnit, Progress: func(p Progress) {
		if stop(p) {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("the build was not stopped: %v", err)
	}
	return dir
}

// TestDiskEstimateResumed: a build stopped after its forward pass left
// its reachability parts on disk, and the resumed build's estimate, made
// before it reads them back, does not ask for their bytes again (a
// Connect-4 6x6 build stopped while solving was refused on resume for
// 46 GiB it already held).
func TestDiskEstimateResumed(t *testing.T) {
	g := takeAway{n0: 40, k: 30000, seed: 5}
	dir := stoppedRangedBuild(t, g, func(p Progress) bool { return p.Phase == PhaseSolve })
	b, err := db.Create(dir, "takeaway")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	s, err := newOne[tok](g, Options{Workers: 2, rangeRanks: rangeUnit})
	if err != nil {
		t.Fatal(err)
	}
	s.b = b
	var onDisk int64
	for _, ts := range s.tiers {
		onDisk += b.ReachPartBytes(uint64(ts.t))
	}
	if onDisk == 0 {
		t.Fatal("the stopped build left no reachability parts")
	}
	need := s.diskNeed(true)
	for _, c := range []struct {
		free int64
		ok   bool
	}{{need - onDisk, true}, {need - onDisk - 1, false}} {
		s.opts.DiskFree = func() (int64, error) { return c.free, nil }
		if err := s.checkDisk(true); (err == nil) != c.ok {
			t.Errorf("%d bytes free for an estimate of %d with %d of bitmaps on disk: %v", c.free, need, onDisk, err)
		}
	}
}

// editDescription rewrites the description at path (a line of T's JSON,
// then a line with its checksum) with edit applied, its checksum made to
// match when fixSum, else left as it was; it returns the edited T.
func editDescription[T any](t *testing.T, path string, fixSum bool, edit func(*T)) T {
	t.Helper()
	desc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	body, sum, _ := strings.Cut(string(desc), "\n")
	var v T
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		t.Fatal(err)
	}
	edit(&v)
	nb, _ := json.Marshal(v)
	if fixSum {
		sum = fmt.Sprintf("%08x\n", crc32.Checksum(nb, crc32.MakeTable(crc32.Castagnoli)))
	}
	if err := os.WriteFile(path, []byte(string(nb)+"\n"+sum), 0o644); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestResumeTrustsDescription: a resumed build by ranges takes a
// finished tier's counts from the description saved beside its file when
// the file's checksum matches it (the tier's blocks are not decoded): a
// description rewritten with another count, and its own checksum made to
// match, is what ScanFinished returns.
func TestResumeTrustsDescription(t *testing.T) {
	g := takeAway{n0: 40, k: 30000, seed: 4}
	dir := stoppedRangedBuild(t, g, func(p Progress) bool { return p.Phase == PhaseSolve && p.Tier == 10 })
	info := editDescription(t, filepath.Join(dir, db.TierFileName(5)+".json"), true, func(info *db.TierInfo) { info.Count.Draw += 7 })
	b, err := db.Create(dir, "takeaway")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	s, err := newOne[tok](g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ts := s.tiers[s.index[5]]
	got, ok, err := b.ScanFinished(5, ts.name, ts.size)
	if err != nil || !ok || got.Count.Draw != info.Count.Draw {
		t.Fatalf("ScanFinished: %v, %v, draws %d; want the description's %d", ok, err, got.Count.Draw, info.Count.Draw)
	}
}

// TestResumeRefusesDamagedPartCount: a tier solved by ranges takes its
// counts from its parts' descriptions (AssembleTier), so a description
// whose count was changed, still valid JSON and still naming a file that
// matches it, is refused by its own checksum: the range is solved again
// and the database is the unbounded build's, byte for byte.
func TestResumeRefusesDamagedPartCount(t *testing.T) {
	g := takeAway{n0: 40, k: 30000, seed: 9}
	_, ref := build[tok](t, g, "takeaway", Options{Workers: 2})
	dir := stoppedRangedBuild(t, g, func(p Progress) bool {
		return p.Phase == PhaseSolve && p.Tier == 10 && p.Step == "range 4 of 4"
	})
	editDescription(t, filepath.Join(dir, db.PartName(10, 0)+".json"), false, func(p *db.Part) { p.Count.Draw += 7 })
	kept := resumeRanged(t, g, dir, "range 4 of 4 of tier 10")
	sameFiles(t, ref, dir)
	if fmt.Sprint(kept) != "[range 2 of 4 range 3 of 4]" {
		t.Errorf("the resumed build kept %v, want ranges 2 and 3", kept)
	}
}

var _ game.Tiered[int32] = (*tierGraphGame)(nil)

// TestRangedResume stops a build by ranges at chosen points (marking a
// tier's third range; solving a tier's third range, its first two parts
// saved; solving a tier's first range), damages some of what it left
// (a part, a part's description, a reachability part), resumes, and
// checks that the directory ends byte for byte as an uninterrupted
// build's, without scratch files left.
func TestRangedResume(t *testing.T) {
	g := takeAway{n0: 40, k: 30000, seed: 9}
	_, ref := build[tok](t, g, "takeaway", Options{Workers: 2})
	type point struct {
		phase string
		tier  game.Tier
		step  string
	}
	for _, c := range []struct {
		at     point
		damage []string // files to damage before resuming
	}{
		{point{PhaseReach, 20, "range 3 of 4"}, []string{db.ReachPartName(21, rangeUnit)}},
		{point{PhaseSolve, 10, "range 3 of 4"}, []string{db.PartName(10, rangeUnit), db.PartName(10, 0) + ".json", db.ReachPartName(11, 0)}},
		{point{PhaseSolve, 10, ""}, nil},
		{point{PhaseSolve, 10, "range 4 of 4"}, nil},
		// A finished tier's file damaged (its description then does
		// not match: the file is scanned, found damaged and solved
		// again), another's description damaged (the file is
		// scanned), a reachability part damaged inside (counted by
		// its footer, found damaged when read, marked again).
		{point{PhaseSolve, 10, ""}, []string{db.TierFileName(5), db.TierFileName(7) + ".json", db.ReachPartName(30, rangeUnit)}},
	} {
		dir := t.TempDir()
		b, err := db.Create(dir, "takeaway")
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		_, err = Solve[tok](ctx, g, b, Options{Workers: 2, rangeRanks: rangeUnit, Progress: func(p Progress) {
			if p.Phase == c.at.phase && p.Tier == c.at.tier && (p.Step == c.at.step || c.at.step == "") {
				cancel()
			}
		}})
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("%v: the build was not stopped: %v", c.at, err)
		}
		b.Close()
		for _, name := range c.damage {
			path := filepath.Join(dir, name)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v: %v", c.at, err)
			}
			data[len(data)/2] ^= 0x21
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		kept := resumeRanged(t, g, dir, c.at)
		sameFiles(t, ref, dir)
		// The ranges whose parts were left whole are kept, no other.
		want := map[string]string{"range 3 of 4": "[]", "range 4 of 4": "[range 1 of 4 range 2 of 4 range 3 of 4]"}[c.at.step]
		if c.at.phase == PhaseSolve && c.at.step != "" && fmt.Sprint(kept) != want {
			t.Errorf("%v: the resumed build kept %v, want %s", c.at, kept, want)
		}
	}
}

// resumeRanged resumes the build by ranges that dir holds (a build
// stopped at what) and returns the steps of tier 10 it kept from it.
func resumeRanged(t *testing.T, g takeAway, dir string, what any) (kept []string) {
	t.Helper()
	b, err := db.Create(dir, "takeaway")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if _, err := Solve[tok](context.Background(), g, b, Options{Workers: 2, rangeRanks: rangeUnit, Progress: func(p Progress) {
		if p.Phase == PhaseSolve && p.Tier == 10 && p.Resumed {
			kept = append(kept, p.Step)
		}
	}}); err != nil {
		t.Fatalf("%v: resuming: %v", what, err)
	}
	return kept
}

// TestRangedPlanLargeBoards checks the plan of Connect-4 6x6 and 7x5 at
// the default budget of this 24 GB machine (half its memory, the
// command line's 32 MiB reserve): each tier is marked in one range, so
// no parent is walked twice, and the forward pass's two bitmaps (a tier
// and its largest parent) stay within the budget past the reserve.
func TestRangedPlanLargeBoards(t *testing.T) {
	const budgetBytes, reserve = 12_637_986_816, 32 << 20
	for _, wh := range [][2]int{{6, 6}, {7, 5}} {
		g, err := connect4.New(wh[0], wh[1], 4)
		if err != nil {
			t.Fatal(err)
		}
		s := &solver[connect4.Board]{g: g, opts: Options{Memory: budget.NewBytes(budgetBytes), Reserve: reserve}, workers: 2}
		if s.tiers, s.index, err = tierGraph(g, g.TierOf(g.Start())); err != nil {
			t.Fatal(err)
		}
		plan, ranged, err := s.rangedPlan()
		if err != nil || !ranged {
			t.Fatalf("%dx%d: ranged %v, %v", wh[0], wh[1], ranged, err)
		}
		for _, ts := range s.tiers {
			if n := len(splitRanges(ts.size, plan.reachRanks)); n != 1 {
				t.Errorf("%dx%d tier %s (%d ranks): %d reachability ranges of %d ranks", wh[0], wh[1], ts.name, ts.size, n, plan.reachRanks)
			}
			var parent int64
			for _, j := range ts.parents {
				parent = max(parent, s.tiers[j].size)
			}
			if both := 8 * (ReachBits(ts.size) + ReachBits(parent)); both > budgetBytes-reserve {
				t.Errorf("%dx%d tier %s: bitmaps of %d bytes with its largest parent's, over the budget", wh[0], wh[1], ts.name, both)
			}
		}
	}
}
