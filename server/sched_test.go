package server

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/grundy-go/grundy/catalog"
)

// blocker is a game whose every search runs until released: a slow
// request that the test controls. Like a search, it computes (polling its
// context), so that it uses the fast lane's CPU time and steps aside for
// more urgent work.
type blocker struct {
	name    string
	release chan struct{}
	running *sync.WaitGroup
	started chan string
}

func (b *blocker) Spec() string { return b.name }
func (b *blocker) Solve(ctx context.Context, _ []string, _ catalog.Options) (*catalog.Report, error) {
	b.started <- b.name
	for {
		select {
		case <-b.release:
			return &catalog.Report{Game: b.name, Position: "", Outcome: "P"}, nil
		default:
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
}

// waitFor polls until cond holds (the scheduler's state is reached); it
// asserts nothing about time.
func waitFor(cond func() bool) {
	for !cond() {
		runtime.Gosched()
	}
}

// TestCheapNeverWaits: with every slot of the slow lane taken and more
// slow requests queued behind them, an uncached closed form (nim 7 11 14)
// is answered in the fast lane while they are all still blocked; past
// MaxQueue a slow request is refused with 503 at once.
func TestCheapNeverWaits(t *testing.T) {
	release := make(chan struct{})
	started := make(chan string, 100)
	scripts := map[string]catalog.Instance{}
	const slow = 6
	for i := range slow + 1 {
		name := fmt.Sprintf("block%d.star", i)
		scripts[name] = &blocker{name: name, release: release, started: started}
	}
	s := New(Config{Scripts: scripts, SlowWorkers: 2, MaxQueue: slow - 2})
	codes := make(chan int, slow)
	for i := range slow {
		go func() {
			req := httptest.NewRequest("GET", "/api/v1/position?"+url.Values{"game": {fmt.Sprintf("block%d.star", i)}}.Encode(), nil)
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			codes <- rec.Code
		}()
	}
	// Each blocker starts once in the fast lane (and gives up when it has
	// used its CPU time); two then run in the slow lane and four wait.
	waitFor(func() bool { return len(started) == slow+2 && s.slow.waiting() == slow-2 })
	code, out := get(t, s, "/api/v1/position", url.Values{"game": {"nim"}, "position": {"7 11 14"}})
	if code != 200 || out["outcome"] != "N" || out["best_move"] != "5 11 14" {
		t.Errorf("nim 7 11 14 behind 6 slow requests: %d %v", code, out)
	}
	code, out = get(t, s, "/api/v1/position", url.Values{"game": {"block6.star"}})
	if code != 503 || !strings.Contains(errorOf(t, out), "busy") {
		t.Errorf("a slow request past the queue: %d %v", code, out)
	}
	if len(codes) != 0 {
		t.Fatalf("a slow request finished before it was released")
	}
	close(release)
	for range slow {
		if c := <-codes; c != 200 {
			t.Errorf("released slow request: %d", c)
		}
	}
}

// TestLaneTurns: waiters are served one client after another, each
// client's in the order they came.
func TestLaneTurns(t *testing.T) {
	l := newLane(1, 10)
	ctx := context.Background()
	if err := l.acquire(ctx, "a"); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var order []string
	var wg sync.WaitGroup
	for i, c := range []string{"a", "a", "a", "b", "c", "b"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := l.acquire(ctx, c); err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			order = append(order, fmt.Sprint(c, i))
			mu.Unlock()
			l.release()
		}()
		waitFor(func() bool { return l.waiting() == i+1 })
	}
	l.release()
	wg.Wait()
	if want := []string{"a0", "b3", "c4", "a1", "b5", "a2"}; !slices.Equal(order, want) {
		t.Errorf("order %v, want %v", order, want)
	}
	// A waiter whose context ends leaves the queue; the slot goes on.
	if err := l.acquire(ctx, "a"); err != nil {
		t.Fatal(err)
	}
	cctx, cancel := context.WithCancel(ctx)
	done := make(chan error)
	go func() { done <- l.acquire(cctx, "x") }()
	waitFor(func() bool { return l.waiting() == 1 })
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) || l.waiting() != 0 {
		t.Errorf("cancelled waiter: %v, %d waiting", err, l.waiting())
	}
	l.release()
	if err := l.acquire(ctx, "y"); err != nil {
		t.Errorf("slot lost after a cancelled waiter: %v", err)
	}
}

