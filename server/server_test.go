package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundy-go/grundy/catalog"
)

// call sends one request to the handler and decodes the JSON answer.
func send(t *testing.T, h http.Handler, method, target, contentType, body string) (int, map[string]any) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, target, rd)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var out map[string]any
	if ct := rec.Header().Get("Content-Type"); strings.HasPrefix(ct, "application/json") {
		if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
			t.Fatalf("%s %s: answer is not JSON: %v\n%s", method, target, err, rec.Body)
		}
	}
	return rec.Code, out
}

func get(t *testing.T, h http.Handler, path string, q url.Values) (int, map[string]any) {
	t.Helper()
	if q != nil {
		path += "?" + q.Encode()
	}
	return send(t, h, "GET", path, "", "")
}

func post(t *testing.T, h http.Handler, path, body string) (int, map[string]any) {
	t.Helper()
	return send(t, h, "POST", path, "application/json", body)
}

func errorOf(t *testing.T, out map[string]any) string {
	t.Helper()
	msg, ok := out["error"].(string)
	if !ok || msg == "" || strings.Contains(msg, "\n") {
		t.Fatalf("expected a one-line error, got %v", out)
	}
	return msg
}

func TestGames(t *testing.T) {
	s := New(Config{})
	code, out := get(t, s, "/api/v1/games", nil)
	if code != 200 {
		t.Fatalf("status %d", code)
	}
	games := out["games"].([]any)
	byName := map[string]map[string]any{}
	for _, g := range games {
		m := g.(map[string]any)
		byName[m["name"].(string)] = m
	}
	nim := byName["nim"]
	if nim == nil || nim["start"] != "3 4 5" || nim["explorable"] != true || nim["position"] == "" || nim["kind"] != "impartial" {
		t.Errorf("nim: %v", nim)
	}
	bash := byName["bash"]
	if bash == nil || bash["params"] != "M" || bash["start"] != nil || bash["explorable"] != true {
		t.Errorf("bash: %v", bash)
	}
	// Every built-in game is listed but those that read files.
	for _, e := range catalog.Entries() {
		_, err := catalog.LookupBuiltin(e.Name)
		refused := err != nil && strings.Contains(err.Error(), "reads a file")
		if _, listed := byName[e.Name]; listed == refused {
			t.Errorf("game %s: listed %v, refused %v", e.Name, listed, refused)
		}
	}
	for _, name := range []string{"wythoff", "lasker", "kayles", "staircase"} {
		if g := byName[name]; g == nil || g["explorable"] != true || g["start"] == nil {
			t.Errorf("%s: %v", name, g)
		}
	}
	if code, out := send(t, s, "POST", "/api/v1/games", "", ""); code != 405 || !strings.Contains(errorOf(t, out), "GET") {
		t.Errorf("POST games: %d %v", code, out)
	}
}

func TestStart(t *testing.T) {
	s := New(Config{})
	for spec, want := range map[string]string{"nim": "3 4 5", "bash:3": "13", "subtract:1,3,4": "10", "misere-nim": "1 2 3"} {
		code, out := get(t, s, "/api/v1/start", url.Values{"game": {spec}})
		if code != 200 || out["position"] != want {
			t.Errorf("start %s: %d %v, want %q", spec, code, out, want)
		}
	}
	_, lookupErr := catalog.Lookup("nimm")
	if code, out := get(t, s, "/api/v1/start", url.Values{"game": {"nimm"}}); code != 400 || errorOf(t, out) != lookupErr.Error() {
		t.Errorf("unknown game: %d %v", code, out)
	}
	if code, out := get(t, s, "/api/v1/start", nil); code != 400 || !strings.Contains(errorOf(t, out), "game") {
		t.Errorf("no game: %d %v", code, out)
	}
}

