package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

// TestPattern checks /api/v1/pattern against the command line's report
// (reports.Patterns, what 'grundy pattern --json' prints): Kayles' values
// have period 12 from n = 71, proven by the Guy–Smith theorem (Guy and
// Smith 1956; Winning Ways, ch. 4), and Wythoff's P-positions are a
// Beatty pair; bad requests are 400 and requests over the server's
// bounds 422.
func TestPattern(t *testing.T) {
	s := New(Config{})
	code, out := get(t, s, "/api/v1/pattern", url.Values{"game": {"kayles"}, "upto": {"300"}})
	ps, _ := out["patterns"].([]any)
	if code != 200 || len(ps) == 0 || out["checked_upto"] != 300.0 {
		t.Fatalf("kayles patterns: %d %v", code, out)
	}
	first := ps[0].(map[string]any)
	if first["kind"] != "periodic" || first["period"] != 12.0 || first["preperiod"] != 71.0 || first["proven"] != true ||
		!strings.Contains(first["rule"].(string), "period 12") {
		t.Errorf("kayles: first pattern %v, want period 12 from n = 71, proven", first)
	}
	// The same JSON as the CLI's: one computation behind both.
	inst, err := catalog.Lookup("kayles")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := reports.Patterns(context.Background(), inst, 300, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := json.Marshal(rep); !sameJSON(t, want, out) {
		t.Errorf("kayles: server %v\nCLI %s", out, want)
	}

	code, out = get(t, s, "/api/v1/pattern", url.Values{"game": {"wythoff"}, "upto": {"40"}})
	if code != 200 || out["grid"] != true || !strings.Contains(fmt.Sprint(out["patterns"]), "beatty") {
		t.Errorf("wythoff patterns: %d %v", code, out)
	}
	for _, c := range []struct {
		q    url.Values
		code int
	}{
		{url.Values{"game": {"kayles"}, "upto": {"100001"}}, 422},
		{url.Values{"game": {"wythoff"}, "upto": {"129"}}, 422},
		{url.Values{"game": {"kayles"}, "upto": {"0"}}, 400},
		{url.Values{"game": {"kayles"}, "upto": {"x"}}, 400},
		{url.Values{"game": {"no-such-game"}}, 400},
		{url.Values{"upto": {"10"}}, 400},
		{url.Values{"game": {"kayles"}, "param": {"s=2"}}, 400},
	} {
		if code, out := get(t, s, "/api/v1/pattern", c.q); code != c.code {
			t.Errorf("pattern %v: %d %v, want %d", c.q, code, out, c.code)
		} else {
			errorOf(t, out)
		}
	}
}

// TestSeqOfScripts checks that /api/v1/seq answers, as grundy seq does,
// for a game whose table is a row of Sprague–Grundy values: a game
// script of heaps (S-Nim with S = {1, 3, 4}, whose values are those of
// subtract:1,3,4, period 7) and circle:2; the period is found, never
// proven.
func TestSeqOfScripts(t *testing.T) {
	scripts, err := LoadScripts([]string{"../examples/snim.star"})
	if err != nil {
		t.Fatal(err)
	}
	s := New(Config{Scripts: scripts})
	_, sub := get(t, s, "/api/v1/seq", url.Values{"game": {"subtract:1,3,4"}, "upto": {"40"}})
	code, out := get(t, s, "/api/v1/seq", url.Values{"game": {"snim.star"}, "upto": {"40"}, "param": {"s=1,3,4"}})
	if code != 200 || fmt.Sprint(out["values"]) != fmt.Sprint(sub["values"]) || out["period"] != 7.0 || out["proven"] != false {
		t.Fatalf("snim.star s=1,3,4: %d %v; subtract:1,3,4 %v", code, out, sub["values"])
	}
	if g, _ := out["game"].(string); strings.Contains(g, "/") {
		t.Errorf("the answer names the script's path: %q", g)
	}
	// The table's values are the CLI's (reports.TableSequence).
	inst, err := catalog.Lookup("circle:2")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := reports.TableSequence(context.Background(), inst, 30, catalog.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	code, out = get(t, s, "/api/v1/seq", url.Values{"game": {"circle:2"}, "upto": {"30"}})
	if want, _ := json.Marshal(rep); code != 200 || !sameJSON(t, want, out) {
		t.Errorf("circle: %d %v, CLI %s", code, out, want)
	}
	for _, c := range []struct {
		q    url.Values
		code int
	}{
		{url.Values{"game": {"snim.star"}, "upto": {"10001"}}, 422},
		{url.Values{"game": {"domineering"}, "upto": {"5"}}, 400},
		{url.Values{"game": {"wythoff"}, "upto": {"5"}}, 400},
	} {
		if code, out := get(t, s, "/api/v1/seq", c.q); code != c.code {
			t.Errorf("seq %v: %d %v, want %d", c.q, code, out, c.code)
		} else {
			errorOf(t, out)
		}
	}
}

// sameJSON reports whether the JSON text want and the decoded answer got
// are the same object.
func sameJSON(t *testing.T, want []byte, got map[string]any) bool {
	t.Helper()
	var w map[string]any
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(w)
	b, _ := json.Marshal(got)
	return string(a) == string(b)
}
