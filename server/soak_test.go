package server

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestSoak runs the server under hostile load on loopback, only when
// GRUNDY_SOAK is set to a duration (".ci/run" sets 2m; 15s is enough to
// iterate): 50 clients, each thinking for a random time (uniform from 0
// to twice GRUNDY_SOAK_THINK, 250 ms by default), then sending a request
// and reading the answer, until the time is up — a closed loop with think time,
// as load generators model people and programs at a server: a latency
// target is a statement about a given offered load, and with no think time
// 50 clients saturate two cores by design and measure only the queue. The
// requests are a mix of
//
//   - cheap requests: closed forms (Nim, Wythoff, Kayles, Bash) at random
//     positions, so that the cache seldom answers them, in the ranges
//     where the explorer's move list (each move's remoteness, found by a
//     search of the sum) fits the fast lane: three Nim heaps under 16,
//     Wythoff under 64, two Kayles rows under 12, one Bash heap up to
//     10,000;
//   - slow requests: searches (paper, Domineering, Toads and Frogs,
//     Lasker's Nim sums) that take seconds or hit the server's limits;
//   - hostile requests (unless GRUNDY_SOAK_HOSTILE=0): bodies over the size
//     limit, JSON nested 20,000 deep, the Starlark position bomb against a
//     loaded script, 30,000 Nim heaps, random bytes. GRUNDY_SOAK_SKIP
//     leaves out kinds by name (bomb, bigbody, deep, heaps, garbage).
//
// It asserts that cheap requests are all answered 200 (with a p99 under
// GRUNDY_SOAK_P99 when that is set, e.g. 100ms, and other processes took
// at most a quarter of the machine's CPU time meanwhile: a latency target
// is a statement about the server's machine), that no answer is a 5xx other than the documented 503, that
// every answer is JSON with a documented status, and that the process's
// resident memory stays under GRUNDY_SOAK_RSS_MB (default 1536). It logs
// the figures BENCHMARKS.md records.
func TestSoak(t *testing.T) {
	d := os.Getenv("GRUNDY_SOAK")
	if d == "" {
		t.Skip("set GRUNDY_SOAK=2m (or 15s) to run the soak test")
	}
	dur, err := time.ParseDuration(d)
	if err != nil || dur <= 0 {
		t.Fatalf("GRUNDY_SOAK=%q: expected a duration such as 2m or 15s", d)
	}
	ceiling := int64(1536)
	if v := os.Getenv("GRUNDY_SOAK_RSS_MB"); v != "" {
		if ceiling, err = strconv.ParseInt(v, 10, 64); err != nil || ceiling <= 0 {
			t.Fatalf("GRUNDY_SOAK_RSS_MB=%q: expected a number of MiB", v)
		}
	}
	hostile := os.Getenv("GRUNDY_SOAK_HOSTILE") != "0"
	think := 250 * time.Millisecond
	if v := os.Getenv("GRUNDY_SOAK_THINK"); v != "" {
		if think, err = time.ParseDuration(v); err != nil || think < 0 {
			t.Fatalf("GRUNDY_SOAK_THINK=%q: expected a duration such as 250ms", v)
		}
	}
	skip := map[string]bool{}
	for _, k := range strings.Split(os.Getenv("GRUNDY_SOAK_SKIP"), ",") {
		skip[strings.TrimSpace(k)] = true
	}
	loaded, err := LoadScripts([]string{"../examples/snim.star", "../examples/tshirts.star", "testdata/coin.star"})
	if err != nil {
		t.Fatal(err)
	}
	Oversubscribe() // as grundy serve does
	ts := httptest.NewServer(New(Config{Scripts: loaded}))
	defer ts.Close()

	cpu0 := readCPU()
	r := soak(ts.URL, 50, dur, think, hostile, skip)
	others := readCPU().othersShare(cpu0)
	for i, e := range r.errors {
		if i == 10 {
			t.Errorf("… %d errors in all", len(r.errors))
			break
		}
		t.Error(e)
	}
	p50, p99 := r.percentile("cheap", 50), r.percentile("cheap", 99)
	t.Logf("soak of %s, 50 clients thinking %s on average, hostile traffic %v (skipped: %v)", dur, think, hostile, os.Getenv("GRUNDY_SOAK_SKIP"))
	t.Logf("requests: %d in %s, %.0f/s; by kind: %v", r.total(), r.elapsed.Round(time.Millisecond), float64(r.total())/r.elapsed.Seconds(), r.count)
	t.Logf("statuses: %v", r.statuses)
	t.Logf("cheap: p50 %s, p99 %s, max %s", p50, p99, r.percentile("cheap", 100))
	t.Logf("slow: p50 %s, p99 %s", r.percentile("slow", 50), r.percentile("slow", 99))
	t.Logf("RSS: start %d MiB, peak %d MiB, at each quarter %v MiB", r.rss[0]>>20, r.peakRSS>>20, r.quarters())
	t.Logf("runtime: %s", runtimeFigures())
	t.Logf("other processes took %.0f%% of the machine's CPU time during the soak", 100*others)
	if len(r.lat["cheap"]) == 0 {
		t.Fatal("no cheap request answered")
	}
	for i, c := range r.slowCheap {
		if i == 20 {
			t.Logf("… %d cheap requests took 100 ms or more", len(r.slowCheap))
			break
		}
		t.Logf("slow cheap request: %s", c)
	}
	// The latency target (issue 13: cheap p99 under 100 ms) is asserted
	// where GRUNDY_SOAK_P99 asks for it, as .ci/run does: a latency is a
	// statement about a machine, and a developer's machine busy with other
	// work should not fail the soak run by hand. Everything else above is
	// asserted on every run.
	if v := os.Getenv("GRUNDY_SOAK_P99"); v != "" {
		want, err := time.ParseDuration(v)
		if err != nil {
			t.Fatalf("GRUNDY_SOAK_P99=%q: expected a duration such as 100ms", v)
		}
		switch {
		case others > maxOthersShare:
			// A latency target is a statement about the server's machine:
			// on one whose cores went to other work, the server's requests
			// waited for them, whatever the server did.
			t.Logf("cheap p99 %s not held to %s: %.0f%% of the machine's CPU time went to other processes during the soak (at most %.0f%% for the target to apply)",
				p99, want, 100*others, 100*maxOthersShare)
		case p99 >= want:
			t.Errorf("cheap requests: p99 %s, want under %s (other processes took %.0f%% of the CPU time)", p99, want, 100*others)
		}
	}
	if r.peakRSS > ceiling<<20 {
		t.Errorf("peak RSS %d MiB, over the ceiling of %d MiB", r.peakRSS>>20, ceiling)
	}
}