// TestStatusCodes: each kind of failure has the documented status, and a
// search's leader and the requests waiting for it get the same one.
func TestStatusCodes(t *testing.T) {
	timeouts := New(Config{Timeout: 1500 * time.Millisecond})
	small := New(Config{MaxStates: 50_000})
	for _, c := range []struct {
		s         *Server
		game, pos string
		want      int
	}{
		{timeouts, "nim", "-1", 400},
		{timeouts, "nimm", "1", 400},
		{timeouts, "domineering", "8x8", 503},
		{timeouts, "domineering", "6x6", 503},
		{timeouts, "snort", strings.Repeat(".", 40), 503},
		{timeouts, "pig:200", "0 0 0", 422},
		{timeouts, "landlords", "2000 2000", 422},
		{small, "toads", "TTTTT.....FFFFF", 422},
		{small, "subtract:1,3,4", "3 4", 200},
	} {
		s := c.s
		const n = 3 // a leader and two waiters
		got := make(chan string, n)
		for range n {
			go func() {
				req := httptest.NewRequest("GET", "/api/v1/position?"+url.Values{"game": {c.game}, "position": {c.pos}}.Encode(), nil)
				rec := httptest.NewRecorder()
				s.ServeHTTP(rec, req)
				got <- fmt.Sprintf("%d %s", rec.Code, strings.TrimSpace(rec.Body.String()))
			}()
		}
		for range n {
			if r := <-got; !strings.HasPrefix(r, fmt.Sprint(c.want, " ")) {
				t.Errorf("%s %s: %.200s, want status %d", c.game, c.pos, r, c.want)
			}
		}
	}
}

// TestScriptPathHidden: a script loaded from an absolute path is served,
// named and reported by its file name; no answer shows the directory.
func TestScriptPathHidden(t *testing.T) {
	abs, err := filepath.Abs("testdata/coin.star")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(abs)
	loaded, err := LoadScripts([]string{abs})
	if err != nil {
		t.Fatal(err)
	}
	s := New(Config{Scripts: loaded})
	code, out := get(t, s, "/api/v1/start", url.Values{"game": {"coin.star"}})
	if code != 200 || out["game"] != "coin.star" {
		t.Fatalf("start: %d %v", code, out)
	}
	code, out = get(t, s, "/api/v1/position", url.Values{"game": {"coin.star"}, "position": {out["position"].(string)}})
	if code != 200 || out["game"] != "coin.star" {
		t.Errorf("position: %d %v", code, out)
	}
	for _, c := range []struct {
		path string
		q    url.Values
	}{
		{"/api/v1/position", url.Values{"game": {"coin.star"}, "position": {`("turn", "x", 0)`}}},
		{"/api/v1/position", url.Values{"game": {"coin.star"}, "position": {`(`}}},
		{"/api/v1/position", url.Values{"game": {"coin.star"}, "position": {"9"}, "param": {"cap=-1"}}},
		{"/api/v1/start", url.Values{"game": {"coin.star"}, "param": {"cap=x"}}},
		{"/api/v1/games", nil},
	} {
		rec := httptest.NewRecorder()
		target := c.path
		if c.q != nil {
			target += "?" + c.q.Encode()
		}
		s.ServeHTTP(rec, httptest.NewRequest("GET", target, nil))
		if strings.Contains(rec.Body.String(), dir) {
			t.Errorf("%s %v shows the script's directory: %s", c.path, c.q, rec.Body)
		}
	}
	if _, err := LoadScripts([]string{"testdata/nosuch.star"}); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("a missing script: %v", err)
	}
	if _, err := os.Stat(abs); err != nil {
		t.Fatal(err)
	}
}
