package server

import (
	"context"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserPatterns shows the patterns beside the values drawn: Kayles'
// first pattern is its period 12 from n = 71, proven by the Guy–Smith
// theorem (Winning Ways, ch. 4), as grundy pattern kayles says; Wythoff's
// grid has its Beatty pair.
func TestBrowserPatterns(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	do(t, ctx, "kayles 8 5",
		chromedp.Navigate(ts.URL+"/?game=kayles&position=8+5"),
		chromedp.WaitVisible(`#pattern-list li.pattern`),
	)
	rule := run(t, ctx, chromedp.Text(`#pattern-list li.pattern .rule`))
	formula := run(t, ctx, chromedp.Text(`#pattern-list li.pattern .formula`))
	fits := run(t, ctx, chromedp.Text(`#pattern-list li.pattern .fits`))
	if !strings.Contains(rule, "period 12") || formula != "G(n + 12) = G(n) for n ≥ 71" || fits != "fits all 1000 values; proven" {
		t.Errorf("kayles' first pattern: rule %q, formula %q, %q", rule, formula, fits)
	}
	// Beside the picture, not below it, at this width.
	beside := run(t, ctx, chromedp.Evaluate[bool](`(() => { const a = document.getElementById("picture").getBoundingClientRect(), b = document.getElementById("patterns").getBoundingClientRect(); return b.left >= a.right - 1 && b.top < a.bottom; })()`))
	if !beside {
		t.Errorf("kayles: the patterns are not beside the picture")
	}
	screenshot(t, ctx, "kayles-patterns.png")

	do(t, ctx, "wythoff 4 5",
		chromedp.Navigate(ts.URL+"/?game=wythoff&position=4+5"),
		chromedp.WaitVisible(`#pattern-list li.pattern[data-kind="beatty"]`),
	)
	if f := run(t, ctx, chromedp.Text(`#pattern-list li.pattern[data-kind="beatty"] .fits`)); !strings.HasPrefix(f, "fits all 64×64 ") {
		t.Errorf("wythoff's Beatty pattern: %q", f)
	}
	// A partizan game has no patterns panel.
	do(t, ctx, "domineering 2x3",
		chromedp.Navigate(ts.URL+"/?game=domineering&position=2x3"),
		chromedp.WaitVisible(`#picture svg.thermo`),
	)
	if hidden := run(t, ctx, chromedp.Evaluate[bool](`document.getElementById("patterns").hidden`)); !hidden {
		t.Errorf("domineering shows a patterns panel")
	}
}

// settled waits until the page has done what a click asked: no request
// under way, and a position shown or an error.
func settled(t *testing.T, ctx context.Context) {
	t.Helper()
	run(t, ctx, chromedp.Poll[bool](`!state.busy && !state.work && (state.history.length > 0 || !document.getElementById("error").hidden)`, chromedp.WithPollingTimeout(0)))
}

// TestBrowserGalleryStarts clicks every gallery card's Play: each opens
// its game's start (the start /api/v1/start gives for the game played,
// with the card's parameters: quixo:3's empty 3×3 board, connect4:4x4's
// empty board) with no error, the value history's one row labelled start.
func TestBrowserGalleryStarts(t *testing.T) {
	ctx := browseWithin(t, 10*time.Minute)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	do(t, ctx, "opening the gallery", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(`body[data-ready="true"]`))
	cards := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#gallery button.start-game")].map(b => b.dataset.game)`))
	if len(cards) < 40 {
		t.Fatalf("%d cards in the gallery", len(cards))
	}
	api := New(Config{})
	for _, name := range cards {
		do(t, ctx, "playing "+name,
			chromedp.Navigate(ts.URL+"/"),
			chromedp.WaitVisible(`body[data-ready="true"]`),
			chromedp.Click(`#gallery button.start-game[data-game="`+name+`"]`),
		)
		settled(t, ctx)
		got := run(t, ctx, chromedp.Evaluate[[]string](`[state.spec, state.history.length ? state.history[0].position : "", document.getElementById("error").hidden ? "" : document.getElementById("error").textContent, String(state.history.length)]`))
		spec, pos, errText := got[0], got[1], got[2]
		if errText != "" || got[3] != "1" {
			t.Errorf("Play %s: error %q, %s positions", name, errText, got[3])
			continue
		}
		// The card plays the game's default variant (catalog.About).
		if def := run(t, ctx, chromedp.Evaluate[string](`gameByName(`+strconv.Quote(name)+`).default_spec || ""`)); def != "" && spec != def {
			t.Errorf("Play %s: played %q, the default variant is %q", name, spec, def)
		}
		code, st := get(t, api, "/api/v1/start", url.Values{"game": {spec}})
		if code != 200 {
			t.Errorf("Play %s: played %q, whose start is %d %v", name, spec, code, st)
			continue
		}
		if start, ok := st["position"].(string); ok {
			// The start as the server writes its positions (Fibonacci
			// Nim's "20" is "20 19": the heap and the most a move takes).
			_, a := get(t, api, "/api/v1/position", url.Values{"game": {spec}, "position": {start}, "summary": {"1"}})
			if want := a["position"]; pos != want {
				t.Errorf("Play %s: opened %s at %q, its start is %q (%v)", name, spec, pos, start, want)
			}
		}
		if label := run(t, ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#chart text")].map(t => t.textContent).find(t => t === "start") || ""`)); label != "start" {
			t.Errorf("Play %s: no row labelled start in the value history", name)
		}
	}
}

// TestBrowserVsEngineUndo plays a whole game of tic-tac-toe against the
// engine as X, from the gallery, with Undo and Redo at every step: after
// each of X's moves the engine answers as O; Undo takes back X's move and
// O's reply together, Redo restores both, and it is always X's turn
// (as many X as O on the board) when the human is to move. The page names
// whose turn it is, and at the end who won, in players' words. Then the
// issue's case: Undo, Undo, Redo after the end keeps X the human's.
func TestBrowserVsEngineUndo(t *testing.T) {
	ctx := browseWithin(t, 5*time.Minute)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	do(t, ctx, "tic-tac-toe against the engine, X",
		chromedp.Navigate(ts.URL+"/"),
		chromedp.WaitVisible(`#gallery button.start-vs[data-game="tictactoe"][data-side="first"]`),
		chromedp.Click(`#gallery button.start-vs[data-game="tictactoe"][data-side="first"]`),
	)
	settled(t, ctx)
	type view struct {
		Pos   string `json:"pos"`
		Index int    `json:"index"`
		Len   int    `json:"len"`
		Turn  string `json:"turn"`
		Over  bool   `json:"over"`
	}
	look := func() view {
		return run(t, ctx, chromedp.Evaluate[view](`({pos: current().position, index: state.index, len: state.history.length, turn: document.getElementById("turn").textContent, over: over(current())})`))
	}
	xsTurn := func(v view, when string) {
		t.Helper()
		x, o := strings.Count(v.Pos, "X"), strings.Count(v.Pos, "O")
		if x != o || v.Turn != "X (you) to move." {
			t.Fatalf("%s: %q (%d X, %d O), %q; want X, the human, to move", when, v.Pos, x, o, v.Turn)
		}
	}
	waitIndex := func(i int) {
		t.Helper()
		run(t, ctx, chromedp.Poll[bool](`state.index === `+strconv.Itoa(i)+` && !state.busy && !state.work`, chromedp.WithPollingTimeout(0)))
	}
	v := look()
	xsTurn(v, "start")
	for step := 0; !v.Over; step++ {
		// A losing move when there is one, so that the engine wins.
		sel := `#moves button.move.lose`
		if count(t, ctx, sel) == 0 {
			sel = `#moves button.move`
		}
		do(t, ctx, "X's move", chromedp.Click(sel))
		settled(t, ctx)
		after := look()
		if after.Over {
			v = after
			break
		}
		xsTurn(after, "after X's move and O's reply")
		if after.Index != v.Index+2 {
			t.Fatalf("after X's move: at %d, want %d (X's move and O's reply)", after.Index, v.Index+2)
		}
		do(t, ctx, "undo", chromedp.Click(`#undo`))
		waitIndex(v.Index)
		if u := look(); u.Pos != v.Pos || u.Len != after.Len {
			t.Fatalf("undo: %q (%d positions), want %q: X's move and O's reply taken back, and kept for Redo", u.Pos, u.Len, v.Pos)
		} else {
			xsTurn(u, "after undo")
		}
		if note := run(t, ctx, chromedp.Text(`#engine-note`)); note != "" {
			t.Errorf("after undo the engine's note stays: %q", note)
		}
		do(t, ctx, "redo", chromedp.Click(`#redo`))
		waitIndex(after.Index)
		if r := look(); r.Pos != after.Pos || r.Len != after.Len {
			t.Fatalf("redo: %q (%d positions), want %q", r.Pos, r.Len, after.Pos)
		}
		v = after
	}
	// O's win names its line: "Game over: O (the engine) wins, in a line (c1 b2 a3)."
	if !strings.HasPrefix(v.Turn, "Game over: O (the engine) wins, in a line (") && v.Turn != "Game over: a draw." {
		t.Errorf("the end: %q %q", v.Pos, v.Turn)
	}
	summary := run(t, ctx, chromedp.Text(`#summary`))
	if strings.Contains(summary, "player to move") {
		t.Errorf("the end is told as %q", summary)
	}
	screenshot(t, ctx, "tictactoe-vs-engine-end.png")
	// The case: Undo, Undo, Redo after the end.
	end := v
	click := func(button, target string) view {
		t.Helper()
		i := run(t, ctx, chromedp.Evaluate[int](target))
		do(t, ctx, button, chromedp.Click(`#`+button))
		waitIndex(i)
		return look()
	}
	u1 := click("undo", "undoTarget()")
	u2 := click("undo", "undoTarget()")
	r := click("redo", "redoTarget()")
	if u2.Index >= u1.Index || r.Index != u1.Index || r.Len != end.Len {
		t.Errorf("undo, undo, redo: at %d, %d, %d of %d", u1.Index, u2.Index, r.Index, end.Len)
	}
	xsTurn(r, "after undo, undo, redo")
	do(t, ctx, "X's move", chromedp.Click(`#moves button.move`))
	settled(t, ctx)
	if a := look(); !a.Over {
		xsTurn(a, "X's move after undo, undo, redo")
	}
}

// TestBrowserMisereAndEngineButton: ticking Misère re-values the game so
// far and keeps its history (Nim 3 4 5 → 1 4 5: under misère play 1 4 5
// is still a P-position, Bouton 1902, since a heap is over 1); Nim
// 2000000, whose moves are too many to list, keeps the engine's button
// for its listed winning move, worded as the position it leaves.
func TestBrowserMisereAndEngineButton(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	do(t, ctx, "nim 3 4 5 → 1 4 5",
		chromedp.Navigate(ts.URL+"/?game=nim&position=3+4+5"),
		chromedp.WaitVisible(`#moves button.move.win`),
		chromedp.Click(`#moves button.move.win`),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`),
		chromedp.Click(`#misere`),
	)
	run(t, ctx, chromedp.Poll[bool](`current().misere === true && !state.busy`, chromedp.WithPollingTimeout(0)))
	if n, pos := count(t, ctx, "#chart circle.pt"), run(t, ctx, chromedp.Text(`#position-text`)); n != 2 || !strings.HasSuffix(pos, "1 4 5") {
		t.Errorf("misère: %d positions in the history, at %q; want 2, at 1 4 5", n, pos)
	}
	if undo := run(t, ctx, chromedp.Evaluate[bool](`!document.getElementById("undo").disabled`)); !undo {
		t.Errorf("misère: Undo disabled")
	}
	do(t, ctx, "nim 2000000",
		chromedp.Navigate(ts.URL+"/?game=nim&position=2000000"),
		chromedp.WaitVisible(`#moves .moves-error`),
	)
	enabled := run(t, ctx, chromedp.Evaluate[bool](`!document.getElementById("engine-move").disabled`))
	help := run(t, ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#moves li.help")].map(l => l.textContent).join(" | ")`))
	if !enabled || !strings.Contains(help, "The winning move leaves “0”") || strings.Contains(help, "Winning moves: 0") {
		t.Errorf("nim 2000000: engine button enabled %v; %q", enabled, help)
	}
	do(t, ctx, "the engine's move", chromedp.Click(`#engine-move`), chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`))
	if pos := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(pos, "· 0") {
		t.Errorf("nim 2000000 after the engine's move: %q", pos)
	}
}

// TestBrowserBadLinks: a link with a bad position shows the error beside
// the game's start, with the gallery a link away; a link to an unknown
// game says so in words and shows the gallery.
func TestBrowserBadLinks(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	do(t, ctx, "a bad position",
		chromedp.Navigate(ts.URL+"/?game=nim&position=3+x+5"),
		chromedp.WaitVisible(`body[data-ready="true"]`),
		chromedp.WaitVisible(`#error`),
		chromedp.WaitVisible(`#moves button.move`),
	)
	msg := run(t, ctx, chromedp.Text(`#error`))
	pos := run(t, ctx, chromedp.Text(`#position-text`))
	if !strings.Contains(msg, `bad heap size "x"`) || !strings.Contains(msg, "the game's start") || !strings.HasSuffix(pos, "3 4 5") {
		t.Errorf("nim 3 x 5: error %q, position %q; want the error beside the start 3 4 5", msg, pos)
	}
	do(t, ctx, "back to the gallery", chromedp.Click(`#all-games`), chromedp.WaitVisible(`#gallery button.start-game`))
	do(t, ctx, "an unknown game",
		chromedp.Navigate(ts.URL+"/?game=no-such-game&position=1"),
		chromedp.WaitVisible(`body[data-ready="true"]`),
		chromedp.WaitVisible(`#gallery button.start-game`),
	)
	if msg := run(t, ctx, chromedp.Text(`#error`)); !strings.Contains(msg, "There is no game called “no-such-game” here") || strings.Contains(msg, "grundy games") {
		t.Errorf("unknown game: %q", msg)
	}
}
