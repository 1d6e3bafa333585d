package server

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// TestPositionSummary asks for a position's answer alone (summary=1): the
// outcome and value come without the moves, which the page asks for next,
// and within the command line's limits where the moves are too many to
// list: Nim 2000000 is refused move by move (Bouton's value, 2000000, is
// known). Kayles 3000 is listed from the value table (G(n) for n ≥ 72 has
// period 12, 4 1 2 8 1 4 7 2 1 8 2 7 from n ≡ 0: Guy and Smith 1956;
// Winning Ways, ch. 4; 3000 ≡ 0), the first 500 of its 3000 moves.
func TestPositionSummary(t *testing.T) {
	s := New(Config{})
	code, out := get(t, s, "/api/v1/position", url.Values{"game": {"nim"}, "position": {"2000000"}})
	if code != 422 || !strings.Contains(errorOf(t, out), "at most 1000000") || !strings.Contains(errorOf(t, out), "every move with its value") {
		t.Fatalf("nim 2000000 with moves: %d %v", code, out)
	}
	code, out = get(t, s, "/api/v1/position", url.Values{"game": {"nim"}, "position": {"2000000"}, "summary": {"1"}})
	if code != 200 || out["grundy"] != 2e6 || out["moves_pending"] != true {
		t.Fatalf("nim 2000000 summary: %d %v", code, out)
	}
	code, out = get(t, s, "/api/v1/position", url.Values{"game": {"kayles"}, "position": {"3000"}})
	if code != 200 || out["grundy"] != 4.0 || out["moves_total"] != 3000.0 || len(out["moves"].([]any)) != 500 {
		t.Fatalf("kayles 3000 with moves: %d grundy %v, %v moves", code, out["grundy"], out["moves_total"])
	}
	code, out = get(t, s, "/api/v1/position", url.Values{"game": {"kayles"}, "position": {"3000"}, "summary": {"1"}})
	if code != 200 || out["grundy"] != 4.0 || out["outcome"] != "N" || out["moves_pending"] != true || len(out["moves"].([]any)) != 0 || out["best_move"] != nil {
		t.Fatalf("kayles 3000 summary: %d %v", code, out)
	}
	// The summary and the full answer agree, and are cached apart.
	_, sum := get(t, s, "/api/v1/position", url.Values{"game": {"nim"}, "position": {"3 4 5"}, "summary": {"true"}})
	_, full := get(t, s, "/api/v1/position", url.Values{"game": {"nim"}, "position": {"3 4 5"}})
	if sum["grundy"] != 2.0 || full["grundy"] != 2.0 || sum["remoteness"] != full["remoteness"] || full["moves_pending"] != false || len(full["moves"].([]any)) != 12 {
		t.Errorf("nim 3 4 5: summary %v, full %v", sum, full)
	}
	_, sum = post(t, s, "/api/v1/position", `{"game":"domineering","position":"2x2","summary":true}`)
	if sum["outcome"] != "N" || sum["value"] != "+-1" || sum["move_kind"] != "partizan" || sum["moves_pending"] != true {
		t.Errorf("domineering 2x2 summary: %v", sum)
	}
	if code, out := get(t, s, "/api/v1/position", url.Values{"game": {"nim"}, "position": {"3"}, "summary": {"yes"}}); code != 400 || !strings.Contains(errorOf(t, out), "bad summary") {
		t.Errorf("summary=yes: %d %v", code, out)
	}
}