type soakResult struct {
	mu       sync.Mutex
	lat      map[string][]time.Duration // by kind: cheap, slow, hostile
	count    map[string]int             // requests answered, by kind and name
	statuses map[int]int
	errors   []string
	elapsed  time.Duration
	rss      []int64 // VmRSS every 100 ms
	peakRSS  int64
	// slowCheap lists the cheap requests answered in 100 ms or more.
	slowCheap []string
}

func (r *soakResult) total() int {
	n := 0
	for _, c := range r.statuses {
		n += c
	}
	return n
}

func (r *soakResult) percentile(kind string, p int) time.Duration {
	l := slices.Clone(r.lat[kind])
	if len(l) == 0 {
		return 0
	}
	slices.Sort(l)
	return l[min(len(l)-1, len(l)*p/100)]
}

// quarters is the RSS in MiB at each quarter of the run.
func (r *soakResult) quarters() []int64 {
	var q []int64
	for i := 1; i <= 4; i++ {
		if n := len(r.rss); n > 0 {
			q = append(q, r.rss[min(n-1, n*i/4)]>>20)
		}
	}
	return q
}

// maxOthersShare is the share of the machine's CPU time that other
// processes may take during the soak for its latency target to apply.
const maxOthersShare = 0.25

// cpuTimes are the machine's busy CPU time and this process's, in clock
// ticks, and the wall-clock time they were read at.
type cpuTimes struct {
	machine, self int64
	at            time.Time
}

