package server

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"net/http/httptest"
	"net/url"
	"runtime/metrics"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// checkAnswer fails unless the answer is JSON with a status the API
// documents, and an error is one line.
func checkAnswer(t *testing.T, what string, code int, body []byte) {
	t.Helper()
	switch code {
	case 200, 400, 413, 415, 422, 503:
	default:
		t.Fatalf("%s: status %d: %s", what, code, body)
	}
	var out map[string]any
	if err := json.Unmarshal(body, &out); err != nil {
		t.Fatalf("%s: not JSON: %q", what, body)
	}
	if code != 200 {
		msg, ok := out["error"].(string)
		if !ok || msg == "" || strings.Contains(msg, "\n") {
			t.Fatalf("%s: error %q is not one line", what, out["error"])
		}
	}
}

// FuzzPositionBody sends arbitrary JSON bodies: never a panic or a 500.
func FuzzPositionBody(f *testing.F) {
	for _, seed := range []string{
		`{"game":"nim","position":"3 4 5"}`, `{"game":"nim","position":[3,4,5]}`, `{"game":"bash:3","position":"10"}`,
		`{"game":"subtract:1,3,4","position":"99999999"}`, `{"game":"wythoff","position":"3 5"}`, `{"game":"kayles","position":[5,7]}`,
		`{"game":"nim","position":[1e400]}`, `{"game":"nim","position":"-1"}`, `{"game":"octal:0.07","position":"12"}`,
		`{"game":"graph:/etc/passwd","position":"0"}`, `{"game":"pursuit","position":"/etc/passwd"}`, `{`, `[]`, `null`, `""`,
		`{"game":"nim","position":null}`, `{"game":"misere-nim","position":"1 1 1"}`, `{"game":"staircase","position":"1 5 6"}`,
		`{"game":"domineering","position":"2x2","player":"right"}`, `{"game":"hackenbush","position":"-"}`, `{"game":"kuhn","position":"KQ check"}`,
		`{"game":"tshirts","position":"3 1 2 / 1 2 3 / 2 3 1 / deleted 9"}`, `{"game":"pig:10","position":"9 0 5"}`, `{"game":"landlords","position":[0,0]}`,
		`{"game":"nim","position":"1","params":["a=b"]}`, `{"game":"nim","position":"1","params":"a=b"}`, `{"game":"nim","player":7}`,
	} {
		f.Add(seed)
	}
	s := New(Config{MaxStates: 20_000, MaxMoves: 20, Timeout: 2 * time.Second, MaxBody: 4096})
	f.Fuzz(func(t *testing.T, body string) {
		req := httptest.NewRequest("POST", "/api/v1/position", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		checkAnswer(t, body, rec.Code, rec.Body.Bytes())
	})
}

// FuzzQuery sends arbitrary game specs and positions as a query.
func FuzzQuery(f *testing.F) {
	for _, seed := range [][2]string{
		{"nim", "3 4 5"}, {"bash:0", "1"}, {"subtract:", "3"}, {"circle:2", "7"}, {"fibonacci-nim", "20"},
		{"multiply:162", ""}, {"lasker", "3,4"}, {"../x.star", ""}, {"nim:3", "1"}, {"moore:2", "1 2 3"}, {"treblecross", "X....X"},
		{"domineering", "1x2"}, {"snort", "L..R"}, {"kuhn", "JQ bet"}, {"landlords", "2 3"}, {"pig:8", "7 0 0"}, {"cutcake", "1x1"},
	} {
		f.Add(seed[0], seed[1])
	}
	s := New(Config{MaxStates: 20_000, MaxMoves: 20, Timeout: 2 * time.Second})
	f.Fuzz(func(t *testing.T, game, position string) {
		for _, path := range []string{"/api/v1/position", "/api/v1/best", "/api/v1/start"} {
			req := httptest.NewRequest("GET", path+"?"+url.Values{"game": {game}, "position": {position}}.Encode(), nil)
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			checkAnswer(t, path+" "+game+" "+position, rec.Code, rec.Body.Bytes())
		}
	})
}

// heapWatch samples the live heap while a test runs and cancels ctx when
// it grows past limit bytes above where it started, so that a memory bomb
// stops (the requests under ctx end) and fails the test instead of
// taking the machine down.
type heapWatch struct {
	ctx    context.Context
	cancel context.CancelFunc
	limit  uint64
	base   uint64
	peak   atomic.Uint64
	done   chan struct{}
}

var heapSample = []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}

