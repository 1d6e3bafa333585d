package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

// Partizan scripts in the explorer (issue 36): every path agrees on every
// position of small script games, short (examples/domineering.star) and
// loopy (examples/backslide.star, Backsliding Toads and Frogs):
//
//   - the API's /api/v1/position carries exactly the fields of the
//     CLI's 'grundy solve --json' (the catalog instance's Solve, which
//     the command line prints), and /api/v1/value is 'grundy value
//     --json' (reports.PartizanValue, which it prints);
//   - the built-in twin (domineering, backsliding-toads), a program of
//     its own in Go, gives the same outcome, the same value for short
//     positions, and the same Left and Right moves each with the same
//     outcome class;
//   - a plain retrograde computation written here, on the graph of the
//     API's own move lists, gives every position's result with Left and
//     with Right moving first (an endless play a draw), hence its class,
//     and each move's result for its mover (the API's "result").
func TestPartizanScriptsEveryPath(t *testing.T) {
	scripts, err := LoadScripts([]string{"../examples/domineering.star", "../examples/backslide.star"})
	if err != nil {
		t.Fatal(err)
	}
	s := New(Config{Scripts: scripts})
	for _, c := range []struct {
		script, twin string
		roots        []string
		// loopy: some positions repeat (no canonical form for them).
		loopy bool
	}{
		{"domineering.star", "domineering", []string{"../..", ".../...", "../../..", "..../....", ".../.../..."}, false},
		{"backslide.star", "backsliding-toads", []string{"T.F", "TT.F", "T..F", "T.FF", "TT..F", "T...F", "TF.F", "T. .F", "TF", "FTF"}, true},
	} {
		t.Run(c.script, func(t *testing.T) {
			cli, err := catalog.Lookup("../examples/" + c.script)
			if err != nil {
				t.Fatal(err)
			}
			twin, err := catalog.Lookup(c.twin)
			if err != nil {
				t.Fatal(err)
			}
			twinX, ok := catalog.AsExplorer(twin)
			if !ok {
				t.Fatalf("%s has no explorer", c.twin)
			}
			// The answer alone (summary=1, which the page shows first)
			// is the CLI's too, and says its moves are Left's and Right's.
			for _, pos := range c.roots {
				code, sum := get(t, s, "/api/v1/position", url.Values{"game": {c.script}, "position": {pos}, "summary": {"1"}})
				if code != 200 || sum["move_kind"] != catalog.MovesPartizan || sum["moves_pending"] != true {
					t.Errorf("%s %q alone: %d move_kind %v, moves_pending %v", c.script, pos, code, sum["move_kind"], sum["moves_pending"])
				}
				checkCLI(t, cli, pos, sum)
			}
			answers := map[string]map[string]any{}
			var order []string
			queue := slices.Clone(c.roots)
			sawLoopy, sawShort := false, false
			for len(queue) > 0 {
				pos := queue[0]
				queue = queue[1:]
				if _, done := answers[pos]; done {
					continue
				}
				if len(answers) > 3000 {
					t.Fatalf("more than 3000 positions from %v", c.roots)
				}
				code, api := get(t, s, "/api/v1/position", url.Values{"game": {c.script}, "position": {pos}})
				if code != 200 {
					t.Fatalf("%s %q: %d %v", c.script, pos, code, api)
				}
				if api["move_kind"] != catalog.MovesPartizan {
					t.Fatalf("%s %q: move_kind %v", c.script, pos, api["move_kind"])
				}
				answers[pos] = api
				order = append(order, pos)
				if _, ok := api["left_first"]; ok {
					sawLoopy = true
				} else {
					sawShort = true
				}
				checkCLI(t, cli, pos, api)
				checkValueAPI(t, s, cli, c.script, pos)
				checkTwin(t, twin, twinX, pos, api)
				for _, m := range scriptMovesOf(api) {
					queue = append(queue, m.position)
				}
			}
			if c.loopy && !(sawLoopy && sawShort) || !c.loopy && sawLoopy {
				t.Errorf("%s: loopy positions %v, short ones %v", c.script, sawLoopy, sawShort)
			}
			checkPlain(t, answers, order)
			t.Logf("%s: %d positions from %v", c.script, len(answers), c.roots)
		})
	}
}

type scriptMove struct {
	player, position, outcome, result string
	value                             any
}

func scriptMovesOf(api map[string]any) []scriptMove {
	var out []scriptMove
	list, _ := api["moves"].([]any)
	for _, x := range list {
		m := x.(map[string]any)
		out = append(out, scriptMove{player: fmt.Sprint(m["player"]), position: fmt.Sprint(m["position"]),
			outcome: fmt.Sprint(m["outcome"]), result: fmt.Sprint(m["result"]), value: m["value"]})
	}
	return out
}