// readCPU reads /proc/stat (the machine's busy time: every state but
// idle and iowait) and /proc/self/stat (this process's user and system
// time); zeros where they cannot be read.
func readCPU() cpuTimes {
	c := cpuTimes{at: time.Now()}
	if b, err := os.ReadFile("/proc/stat"); err == nil {
		line, _, _ := strings.Cut(string(b), "\n")
		if f := strings.Fields(line); len(f) > 8 && f[0] == "cpu" {
			for i, v := range f[1:] {
				n, _ := strconv.ParseInt(v, 10, 64)
				if i != 3 && i != 4 { // idle, iowait
					c.machine += n
				}
			}
		}
	}
	if b, err := os.ReadFile("/proc/self/stat"); err == nil {
		// The fields after the command's closing parenthesis: utime and
		// stime are the 12th and 13th of them.
		if i := strings.LastIndexByte(string(b), ')'); i >= 0 {
			if f := strings.Fields(string(b[i+1:])); len(f) > 12 {
				u, _ := strconv.ParseInt(f[11], 10, 64)
				s, _ := strconv.ParseInt(f[12], 10, 64)
				c.self = u + s
			}
		}
	}
	return c
}

// othersShare is the share of the machine's CPU capacity between before
// and c that other processes used (clock ticks are 1/100 s on Linux).
func (c cpuTimes) othersShare(before cpuTimes) float64 {
	capacity := c.at.Sub(before.at).Seconds() * 100 * float64(runtime.NumCPU())
	if capacity <= 0 || c.machine == 0 {
		return 0
	}
	return max(0, float64((c.machine-before.machine)-(c.self-before.self))/capacity)
}

// runtimeFigures reads, from the Go runtime, what explains a latency tail:
// how long goroutines waited for a processor (the scheduler's latency
// histogram: p99 and worst bucket), the garbage collector's pauses and
// cycles, and its share of the CPU time.
func runtimeFigures() string {
	samples := []metrics.Sample{
		{Name: "/sched/latencies:seconds"},
		{Name: "/gc/pauses:seconds"},
		{Name: "/gc/cycles/total:gc-cycles"},
		{Name: "/cpu/classes/gc/total:cpu-seconds"},
		{Name: "/cpu/classes/total:cpu-seconds"},
	}
	metrics.Read(samples)
	hist := func(s metrics.Sample, q float64) time.Duration {
		if s.Value.Kind() != metrics.KindFloat64Histogram {
			return 0
		}
		h := s.Value.Float64Histogram()
		var total uint64
		for _, c := range h.Counts {
			total += c
		}
		want := uint64(math.Ceil(q * float64(total)))
		var seen uint64
		for i, c := range h.Counts {
			if seen += c; c > 0 && seen >= want {
				return time.Duration(h.Buckets[i+1] * float64(time.Second))
			}
		}
		return 0
	}
	f64 := func(s metrics.Sample) float64 {
		switch s.Value.Kind() {
		case metrics.KindFloat64:
			return s.Value.Float64()
		case metrics.KindUint64:
			return float64(s.Value.Uint64())
		}
		return 0
	}
	gcShare := 0.0
	if total := f64(samples[4]); total > 0 {
		gcShare = 100 * f64(samples[3]) / total
	}
	return fmt.Sprintf("goroutines waiting for a processor: p99 %s, p99.9 %s, worst %s; GC pauses p99 %s, worst %s; %.0f GC cycles, %.0f%% of the CPU time",
		hist(samples[0], 0.99), hist(samples[0], 0.999), hist(samples[0], 1), hist(samples[1], 0.99), hist(samples[1], 1), f64(samples[2]), gcShare)
}

