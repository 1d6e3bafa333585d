package server

import (
	"net/http/httptest"
	"strings"
	"testing"

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