// TestCGTThermograph checks the thermograph's walls against hand
// computation (Winning Ways, ch. 6; Siegel, Combinatorial Game Theory,
// II.5): {3|-1} has walls 3−t and −1+t meeting at t = 2 over the mean 1
// (below t = 0 they go on with the same slopes to t = −1); in
// {2|0||-1} Left's wall is 0 (the right wall of {2|0} cooled by t), the
// right wall −1+t, and they meet at t = 1 over 0.
func TestCGTThermograph(t *testing.T) {
	s := New(Config{})
	for _, c := range []struct {
		expr              string
		left, right       [][2]float64
		temperature, mast string
	}{
		{"{3|-1}", [][2]float64{{4, -1}, {1, 2}, {1, 3}}, [][2]float64{{-2, -1}, {1, 2}, {1, 3}}, "2", "1"},
		{"{2|0||-1}", [][2]float64{{0, -1}, {0, 2}}, [][2]float64{{-2, -1}, {0, 1}, {0, 2}}, "1", "0"},
	} {
		code, out := get(t, s, "/api/v1/cgt", url.Values{"expr": {c.expr}, "thermograph": {"1"}})
		th, _ := out["thermograph"].(map[string]any)
		if code != 200 || th == nil {
			t.Fatalf("%s: %d %v", c.expr, code, out)
		}
		pts := func(v any) [][2]float64 {
			var p [][2]float64
			for _, x := range v.([]any) {
				xy := x.([]any)
				p = append(p, [2]float64{xy[0].(float64), xy[1].(float64)})
			}
			return p
		}
		if l, r := pts(th["left"]), pts(th["right"]); !reflect.DeepEqual(l, c.left) || !reflect.DeepEqual(r, c.right) || th["temperature"] != c.temperature || th["mast"] != c.mast || out["temperature"] != c.temperature {
			t.Errorf("%s: walls %v | %v, temperature %v, mast %v; want %v | %v, %s, %s", c.expr, l, r, th["temperature"], th["mast"], c.left, c.right, c.temperature, c.mast)
		}
	}
	if code, out := get(t, s, "/api/v1/cgt", url.Values{"expr": {"1 < 2"}, "thermograph": {"1"}}); code != 400 || !strings.Contains(errorOf(t, out), "comparison") {
		t.Errorf("a comparison's thermograph: %d %v", code, out)
	}
	// Without thermograph=1 the answer is the CLI's, without it.
	if _, out := get(t, s, "/api/v1/cgt", url.Values{"expr": {"{3|-1}"}}); out["thermograph"] != nil || out["mean"] != "1" {
		t.Errorf("plain cgt: %v", out)
	}
}

// TestTableWythoff checks /api/v1/table's grid for Wythoff's game against
// Wythoff's theorem (1907): the P-positions are (⌊kφ⌋, ⌊kφ²⌋) and their
// mirror images, φ the golden ratio; and a one-heap game's table against
// its sequence.
func TestTableWythoff(t *testing.T) {
	s := New(Config{})
	const n = 60
	code, out := get(t, s, "/api/v1/table", url.Values{"game": {"wythoff"}, "upto": {"60"}})
	grid, _ := out["grid"].([]any)
	if code != 200 || len(grid) != n {
		t.Fatalf("wythoff table: %d %v", code, out)
	}
	p := map[[2]int]bool{}
	phi := (1 + math.Sqrt(5)) / 2
	for k := 0; k < n; k++ {
		a, b := int(math.Floor(float64(k)*phi)), int(math.Floor(float64(k)*phi*phi))
		p[[2]int{a, b}], p[[2]int{b, a}] = true, true
	}
	for a := range n {
		row := grid[a].([]any)
		for b := range n {
			if zero := row[b].(float64) == 0; zero != p[[2]int{a, b}] {
				t.Errorf("wythoff (%d, %d): value %v, Wythoff's theorem says P = %v", a, b, row[b], p[[2]int{a, b}])
			}
		}
	}
	_, seq := get(t, s, "/api/v1/seq", url.Values{"game": {"kayles"}, "upto": {"30"}})
	_, tab := get(t, s, "/api/v1/table", url.Values{"game": {"kayles"}, "upto": {"30"}})
	if fmt.Sprint(seq["values"]) != fmt.Sprint(tab["values"]) {
		t.Errorf("kayles: seq %v, table %v", seq["values"], tab["values"])
	}
	for _, c := range []struct {
		q    url.Values
		code int
	}{
		{url.Values{"game": {"wythoff"}, "upto": {"129"}}, 422},
		{url.Values{"game": {"wythoff"}, "upto": {"0"}}, 400},
		{url.Values{"game": {"domineering"}, "upto": {"3"}}, 400},
		{url.Values{"game": {"wythoff"}}, 400},
	} {
		if code, out := get(t, s, "/api/v1/table", c.q); code != c.code {
			t.Errorf("table %v: %d %v, want %d", c.q, code, out, c.code)
		} else {
			errorOf(t, out)
		}
	}
}