func liveHeap() uint64 {
	s := slices.Clone(heapSample)
	metrics.Read(s)
	return s[0].Value.Uint64()
}

func watchHeap(parent context.Context, limit uint64) *heapWatch {
	ctx, cancel := context.WithCancel(parent)
	w := &heapWatch{ctx: ctx, cancel: cancel, limit: limit, base: liveHeap(), done: make(chan struct{})}
	go func() {
		defer close(w.done)
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			h := liveHeap()
			if h > w.peak.Load() {
				w.peak.Store(h)
			}
			if h > w.base+w.limit {
				cancel()
				return
			}
		}
	}()
	return w
}

// stop ends the watch; it returns the peak growth of the heap and whether
// it passed the limit.
func (w *heapWatch) stop() (grew uint64, over bool) {
	over = w.ctx.Err() != nil
	w.cancel()
	<-w.done
	if p := w.peak.Load(); p > w.base {
		grew = p - w.base
	}
	return grew, over
}

// fuzzScripts are the scripts FuzzScriptPosition's server loads: the
// examples and the test's own.
var fuzzScripts = []string{
	"../examples/calendar.star", "../examples/corners.star", "../examples/cutting.star", "../examples/darkraft.star",
	"../examples/fibonacci.star", "../examples/multiplication.star", "../examples/snim.star", "../examples/sorted.star",
	"../examples/strip.star", "../examples/tree.star", "../examples/tshirts.star", "testdata/coin.star",
}

// fuzzHeapLimit bounds the heap growth of one fuzzed request.
const fuzzHeapLimit = 512 << 20

// FuzzScriptPosition sends positions (and a parameter) for the server's
// loaded scripts, and built-in games' positions, under a watch of the
// heap: never a panic, a 500, an error of several lines, or a heap that
// grows past fuzzHeapLimit (the Starlark position bomb, a string or a
// list built to gigabytes inside a position).
func FuzzScriptPosition(f *testing.F) {
	for _, seed := range []struct {
		game  uint8
		pos   string
		param string
	}{
		{0, "", ""}, {6, "9", "s=1,2"}, {6, "9", "s=0"}, {11, `("turn", 0, 0)`, "cap=5"}, {8, "(", ""},
		{10, `([3, 1, 2], [1, 2, 3], [2, 3, 1])`, ""},
		{11, `(["x"*((1<<30)-1) for i in range(100)],)`, ""},
		{6, `("x" * (1 << 30),)`, ""}, {6, `([0] * (1 << 28),)`, ""}, {6, strings.Repeat("(", 10000), ""},
		{6, `print("hello from a client")`, ""}, {6, `(1 if True else 2)`, ""}, {6, `{"a": [1, 2]}`, ""},
		{200, "1 2 3", ""}, {201, strings.Repeat("1 ", 30000), ""}, {202, "9 9", ""},
	} {
		f.Add(seed.game, seed.pos, seed.param)
	}
	loaded, err := LoadScripts(fuzzScripts)
	if err != nil {
		f.Fatal(err)
	}
	names := slices.Sorted(maps.Keys(loaded))
	builtins := []string{"nim", "kayles", "wythoff", "treblecross", "domineering", "moore:2", "lasker"}
	s := New(Config{Scripts: loaded, MaxStates: 20_000, MaxMoves: 20, Timeout: 2 * time.Second})
	f.Fuzz(func(t *testing.T, game uint8, pos, param string) {
		name := names[int(game)%len(names)]
		if game >= 200 {
			name = builtins[int(game-200)%len(builtins)]
		}
		body := map[string]any{"game": name, "position": pos}
		if param != "" {
			body["params"] = []string{param}
		}
		b, _ := json.Marshal(body)
		w := watchHeap(context.Background(), fuzzHeapLimit)
		for _, path := range []string{"/api/v1/position", "/api/v1/best"} {
			req := httptest.NewRequestWithContext(w.ctx, "POST", path, bytes.NewReader(b))
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			if w.ctx.Err() != nil {
				break
			}
			checkAnswer(t, path+" "+string(b), rec.Code, rec.Body.Bytes())
		}
		if grew, over := w.stop(); over {
			t.Fatalf("%.200s: the heap grew by more than %d MiB (%d MiB)", b, fuzzHeapLimit>>20, grew>>20)
		}
	})
}
