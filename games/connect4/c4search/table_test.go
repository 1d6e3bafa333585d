package c4search

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/grundy-go/grundy/games/connect4"
	"github.com/grundy-go/grundy/search"
)

// withOffHeapMin sets offHeapMin for one test.
func withOffHeapMin(t *testing.T, n int64) {
	old := offHeapMin
	offHeapMin = n
	t.Cleanup(func() { offHeapMin = old })
}

// TestMappedTableSameSearch: a table mapped outside the Go heap searches
// exactly as one on the heap: the same scores and node counts, one
// thread, on random 7x6 positions, with and without Reset between them.
func TestMappedTableSameSearch(t *testing.T) {
	s := shape7x6(t)
	g, err := connect4.New(7, 6, 4)
	if err != nil {
		t.Fatal(err)
	}
	heap, err := New(s, Options{TTSize: 4 * MinTTSize})
	if err != nil {
		t.Fatal(err)
	}
	defer heap.Close()
	if heap.tt.m != nil {
		t.Fatal("a table under offHeapMin was mapped outside the heap")
	}
	withOffHeapMin(t, MinTTSize)
	before := mapped.Load()
	off, err := New(s, Options{TTSize: 4 * MinTTSize})
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS == "linux" && (off.tt.m == nil || mapped.Load() != before+1) {
		t.Fatalf("a table of offHeapMin bytes was not mapped (mapped %d, was %d)", mapped.Load(), before)
	}
	if off.TableBytes() != heap.TableBytes() || len(off.tt.w) != len(heap.tt.w) {
		t.Fatalf("mapped table %d bytes, heap table %d", off.TableBytes(), heap.TableBytes())
	}
	rng := rand.New(rand.NewPCG(35, 2))
	n := 60
	if testing.Short() {
		n = 20
	}
	var total int64
	for i := 0; i < n; {
		b := randomBoard(g, rng, 10)
		if g.Over(b) || b.Moves() > 20 {
			continue
		}
		i++
		if i%4 == 0 {
			heap.Reset()
			off.Reset()
		}
		want, err := heap.Solve(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		got, err := off.Solve(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		if got != want || off.Nodes() != heap.Nodes() {
			t.Fatalf("%q: mapped table: score %d in %d nodes; heap table: %d in %d", g.Format(b), got, off.Nodes(), want, heap.Nodes())
		}
		total += heap.Nodes()
	}
	t.Logf("%d positions, %d nodes", n, total)
	off.Close()
	if mapped.Load() != before {
		t.Fatalf("after Close: %d tables mapped, want %d", mapped.Load(), before)
	}
}

// TestMappedTableLifetime: Close unmaps at once and once, a closed
// Solver answers with an error, and a Solver dropped without Close is
// unmapped after a collection.
func TestMappedTableLifetime(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("no table is mapped outside the Go heap on this system")
	}
	withOffHeapMin(t, MinTTSize)
	s := shape7x6(t)
	b, err := s.FromMoves("4444")
	if err != nil {
		t.Fatal(err)
	}
	base := mapped.Load()
	var svs []*Solver
	for range 10 {
		sv, err := New(s, Options{TTSize: MinTTSize})
		if err != nil {
			t.Fatal(err)
		}
		svs = append(svs, sv)
	}
	if got := mapped.Load(); got != base+10 {
		t.Fatalf("10 Solvers: %d tables mapped, want %d", got, base+10)
	}
	for i, sv := range svs[:5] {
		sv.Close()
		sv.Close() // a second Close does nothing
		if got := mapped.Load(); got != base+9-int64(i) {
			t.Fatalf("after %d Closes: %d tables mapped, want %d", i+1, got, base+9-int64(i))
		}
	}
	if _, err := svs[0].Solve(context.Background(), b); !errors.Is(err, errClosed) {
		t.Fatalf("Solve on a closed Solver: %v", err)
	}
	if _, err := svs[0].Analyze(context.Background(), b); !errors.Is(err, errClosed) {
		t.Fatalf("Analyze on a closed Solver: %v", err)
	}
	svs[0].Reset() // nothing to clear: no fault
	if svs[0].TableBytes() != MinTTSize {
		t.Fatalf("a closed Solver's TableBytes: %d", svs[0].TableBytes())
	}
	// The other five are dropped: their cleanups unmap them once a
	// collection finds them unreachable (cleanups run on their own
	// goroutine, soon after).
	svs = nil
	for range 1000 {
		runtime.GC()
		if mapped.Load() == base {
			break
		}
		time.Sleep(time.Millisecond)
	}
	if got := mapped.Load(); got != base {
		t.Fatalf("5 dropped Solvers: %d tables still mapped after 1000 collections, want %d", got-base, 0)
	}
}

// TestCloseDuringCall: Close from another goroutine while a two-thread
// search runs waits for it to end (here cancelled) and then unmaps; the
// search was not cut short by the unmap.
func TestCloseDuringCall(t *testing.T) {
	withOffHeapMin(t, MinTTSize)
	s := shape7x6(t)
	b, err := s.FromMoves("4")
	if err != nil {
		t.Fatal(err)
	}
	started := make(chan struct{})
	var once sync.Once
	sv, err := New(s, Options{TTSize: MinTTSize, Threads: 2, Progress: func(search.Progress) {
		once.Do(func() { close(started) })
	}})
	if err != nil {
		t.Fatal(err)
	}
	sv.helpAfter, sv.pollAt = 64, 16
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() {
		_, err := sv.Solve(ctx, b)
		done <- err
	}()
	<-started
	closed := make(chan struct{})
	go func() {
		sv.Close()
		close(closed)
	}()
	// Close cannot finish while the search holds the table.
	select {
	case <-closed:
		t.Fatal("Close returned while a search was running")
	case err := <-done:
		t.Fatalf("the search ended by itself (%v) before it was cancelled; pick a longer position", err)
	case <-time.After(50 * time.Millisecond):
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("the cancelled search: %v", err)
	}
	<-closed
	if _, err := sv.Solve(context.Background(), b); !errors.Is(err, errClosed) {
		t.Fatalf("Solve after Close: %v", err)
	}
}
