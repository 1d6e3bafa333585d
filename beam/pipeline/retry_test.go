package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"

	"github.com/grundy-go/grundy/db"
)

// Prism's Execute returns as soon as a bundle fails, while the bundles
// the SDK harness had started go on in this process; Build must not run
// the pipeline again (nor look at the directory) before they end, or a
// task of the dead run writes under the next one (the cause of a tier
// file missing reachable positions in every later attempt). Here one
// tier's write stalls until the next run starts — or, when Build waits
// as it must, until a generous bound — while another tier's write fails
// and ends the run: the stalled task must end before the next run
// starts.
func TestBuildWaitsForTheFailedRunsTasks(t *testing.T) {
	spec := "quixo:3"
	want := coreBuild(t, spec)
	got := filepath.Join(t.TempDir(), "db")
	if err := os.MkdirAll(got, 0o777); err != nil {
		t.Fatal(err)
	}
	var (
		mu       sync.Mutex
		events   []string
		runs     int
		stalled  = make(chan struct{}) // closed once the stalled write has begun
		rerun    = make(chan struct{}) // closed when the second run starts
		stallTo  = int64(-1)
		failedTo = int64(-1)
	)
	note := func(e string) {
		mu.Lock()
		events = append(events, e)
		mu.Unlock()
	}
	FailHook = func(w Write) bool {
		if w.Part || w.Reach {
			return false
		}
		mu.Lock()
		switch {
		case stallTo < 0:
			stallTo = w.Tier
			mu.Unlock()
			close(stalled)
			select {
			case <-rerun:
			case <-time.After(5 * time.Second):
			}
			note("stalled write ended")
			return false
		case failedTo < 0 && w.Tier != stallTo:
			failedTo = w.Tier
			mu.Unlock()
			<-stalled
			return true
		}
		mu.Unlock()
		return false
	}
	defer func() { FailHook = nil }()
	runner := func(ctx context.Context, p *beam.Pipeline) error {
		mu.Lock()
		runs++
		n := runs
		mu.Unlock()
		if n == 2 {
			close(rerun)
		}
		note("run starts")
		return prismRun(ctx, p)
	}
	if err := Build(context.Background(), spec, got, runner, BuildOptions{Attempts: 2}); err != nil {
		t.Fatal(err)
	}
	sameFiles(t, want, got)
	mu.Lock()
	defer mu.Unlock()
	if len(events) != 3 || events[1] != "stalled write ended" {
		t.Errorf("events %q: want the stalled write of the failed run to end before the second run starts", events)
	}
}

// A loopy tier's range is quiet when no position of its own waits for a
// later round, though another range of its tier may still have a
// message for it: a part written by a run whose rounds did not settle
// the whole tier may be wrong, and the run with more rounds must not
// keep it. Here a wrong part (every rank a draw) lies in range 0 of
// quixo:3's tier X2 O1, which needs more than 8 rounds: the build with 4
// rounds a stage, then 8, then 16, still ends with the core's bytes.
func TestMoreRoundsKeepNoLoopyPart(t *testing.T) {
	spec := "quixo:3"
	opts := Options{SplitInto: 3, LoopyRounds: 4}
	l, err := lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	want := coreBuild(t, spec)
	got := filepath.Join(t.TempDir(), "db")
	if err := os.MkdirAll(got, 0o777); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, pt := range l.plan.Tiers {
		if pt.Name != "X2 O1" {
			continue
		}
		found = true
		if !pt.Loopy {
			t.Fatalf("tier %s is not loopy", pt.Name)
		}
		sp := Split{Into: opts.SplitInto, Loopy: true}
		recs := db.NewRecords(min(sp.ranks(pt), pt.Size), 2)
		for r := range recs.Len() {
			recs.Set(r, db.Draw)
		}
		if err := writePart(context.Background(), got, spec, pt, 0, recs, func(int64, []byte) {}); err != nil {
			t.Fatal(err)
		}
	}
	if !found {
		t.Fatal("quixo:3 has no tier X2 O1")
	}
	if err := Build(context.Background(), spec, got, prismRun, BuildOptions{Options: opts, Attempts: 1}); err != nil {
		t.Fatal(err)
	}
	sameFiles(t, want, got)
}