// rss reads this process's resident set size from /proc/self/status.
func rss() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			if f := strings.Fields(rest); len(f) > 0 {
				kb, _ := strconv.ParseInt(f[0], 10, 64)
				return kb << 10
			}
		}
	}
	return 0
}

// soakRequest is one request of the mix and the statuses it may get.
type soakRequest struct {
	kind, name string
	method     string
	path       string
	body       []byte
	ok         []int
}

// cheapOK, slowOK and hostileOK are the statuses each kind may get.
var (
	cheapOK   = []int{200}
	slowOK    = []int{200, 422, 503}
	hostileOK = []int{200, 400, 413, 415, 422, 503}
)

func jsonBody(game, pos string) []byte {
	return fmt.Appendf(nil, `{"game":%q,"position":%q}`, game, pos)
}

func nextRequest(rng *rand.Rand, hostile bool, skip map[string]bool) soakRequest {
	post := func(kind, name, game, pos string, ok []int) soakRequest {
		return soakRequest{kind: kind, name: name, method: "POST", path: "/api/v1/position", body: jsonBody(game, pos), ok: ok}
	}
	k := rng.IntN(100)
	if !hostile && k >= 80 {
		k = rng.IntN(80)
	}
	switch {
	case k < 20:
		heaps := make([]string, 3)
		for i := range heaps {
			heaps[i] = strconv.Itoa(rng.IntN(16))
		}
		return post("cheap", "nim", "nim", strings.Join(heaps, " "), cheapOK)
	case k < 35:
		return post("cheap", "wythoff", "wythoff", fmt.Sprint(rng.IntN(64), " ", rng.IntN(64)), cheapOK)
	case k < 50:
		return post("cheap", "kayles", "kayles", fmt.Sprint(rng.IntN(12), " ", rng.IntN(12)), cheapOK)
	case k < 60:
		r := post("cheap", "bash", "bash:3", strconv.Itoa(1+rng.IntN(10_000)), cheapOK)
		r.path = "/api/v1/best"
		return r
	case k < 66:
		return post("slow", "paper", "paper", fmt.Sprintf("%dx%d", 15+rng.IntN(45), 15+rng.IntN(45)), slowOK)
	case k < 71:
		boards := []string{"5x5", "4x6", "6x4", "3x8", "4x5", "5x4", "6x6"}
		return post("slow", "domineering", "domineering", boards[rng.IntN(len(boards))], slowOK)
	case k < 75:
		n := 3 + rng.IntN(3)
		return post("slow", "toads", "toads", strings.Repeat("T", n)+strings.Repeat(".", n+rng.IntN(3))+strings.Repeat("F", n), slowOK)
	case k < 80:
		return post("slow", "lasker", "lasker", fmt.Sprint(20+rng.IntN(60), " ", 20+rng.IntN(60), " ", 20+rng.IntN(60), " ", rng.IntN(60)), slowOK)
	}
	// Hostile.
	for {
		switch rng.IntN(5) {
		case 0:
			if !skip["bigbody"] {
				big := jsonBody("nim", strings.Repeat("7 ", 40_000))
				return soakRequest{kind: "hostile", name: "bigbody", method: "POST", path: "/api/v1/position", body: big, ok: []int{413}}
			}
		case 1:
			if !skip["deep"] {
				deep := `{"game":"nim","position":` + strings.Repeat("[", 20_000) + strings.Repeat("]", 20_000) + `}`
				return soakRequest{kind: "hostile", name: "deep", method: "POST", path: "/api/v1/position", body: []byte(deep), ok: []int{400}}
			}
		case 2:
			if !skip["bomb"] {
				game := []string{"snim.star", "tshirts.star", "coin.star"}[rng.IntN(3)]
				return post("hostile", "bomb", game, `(["x"*((1<<30)-1) for i in range(100)],)`, []int{400, 422})
			}
		case 3:
			if !skip["heaps"] {
				return post("hostile", "heaps", "nim", strings.TrimSpace(strings.Repeat("1 ", 30_000)), hostileOK)
			}
		case 4:
			if !skip["garbage"] {
				g := make([]byte, 1+rng.IntN(2000))
				for i := range g {
					g[i] = byte(rng.Uint32())
				}
				return soakRequest{kind: "hostile", name: "garbage", method: "POST", path: "/api/v1/position", body: g, ok: []int{400}}
			}
		}
		if skip["bigbody"] && skip["deep"] && skip["bomb"] && skip["heaps"] && skip["garbage"] {
			return post("cheap", "nim", "nim", strconv.Itoa(rng.IntN(1000)), cheapOK)
		}
	}
}

