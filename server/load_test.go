package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"sync"
	"testing"
	"time"
)

// loadResult is what a load run measured.
type loadResult struct {
	requests int
	errors   []string
	p50, p99 time.Duration
	max      time.Duration
	elapsed  time.Duration
	cutShort bool // the time limit stopped the clients before they were done
}

// load sends perClient requests from each of clients goroutines to a server
// on loopback, for at most limit in all: a mix of explorer traffic (a
// random small position of a few games, so that some answers are cached
// and some are not; the games list; the engine's move). Every answer must
// be 200 with the expected JSON.
func load(tb testing.TB, base string, clients, perClient int, limit time.Duration, seed uint64) loadResult {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	tr := &http.Transport{MaxIdleConnsPerHost: clients}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr}
	var (
		mu   sync.Mutex
		lats []time.Duration
		errs []string
		wg   sync.WaitGroup
	)
	start := time.Now()
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(seed, uint64(c)))
			for range perClient {
				if ctx.Err() != nil {
					return
				}
				var path string
				q := url.Values{}
				switch k := rng.IntN(10); {
				case k == 0:
					path = "games"
				case k < 5:
					path = "position"
					q.Set("game", "nim")
					q.Set("position", fmt.Sprintf("%d %d %d", rng.IntN(8), rng.IntN(8), rng.IntN(8)))
				case k < 8:
					path = "position"
					q.Set("game", "subtract:1,3,4")
					q.Set("position", fmt.Sprintf("%d %d", rng.IntN(40), rng.IntN(40)))
				default:
					path = "best"
					q.Set("game", "bash:3")
					q.Set("position", fmt.Sprint(1+rng.IntN(1000)))
				}
				u := base + "/api/v1/" + path + "?" + q.Encode()
				t0 := time.Now()
				req, _ := http.NewRequestWithContext(ctx, "GET", u, nil)
				resp, err := hc.Do(req)
				var body []byte
				if err == nil {
					body, err = io.ReadAll(resp.Body)
					resp.Body.Close()
				}
				d := time.Since(t0)
				if ctx.Err() != nil {
					return // stopped by the time limit: not an answer
				}
				var msg string
				var out map[string]any
				switch {
				case err != nil:
					msg = err.Error()
				case resp.StatusCode != 200:
					msg = fmt.Sprintf("%s: %d %s", u, resp.StatusCode, body)
				case json.Unmarshal(body, &out) != nil:
					msg = fmt.Sprintf("%s: not JSON", u)
				case path == "position" && out["outcome"] != "N" && out["outcome"] != "P":
					msg = fmt.Sprintf("%s: outcome %v", u, out["outcome"])
				}
				mu.Lock()
				if msg != "" {
					errs = append(errs, msg)
				} else {
					lats = append(lats, d)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	r := loadResult{requests: len(lats) + len(errs), errors: errs, elapsed: time.Since(start)}
	r.cutShort = ctx.Err() != nil
	if len(lats) > 0 {
		slices.Sort(lats)
		r.p50 = lats[len(lats)/2]
		r.p99 = lats[min(len(lats)-1, len(lats)*99/100)]
		r.max = lats[len(lats)-1]
	}
	return r
}

// TestLoad: 50 concurrent clients on loopback, 20 requests each (6 under
// the race detector), bounded to two minutes: every answer right (and,
// under -race, no data races). The time bound only stops the test on a
// machine too busy to finish; it is not an assertion.
func TestLoad(t *testing.T) {
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	per := 20
	if raceEnabled {
		per = 6
	}
	r := load(t, ts.URL, 50, per, 2*time.Minute, 1)
	for i, e := range r.errors {
		if i == 5 {
			t.Errorf("… %d errors in all", len(r.errors))
			break
		}
		t.Error(e)
	}
	switch {
	case r.cutShort && r.requests < 50:
		t.Errorf("only %d requests answered within the time limit", r.requests)
	case r.cutShort:
		t.Logf("the time limit stopped the load after %d of %d requests (a busy machine)", r.requests, 50*per)
	case r.requests != 50*per:
		t.Errorf("%d requests answered, want %d", r.requests, 50*per)
	}
	t.Logf("%d requests from 50 clients in %s: p50 %s, p99 %s, max %s", r.requests, r.elapsed.Round(time.Millisecond), r.p50, r.p99, r.max)
}

// BenchmarkLoad measures latency under 50 concurrent clients; each
// iteration is 50 × 20 requests on a fresh server (an empty cache).
func BenchmarkLoad(b *testing.B) {
	var p50, p99 []time.Duration
	for i := 0; i < b.N; i++ {
		ts := httptest.NewServer(New(Config{}))
		r := load(b, ts.URL, 50, 20, time.Minute, uint64(i))
		ts.Close()
		if len(r.errors) > 0 || r.cutShort {
			b.Fatal("errors or too slow:", r.errors)
		}
		p50, p99 = append(p50, r.p50), append(p99, r.p99)
	}
	slices.Sort(p50)
	slices.Sort(p99)
	b.ReportMetric(float64(p50[len(p50)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(p99[len(p99)/2].Microseconds())/1000, "p99-ms")
	b.ReportMetric(1000, "requests/op")
}