// checkCLI: every field of 'grundy solve --json' is in the API's answer
// with the same value.
func checkCLI(t *testing.T, cli catalog.Instance, pos string, api map[string]any) {
	t.Helper()
	tokens, opts := []string{pos}, catalog.Options{}
	if strings.HasPrefix(pos, `"`) {
		tokens, opts.PositionExpr = nil, pos // the CLI's --pos
	}
	r, err := cli.Solve(context.Background(), tokens, opts)
	if err != nil {
		t.Fatalf("solve %q: %v", pos, err)
	}
	b, err := r.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]any
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	delete(want, "game") // the CLI names a script by its path, the server by its file name
	for k, v := range want {
		if fmt.Sprint(api[k]) != fmt.Sprint(v) {
			t.Errorf("%q: %s is %v in the API, %v from solve", pos, k, api[k], v)
		}
	}
}

// checkValueAPI: /api/v1/value is 'grundy value --json', field by field.
func checkValueAPI(t *testing.T, s *Server, cli catalog.Instance, script, pos string) {
	t.Helper()
	r, err := reports.PartizanValue(context.Background(), cli, []string{pos}, catalog.Options{}, reports.CGTOptions{})
	if err != nil {
		t.Fatalf("value %q: %v", pos, err)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]any
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	code, got := get(t, s, "/api/v1/value", url.Values{"game": {script}, "position": {pos}})
	want["game"] = script // the CLI names the script by its path, the server by its name
	if code != 200 || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("value of %q: API %d %v, CLI %v", pos, code, got, want)
	}
}

// twinPosition writes a script's position in the built-in's notation: a
// string with a space is quoted by the script, and the built-in
// Domineering joins rows with |.
func twinPosition(pos string) string {
	return strings.ReplaceAll(strings.Trim(pos, `"`), "/", "|")
}

// checkTwin: the built-in game agrees on the outcome, the value of a
// short position, and each side's moves with their classes.
func checkTwin(t *testing.T, twin catalog.Instance, x catalog.Explorer, pos string, api map[string]any) {
	t.Helper()
	tokens := strings.Fields(strings.Trim(pos, `"`))
	tx, err := x.Explore(context.Background(), tokens, catalog.Options{}, 0)
	if err != nil {
		t.Fatalf("%s %q: %v", twin.Spec(), pos, err)
	}
	if tx.Report.Outcome != api["outcome"] {
		t.Errorf("%q: outcome %v, the built-in %s says %s", pos, api["outcome"], twin.Spec(), tx.Report.Outcome)
	}
	if v, ok := api["value"]; ok && tx.Report.Value != nil && fmt.Sprint(tx.Report.Value) != fmt.Sprint(v) {
		t.Errorf("%q: value %v, the built-in says %v", pos, v, tx.Report.Value)
	}
	var want, got []string
	for _, m := range tx.Moves {
		want = append(want, m.Player+" "+twinPosition(m.Position)+" "+m.Outcome)
	}
	for _, m := range scriptMovesOf(api) {
		got = append(got, m.player+" "+twinPosition(m.position)+" "+m.outcome)
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("%q: moves %v, the built-in's %v", pos, got, want)
	}
}