// TestPositionMatchesCLI: the answer holds the CLI's --json object
// (catalog.Report) field for field, plus the moves.
func TestPositionMatchesCLI(t *testing.T) {
	s := New(Config{})
	for _, c := range []struct{ spec, pos string }{
		{"nim", "3 4 5"}, {"nim", "1 4 5"}, {"nim", "0"}, {"misere-nim", "1 1 2"}, {"bash:3", "10 7"},
		{"misere-bash:2", "9"}, {"subtract:1,3,4", "10 11"}, {"fib", "20"},
	} {
		code, out := get(t, s, "/api/v1/position", url.Values{"game": {c.spec}, "position": {c.pos}})
		if code != 200 {
			t.Fatalf("%s %s: %d %v", c.spec, c.pos, code, out)
		}
		inst, _ := catalog.Lookup(c.spec)
		rep, err := inst.Solve(context.Background(), []string{c.pos}, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(rep)
		var want map[string]any
		json.Unmarshal(b, &want)
		for k, v := range want {
			if k == "remoteness" && v == nil {
				continue // the explorer finds the remoteness of sums too
			}
			if gb, _ := json.Marshal(out[k]); string(gb) != mustJSON(v) {
				t.Errorf("%s %s: %s = %s, the CLI says %s", c.spec, c.pos, k, gb, mustJSON(v))
			}
		}
		// The moves marked "win" are exactly the winning moves.
		var wins []string
		for _, m := range out["moves"].([]any) {
			mv := m.(map[string]any)
			if mv["result"] == "win" {
				wins = append(wins, mv["position"].(string))
			}
			if r := map[string]string{"P": "win", "N": "lose", "D": "draw"}[mv["outcome"].(string)]; mv["result"] != r {
				t.Errorf("%s %s → %v: outcome %v but result %v", c.spec, c.pos, mv["position"], mv["outcome"], mv["result"])
			}
		}
		slices.Sort(wins)
		exp := slices.Sorted(slices.Values(rep.WinningMoves))
		if !slices.Equal(wins, exp) {
			t.Errorf("%s %s: moves marked win %v, winning_moves %v", c.spec, c.pos, wins, exp)
		}
		if out["board"].(map[string]any)["kind"] != "heaps" || out["explorable"] != true {
			t.Errorf("%s %s: board %v", c.spec, c.pos, out["board"])
		}
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestPositionPostForms(t *testing.T) {
	s := New(Config{})
	for _, body := range []string{
		`{"game":"nim","position":"3 4 5"}`,
		`{"game":"nim","position":"3,4,5"}`,
		`{"game":"nim","position":[3,4,5]}`,
		`{"game":"nim","position":["3","4",5]}`,
		` {"position":"3  4 5", "game":"nim"} `,
	} {
		code, out := post(t, s, "/api/v1/position", body)
		if code != 200 || out["position"] != "3 4 5" || out["outcome"] != "N" || out["best_move"] != "1 4 5" {
			t.Errorf("%s: %d %v", body, code, out)
		}
	}
}

// TestBadRequests: every kind of bad input is a 4xx with a one-line error;
// game and position errors are the CLI's words.
func TestBadRequests(t *testing.T) {
	s := New(Config{MaxBody: 1024})
	ctx := context.Background()
	_, unknownGame := catalog.Lookup("nimm")
	_, needsParams := catalog.Lookup("bash")
	_, badParams := catalog.Lookup("subtract:0")
	nim, _ := catalog.Lookup("nim")
	_, badPos := nim.Solve(ctx, []string{"3 x"}, catalog.Options{})
	_, negPos := nim.Solve(ctx, []string{"-3"}, catalog.Options{})
	_, noPos := nim.Solve(ctx, nil, catalog.Options{})
	cases := []struct {
		name, body string
		code       int
		want       string // the whole message, or a part of it after "~"
	}{
		{"malformed JSON", `{"game":"nim",`, 400, "~bad JSON body"},
		{"not JSON", `game=nim`, 400, "~bad JSON body: invalid character"},
		{"empty body", ``, 400, "~empty body"},
		{"trailing data", `{"game":"nim","position":"3"} {}`, 400, "~more than one JSON value"},
		{"unknown field", `{"game":"nim","pos":"3"}`, 400, `~unknown field "pos"`},
		{"wrong type", `{"game":3,"position":"3"}`, 400, `~field "game" must be string`},
		{"bad position type", `{"game":"nim","position":{"a":1}}`, 400, `~"position" must be a string`},
		{"bad position item", `{"game":"nim","position":[3,[4]]}`, 400, `~item 2`},
		{"missing game", `{"position":"3"}`, 400, `~missing "game"`},
		{"unknown game", `{"game":"nimm","position":"3"}`, 400, unknownGame.Error()},
		{"game needs parameters", `{"game":"bash","position":"3"}`, 400, needsParams.Error()},
		{"bad parameters", `{"game":"subtract:0","position":"3"}`, 400, badParams.Error()},
		{"bad position", `{"game":"nim","position":"3 x"}`, 400, badPos.Error()},
		{"negative heap", `{"game":"nim","position":"-3"}`, 400, negPos.Error()},
		{"no position", `{"game":"nim"}`, 400, noPos.Error()},
		{"a path", `{"game":"../../etc/passwd.star","position":""}`, 400, "~only built-in games"},
		{"oversize body", `{"game":"nim","position":"` + strings.Repeat("1 ", 1000) + `"}`, 413, "~larger than the limit of 1024 bytes"},
		{"too large to explore", `{"game":"nim","position":"123456789012345"}`, 422, "~too large to explore"},
	}
	for _, c := range cases {
		for _, path := range []string{"/api/v1/position", "/api/v1/best"} {
			code, out := post(t, s, path, c.body)
			msg := errorOf(t, out)
			ok := code == c.code && (msg == c.want || strings.HasPrefix(c.want, "~") && strings.Contains(msg, c.want[1:]))
			if !ok {
				t.Errorf("%s (%s): %d %q; want %d %q", c.name, path, code, msg, c.code, c.want)
			}
		}
	}
	if code, out := send(t, s, "POST", "/api/v1/position", "text/plain", `{"game":"nim","position":"3"}`); code != 415 || !strings.Contains(errorOf(t, out), "JSON") {
		t.Errorf("text/plain: %d %v", code, out)
	}
	if code, out := get(t, s, "/api/v1/position", url.Values{"position": {"3"}}); code != 400 || !strings.Contains(errorOf(t, out), "'game'") {
		t.Errorf("GET without game: %d %v", code, out)
	}
	if code, out := get(t, s, "/api/v1/nothing", nil); code != 404 || !strings.Contains(errorOf(t, out), "/api/v1/nothing") {
		t.Errorf("unknown endpoint: %d %v", code, out)
	}
	if code, out := send(t, s, "DELETE", "/api/v1/position", "", ""); code != 405 {
		t.Errorf("DELETE: %d %v", code, out)
	}
	if code, out := get(t, s, "/api/v1/best", url.Values{"game": {"nim"}, "position": {"0 0"}}); code != 400 || !strings.Contains(errorOf(t, out), "over") {
		t.Errorf("best of a finished game: %d %v", code, out)
	}
	// Every game the server offers lists its moves today; a game that
	// gives only its solution is served through Config.Scripts.
	moore, _ := catalog.Lookup("moore:2")
	s = New(Config{Scripts: map[string]catalog.Instance{"moore.star": solutionOnly{moore}}})
	if code, out := get(t, s, "/api/v1/best", url.Values{"game": {"moore.star"}, "position": {"1 1 1"}}); code != 400 || !strings.Contains(errorOf(t, out), "engine cannot play") {
		t.Errorf("best of a game without moves: %d %v", code, out)
	}
	// With winning moves from a closed form, the engine plays one.
	if code, out := get(t, s, "/api/v1/best", url.Values{"game": {"moore.star"}, "position": {"1 2 3"}}); code != 200 || out["move"].(map[string]any)["result"] != "win" {
		t.Errorf("best of a game without moves listed: %d %v", code, out)
	}
}

// TestLimits: the positions one request may explore, and its time.
func TestLimits(t *testing.T) {
	s := New(Config{MaxStates: 1000})
	code, out := get(t, s, "/api/v1/position", url.Values{"game": {"subtract:1,3,4"}, "position": {"5000"}})
	if code != 422 || !strings.Contains(errorOf(t, out), "1000 positions") {
		t.Errorf("max states: %d %v", code, out)
	}
	s = New(Config{Timeout: time.Nanosecond})
	code, out = get(t, s, "/api/v1/position", url.Values{"game": {"subtract:1,3,4"}, "position": {"100000"}})
	if msg := errorOf(t, out); code != 503 || !strings.Contains(msg, "needs more than the 1ns this server gives one answer") || !strings.Contains(msg, "grundy solve") {
		t.Errorf("timeout: %d %v", code, out)
	}
}

// TestClientGone: a request whose client has gone away stops its search
// and writes nothing.
func TestClientGone(t *testing.T) {
	s := New(Config{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.solve(ctx, "subtract:1,3,4", "1000000"); !errors.Is(err, context.Canceled) {
		t.Errorf("solve with a cancelled context: %v", err)
	}
	req := httptest.NewRequest("GET", "/api/v1/position?game=subtract:1,3,4&position=1000000", nil).WithContext(ctx)
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if rec.Body.Len() != 0 {
		t.Errorf("wrote %q to a client that left", rec.Body)
	}
	// A waiter whose leader's client left takes over the search.
	s = New(Config{})
	_, c, leader := s.cache.begin("nim\x003 4 5")
	if !leader {
		t.Fatal("not leader")
	}
	done := make(chan error)
	go func() {
		res, err := s.solve(context.Background(), "nim", "3 4 5")
		if err == nil && res.best.Position != "1 4 5" {
			err = errors.New("wrong best move " + res.best.Position)
		}
		done <- err
	}()
	time.Sleep(10 * time.Millisecond) // let the waiter wait (not needed for correctness)
	s.cache.finish("nim\x003 4 5", c, nil, context.Canceled)
	if err := <-done; err != nil {
		t.Errorf("waiter after the leader left: %v", err)
	}
}

func TestBest(t *testing.T) {
	s := New(Config{})
	code, out := get(t, s, "/api/v1/best", url.Values{"game": {"nim"}, "position": {"3 4 5"}})
	if code != 200 || out["move"].(map[string]any)["position"] != "1 4 5" || out["reason"] == "" {
		t.Errorf("best 3 4 5: %d %v", code, out)
	}
	// From a P-position every move loses; the engine delays, taking a move
	// of the greatest remoteness.
	code, out = get(t, s, "/api/v1/position", url.Values{"game": {"nim"}, "position": {"1 4 5"}})
	if code != 200 {
		t.Fatalf("nim 1 4 5: %d %v", code, out)
	}
	longest := -1
	for _, m := range out["moves"].([]any) {
		longest = max(longest, int(m.(map[string]any)["remoteness"].(float64)))
	}
	code, best := get(t, s, "/api/v1/best", url.Values{"game": {"nim"}, "position": {"1 4 5"}})
	if code != 200 || int(best["move"].(map[string]any)["remoteness"].(float64)) != longest {
		t.Errorf("best 1 4 5: %d %v, longest %d", code, best, longest)
	}
}

// TestScriptsAndCache: games loaded at start are served by name; a second
// request for a position comes from the cache.
func TestScriptsAndCache(t *testing.T) {
	inst, err := catalog.Lookup("subtract:1,2")
	if err != nil {
		t.Fatal(err)
	}
	s := New(Config{Scripts: map[string]catalog.Instance{"twotake.star": inst}})
	_, out := get(t, s, "/api/v1/games", nil)
	found := false
	for _, g := range out["games"].([]any) {
		if m := g.(map[string]any); m["name"] == "twotake.star" && m["script"] == true {
			found = true
		}
	}
	if !found {
		t.Errorf("script game not listed")
	}
	for range 3 {
		code, out := get(t, s, "/api/v1/position", url.Values{"game": {"twotake.star"}, "position": {"7"}})
		if code != 200 || out["outcome"] != "N" || out["best_move"] != "6" {
			t.Errorf("script game: %d %v", code, out)
		}
	}
	if hits, misses, size := s.cache.stats(); hits != 2 || misses != 1 || size != 1 {
		t.Errorf("cache: %d hits, %d misses, %d kept", hits, misses, size)
	}
	// The cache forgets the oldest positions past its size.
	s = New(Config{CacheSize: 3})
	for h := range 10 {
		get(t, s, "/api/v1/position", url.Values{"game": {"nim"}, "position": {strings.Repeat("1 ", h) + "2"}})
	}
	if _, _, size := s.cache.stats(); size != 3 {
		t.Errorf("cache of 3 holds %d", size)
	}
}

func TestPage(t *testing.T) {
	s := New(Config{})
	for path, want := range map[string]string{"/": "<title>grundy explorer</title>", "/app.js": "api/v1/", "/style.css": "--win"} {
		req := httptest.NewRequest("GET", path, nil)
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code != 200 || !bytes.Contains(rec.Body.Bytes(), []byte(want)) {
			t.Errorf("%s: %d, %d bytes", path, rec.Code, rec.Body.Len())
		}
		if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("%s: CSP %q", path, csp)
		}
	}
	// The page loads nothing from the network.
	for _, f := range []string{"web/index.html", "web/app.js", "web/style.css"} {
		b, _ := webFS.ReadFile(f)
		b = bytes.ReplaceAll(b, []byte("http://www.w3.org/2000/svg"), nil) // a name, not a fetch
		if bytes.Contains(b, []byte("http://")) || bytes.Contains(b, []byte("https://")) {
			t.Errorf("%s refers to the network", f)
		}
	}
}

// TestRealScripts serves example scripts given at start: a game with draws
// (the folding strip) and a three-player payoff game (T-shirts), whose
// positions are Starlark values; concurrent requests take turns on the
// script's solver.
func TestRealScripts(t *testing.T) {
	loaded, err := LoadScripts([]string{"../examples/strip.star", "../examples/tshirts.star"})
	if err != nil {
		t.Fatal(err)
	}
	s := New(Config{Scripts: loaded})
	code, out := get(t, s, "/api/v1/start", url.Values{"game": {"strip.star"}})
	start, _ := out["position"].(string)
	if code != 200 || !strings.HasPrefix(start, "(") {
		t.Fatalf("strip start: %d %v", code, out)
	}
	code, out = get(t, s, "/api/v1/position", url.Values{"game": {"strip.star"}, "position": {start}})
	if code != 200 || out["outcome"] != "D" || len(out["moves"].([]any)) == 0 {
		t.Fatalf("strip: %d %v", code, out)
	}
	draws := 0
	for _, m := range out["moves"].([]any) {
		mv := m.(map[string]any)
		if mv["result"] == "draw" {
			draws++
		}
		// Every move's position reads back.
		code, back := post(t, s, "/api/v1/position", mustJSON(map[string]any{"game": "strip.star", "position": mv["position"]}))
		if code != 200 || back["outcome"] != mv["outcome"] {
			t.Errorf("strip move %v: %d %v", mv["position"], code, back)
		}
	}
	if draws == 0 {
		t.Errorf("a drawn position without a drawing move: %v", out["moves"])
	}
	if code, out := get(t, s, "/api/v1/best", url.Values{"game": {"strip.star"}, "position": {start}}); code != 200 || out["move"].(map[string]any)["result"] != "draw" {
		t.Errorf("strip best: %d %v", code, out)
	}

	// T-shirts: payoff vectors; several clients at once.
	code, out = get(t, s, "/api/v1/start", url.Values{"game": {"tshirts.star"}})
	tstart, _ := out["position"].(string)
	if code != 200 || tstart == "" {
		t.Fatalf("tshirts start: %d %v", code, out)
	}
	results := make(chan string, 4)
	for range 4 {
		go func() {
			req := httptest.NewRequest("GET", "/api/v1/position?"+url.Values{"game": {"tshirts.star"}, "position": {tstart}}.Encode(), nil)
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			results <- fmt.Sprint(rec.Code, " ", rec.Body.String())
		}()
	}
	var first string
	for i := range 4 {
		r := <-results
		if !strings.HasPrefix(r, "200 ") || !strings.Contains(r, `"payoff"`) {
			t.Errorf("tshirts: %.300s", r)
		}
		if i == 0 {
			first = r
		} else if r != first {
			t.Errorf("tshirts answers differ:\n%.200s\n%.200s", first, r)
		}
	}
	// Requests never name files, even of scripts that exist.
	if code, out := get(t, s, "/api/v1/position", url.Values{"game": {"../examples/snim.star"}}); code != 400 || !strings.Contains(errorOf(t, out), "only built-in games") {
		t.Errorf("a script path from a client: %d %v", code, out)
	}
}

// TestEveryExample: the example position of every built-in game the server
// offers answers 200 through the API, with moves for the games that list
// them.
func TestEveryExample(t *testing.T) {
	s := New(Config{})
	for _, e := range catalog.Entries() {
		ex := exampleArgs(e)
		if ex[0] == "" {
			continue
		}
		if _, err := catalog.LookupBuiltin(ex[0]); err != nil && strings.Contains(err.Error(), "reads a file") {
			continue
		}
		code, out := get(t, s, "/api/v1/position", url.Values{"game": {ex[0]}, "position": {ex[1]}})
		if code == 503 && raceEnabled {
			// The race detector slows the heaviest examples (Pig) past
			// the time limit, which the server then reports correctly.
			t.Logf("%s: %v", e.Example, out["error"])
			continue
		}
		if code != 200 {
			t.Errorf("%s: %d %v", e.Example, code, out)
			continue
		}
		moves, _ := out["moves"].([]any)
		t.Logf("%s: outcome %v, explorable %v, %d moves", e.Example, out["outcome"], out["explorable"], len(moves))
	}
}

// solutionOnly hides an instance's move lists: the server can only solve
// its positions.
type solutionOnly struct{ catalog.Instance }

// panicky is a game whose solver fails with a panic.
type panicky struct{}

func (panicky) Spec() string { return "panicky.star" }
func (panicky) Solve(context.Context, []string, catalog.Options) (*catalog.Report, error) {
	panic("boom")
}

// TestPanicIsContained: a panic while solving is a 500 for that request,
// and the server goes on (the next request is not left waiting).
func TestPanicIsContained(t *testing.T) {
	s := New(Config{Scripts: map[string]catalog.Instance{"panicky.star": panicky{}}})
	for range 2 {
		code, out := get(t, s, "/api/v1/position", url.Values{"game": {"panicky.star"}, "position": {"1"}})
		if code != 500 || !strings.Contains(errorOf(t, out), "boom") {
			t.Errorf("panic: %d %v", code, out)
		}
	}
	if code, _ := get(t, s, "/api/v1/position", url.Values{"game": {"nim"}, "position": {"1"}}); code != 200 {
		t.Errorf("after a panic: %d", code)
	}
}

// A bad position is one line, and the answer points at the fault: the
// position as read and the byte offset of the bad field in it.
func TestBadPositionOffset(t *testing.T) {
	s := New(Config{})
	code, out := post(t, s, "/api/v1/position", `{"game":"nim","position":"3 x 5"}`)
	if code != 400 {
		t.Fatalf("status %d, want 400: %v", code, out)
	}
	if got, want := errorOf(t, out), `bad heap size "x": expected a non-negative integer`; got != want {
		t.Errorf("error %q, want %q", got, want)
	}
	if out["input"] != "3 x 5" || out["offset"] != float64(2) {
		t.Errorf("input %v, offset %v; want \"3 x 5\" and 2", out["input"], out["offset"])
	}
}