// soak runs clients against base for dur and gathers what they saw.
func soak(base string, clients int, dur, think time.Duration, hostile bool, skip map[string]bool) *soakResult {
	r := &soakResult{lat: map[string][]time.Duration{}, count: map[string]int{}, statuses: map[int]int{}}
	ctx, cancel := context.WithTimeout(context.Background(), dur)
	defer cancel()
	tr := &http.Transport{MaxIdleConnsPerHost: clients}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr}

	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			v := rss()
			r.mu.Lock()
			r.rss = append(r.rss, v)
			r.peakRSS = max(r.peakRSS, v)
			r.mu.Unlock()
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
		}
	}()

	start := time.Now()
	var wg sync.WaitGroup
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(start.UnixNano()), uint64(c)))
			// Each client starts after a think of its own, as in the
			// steady state the target speaks of: 50 clients sending their
			// first requests in the same instant measure a thundering
			// herd at start-up, not the offered load.
			if think > 0 {
				select {
				case <-ctx.Done():
				case <-time.After(time.Duration(rng.Int64N(int64(2 * think)))):
				}
			}
			for ctx.Err() == nil {
				q := nextRequest(rng, hostile, skip)
				req, _ := http.NewRequestWithContext(ctx, q.method, base+q.path, bytes.NewReader(q.body))
				req.Header.Set("Content-Type", "application/json")
				t0 := time.Now()
				resp, err := hc.Do(req)
				var body []byte
				if err == nil {
					body, err = io.ReadAll(resp.Body)
					resp.Body.Close()
				}
				d := time.Since(t0)
				if ctx.Err() != nil {
					return // the time is up: not an answer
				}
				var msg string
				switch {
				case err != nil:
					msg = fmt.Sprintf("%s %s: %v", q.kind, q.name, err)
				case !slices.Contains(q.ok, resp.StatusCode):
					msg = fmt.Sprintf("%s %s %.100s: status %d: %.200s", q.kind, q.name, q.body, resp.StatusCode, body)
				case !bytes.HasPrefix(body, []byte("{")):
					msg = fmt.Sprintf("%s %s: not JSON: %.200s", q.kind, q.name, body)
				}
				r.mu.Lock()
				if err == nil {
					r.statuses[resp.StatusCode]++
				}
				r.count[q.kind+"/"+q.name]++
				if msg != "" {
					r.errors = append(r.errors, msg)
				} else if resp.StatusCode == 200 {
					r.lat[q.kind] = append(r.lat[q.kind], d)
					if q.kind == "cheap" && d > 100*time.Millisecond {
						r.slowCheap = append(r.slowCheap, fmt.Sprintf("%s %s %s", d.Round(time.Millisecond), q.name, q.body))
					}
				}
				r.mu.Unlock()
				if think > 0 {
					select {
					case <-ctx.Done():
					case <-time.After(time.Duration(rng.Int64N(int64(2 * think)))):
					}
				}
			}
		}()
	}
	wg.Wait()
	r.elapsed = time.Since(start)
	cancel()
	<-sampled
	return r
}