// TestScriptView checks a script's view(pos) through the API: the board
// of the position and of each move's, and a view of the wrong shape as a
// one-line error naming the script's line.
func TestScriptView(t *testing.T) {
	scripts, err := LoadScripts([]string{"testdata/cram.star"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, view, want string }{
		{"rows.star", `return [pos[:2], pos[2:]]`, ""},
		{"heaps.star", `return [len(pos), pos.count(".")]`, ""},
		{"ragged.star", `return [pos, "."]`, "rows must have one length"},
		{"negative.star", `return [-1]`, "heap sizes are non-negative"},
		{"dict.star", `return {}`, "expected a string or a list of strings"},
	} {
		src := "start = \"....\"\ndef moves(pos):\n    return [pos[:i] + \"##\" + pos[i + 2:] for i in range(len(pos) - 1) if pos[i:i + 2] == \"..\"]\ndef view(pos):\n    " + c.view + "\n"
		inst, err := catalog.OpenScript(c.name, []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		scripts[c.name] = inst
	}
	s := New(Config{Scripts: scripts})
	code, out := get(t, s, "/api/v1/position", url.Values{"game": {"cram.star"}, "position": {"......"}})
	b, _ := out["board"].(map[string]any)
	moves, _ := out["moves"].([]any)
	if code != 200 || b["kind"] != "grid" || fmt.Sprint(b["rows"]) != "[......]" || len(moves) != 5 {
		t.Fatalf("cram ......: %d board %v, %d moves", code, b, len(moves))
	}
	if mb := moves[2].(map[string]any)["board"].(map[string]any); fmt.Sprint(mb["rows"]) != "[..##..]" {
		t.Errorf("cram: the third move's board %v", mb)
	}
	_, out = get(t, s, "/api/v1/position", url.Values{"game": {"rows.star"}, "position": {"...."}})
	if b := out["board"].(map[string]any); fmt.Sprint(b["rows"]) != "[.. ..]" {
		t.Errorf("rows.star: board %v", b)
	}
	_, out = get(t, s, "/api/v1/position", url.Values{"game": {"heaps.star"}, "position": {"...."}})
	if b := out["board"].(map[string]any); b["kind"] != "heaps" || fmt.Sprint(b["heaps"]) != "[4 4]" {
		t.Errorf("heaps.star: board %v", b)
	}
	for _, name := range []string{"ragged.star", "negative.star", "dict.star"} {
		code, out := get(t, s, "/api/v1/position", url.Values{"game": {name}, "position": {"...."}})
		msg := errorOf(t, out)
		if code != 400 || !strings.Contains(msg, name+":4:") || !strings.Contains(msg, "view(") {
			t.Errorf("%s: %d %q; want 400 naming %s:4 and view", name, code, msg, name)
		}
	}
}

// TestStaticAssets: the page's files come compressed to clients that take
// gzip, with ETags that a conditional request is answered by (304), and
// the whole page weighs under 150 KB compressed (issue 18's target).
func TestStaticAssets(t *testing.T) {
	s := New(Config{})
	total := 0
	for _, p := range []string{"/", "/app.js", "/style.css"} {
		req := httptest.NewRequest("GET", p, nil)
		req.Header.Set("Accept-Encoding", "br, gzip;q=0.8")
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		etag := rec.Header().Get("ETag")
		if rec.Code != 200 || rec.Header().Get("Content-Encoding") != "gzip" || etag == "" || rec.Header().Get("Vary") != "Accept-Encoding" {
			t.Fatalf("%s: %d, headers %v", p, rec.Code, rec.Header())
		}
		total += rec.Body.Len()
		zr, err := gzip.NewReader(rec.Body)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(zr)
		name := strings.TrimPrefix(p, "/")
		if name == "" {
			name = "index.html"
		}
		want, _ := webFS.ReadFile("web/" + name)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the gzip body is not the file", p)
		}
		// Without gzip, the file as it is; with the ETag, 304.
		req = httptest.NewRequest("GET", p, nil)
		rec = httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Header().Get("Content-Encoding") != "" || !bytes.Equal(rec.Body.Bytes(), want) {
			t.Errorf("%s without gzip: encoding %q, %d bytes", p, rec.Header().Get("Content-Encoding"), rec.Body.Len())
		}
		req = httptest.NewRequest("GET", p, nil)
		req.Header.Set("If-None-Match", etag)
		rec = httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code != http.StatusNotModified || rec.Body.Len() != 0 {
			t.Errorf("%s with its ETag: %d, %d bytes", p, rec.Code, rec.Body.Len())
		}
	}
	if total > 150<<10 {
		t.Errorf("the page is %d bytes compressed, over 150 KB", total)
	}
	t.Logf("the page: %d bytes compressed", total)
	req := httptest.NewRequest("GET", "/nothing.js", nil)
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if rec.Code != 404 {
		t.Errorf("/nothing.js: %d", rec.Code)
	}
	if acceptsGzip("gzip;q=0") || acceptsGzip("br") || !acceptsGzip("deflate, gzip") {
		t.Errorf("acceptsGzip misreads Accept-Encoding")
	}
}