// checkPlain computes, on the graph of the API's move lists, who wins
// with Left and with Right moving first by the plain least fixed point
// (a win is a win in finitely many moves; what is neither side's win is
// a draw), and checks every position's class, left_first and
// right_first, its winning moves, and each move's outcome and result.
func checkPlain(t *testing.T, answers map[string]map[string]any, order []string) {
	t.Helper()
	// lw: Left moving first, Left wins; lr: Left moving first, Right
	// wins; rw, rl the same with Right moving first.
	lw, lr, rw, rl := map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}
	side := func(p, player string) []string {
		var out []string
		for _, m := range scriptMovesOf(answers[p]) {
			if m.player == player {
				out = append(out, m.position)
			}
		}
		return out
	}
	for changed := true; changed; {
		changed = false
		set := func(m map[string]bool, p string, v bool) {
			if v && !m[p] {
				m[p], changed = true, true
			}
		}
		for _, p := range order {
			left, right := side(p, catalog.PlayerLeft), side(p, catalog.PlayerRight)
			set(lw, p, slices.ContainsFunc(left, func(w string) bool { return rl[w] }))
			set(lr, p, !slices.ContainsFunc(left, func(w string) bool { return !rw[w] }))
			set(rw, p, slices.ContainsFunc(right, func(w string) bool { return lr[w] }))
			set(rl, p, !slices.ContainsFunc(right, func(w string) bool { return !lw[w] }))
		}
	}
	result := func(p string, leftFirst bool) byte {
		switch {
		case leftFirst && lw[p], !leftFirst && rl[p]:
			return 'L'
		case leftFirst && lr[p], !leftFirst && rw[p]:
			return 'R'
		}
		return 'D'
	}
	class := func(p string) string {
		for name, firsts := range loopyFirst {
			if firsts == [2]byte{result(p, true), result(p, false)} {
				return name
			}
		}
		return "?"
	}
	words := map[byte]string{'L': "Left wins", 'R': "Right wins", 'D': "draw"}
	for _, p := range order {
		api := answers[p]
		if api["outcome"] != class(p) {
			t.Errorf("%q: outcome %v, the plain fixed point says %s", p, api["outcome"], class(p))
		}
		if lf, ok := api["left_first"]; ok && (lf != words[result(p, true)] || api["right_first"] != words[result(p, false)]) {
			t.Errorf("%q: left_first %v, right_first %v; the plain fixed point: %s, %s", p, lf, api["right_first"], words[result(p, true)], words[result(p, false)])
		}
		var wins, wantWins []string
		for _, w := range api["winning_moves"].([]any) {
			wins = append(wins, w.(string))
		}
		for _, m := range scriptMovesOf(api) {
			if m.outcome != class(m.position) {
				t.Errorf("%q: the move to %q leaves %s, the plain fixed point says %s", p, m.position, m.outcome, class(m.position))
			}
			// The opponent moves first in the position left.
			after, mine, prefix := result(m.position, false), byte('L'), "L: "
			if m.player == catalog.PlayerRight {
				after, mine, prefix = result(m.position, true), 'R', "R: "
			}
			want := map[bool]string{true: "win", false: "lose"}[after == mine]
			if after == 'D' {
				want = "draw"
			}
			if m.result != want {
				t.Errorf("%q: the move to %q is a %s for %s, the plain fixed point says %s", p, m.position, m.result, m.player, want)
			}
			if want == "win" && !slices.Contains(wantWins, prefix+m.position) {
				wantWins = append(wantWins, prefix+m.position)
			}
		}
		slices.Sort(wins)
		slices.Sort(wantWins)
		if !slices.Equal(wins, wantWins) {
			t.Errorf("%q: winning moves %v, the plain fixed point's %v", p, wins, wantWins)
		}
	}
}

// TestLoopyScriptTooLarge: a loopy partizan script whose graph never
// ends (n → n ± 1 for Left, n → n + 1 for Right) is refused by the
// explorer with the budget's error, 422, not searched for ever: by the
// state cap, by the memory budget, and by the value's own bound of 4,096
// positions (/api/v1/value).
func TestLoopyScriptTooLarge(t *testing.T) {
	src := "start = 0\ndef left_moves(n):\n    return [n - 1, n + 1] if n > 0 else [n + 1]\ndef right_moves(n):\n    return [n + 1]\n"
	inst, err := catalog.OpenScript("endless.star", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	scripts := map[string]catalog.Instance{"endless.star": inst}
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{Scripts: scripts, MaxStates: 20_000}, "more than 20000 distinct positions"},
		{Config{Scripts: scripts, MaxMemory: 48 << 20, FastMemory: 8 << 20}, "memory budget"},
	} {
		s := New(c.cfg)
		for _, path := range []string{"/api/v1/position", "/api/v1/best"} {
			code, out := get(t, s, path, url.Values{"game": {"endless.star"}, "position": {"3"}})
			msg := errorOf(t, out)
			t.Logf("%s: %s", path, msg)
			if code != 422 || !strings.Contains(msg, c.want) {
				t.Errorf("%s %v: %d %q, want 422 saying %q", path, c.cfg.MaxStates, code, msg, c.want)
			}
		}
	}
	s := New(Config{Scripts: scripts})
	code, out := get(t, s, "/api/v1/value", url.Values{"game": {"endless.star"}, "position": {"3"}})
	if msg := errorOf(t, out); code != 422 || !strings.Contains(msg, "more than 4096 positions") {
		t.Errorf("value: %d %q, want 422 at 4096 positions", code, msg)
	}
}

// BenchmarkPartizanScriptPosition is one explorer answer for a partizan
// script, uncached (a fresh server each time): the position solved and
// every move listed with its outcome. domineering.star on a 3×4 board
// (short: canonical forms of every position reached), backslide.star
// on TTT....FFF (loopy: the retrograde analysis of 4,200 positions).
func BenchmarkPartizanScriptPosition(b *testing.B) {
	for _, c := range []struct{ script, pos string }{
		{"domineering.star", "..../..../...."},
		{"backslide.star", "TTT....FFF"},
	} {
		b.Run(c.script, func(b *testing.B) {
			for b.Loop() {
				scripts, err := LoadScripts([]string{"../examples/" + c.script})
				if err != nil {
					b.Fatal(err)
				}
				rec := httptest.NewRecorder()
				q := url.Values{"game": {c.script}, "position": {c.pos}}
				New(Config{Scripts: scripts}).ServeHTTP(rec, httptest.NewRequest("GET", "/api/v1/position?"+q.Encode(), nil))
				if rec.Code != 200 {
					b.Fatalf("%d %s", rec.Code, rec.Body)
				}
			}
		})
	}
}
