package server

import (
	"context"
	"net/http/httptest"
	"net/url"
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
