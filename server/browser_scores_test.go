package server

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserScores: Kalah's explorer says the margin (issue 34's "win
// by"): the summary names the winner and the margin, each move's badge
// its margin for its mover, and after a move the win-by history has a
// point a position, at the first player's margin.
func TestBrowserScores(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	do(t, ctx, "kalah:3,3",
		chromedp.Navigate(ts.URL+"/?game=kalah:3,3"),
		chromedp.WaitVisible(`#margin-chart circle.pt[data-ply="0"], #margin-chart circle.pt`),
	)
	badges := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("button.move .badge")].map((b) => b.textContent)`))
	wins := 0
	for _, b := range badges {
		if strings.Contains(b, "wins by 2") {
			wins++
		}
	}
	if len(badges) != 4 || wins != 2 {
		t.Errorf("kalah:3,3's moves: badges %q; want 4, two of them winning by 2", badges)
	}
	if got := run(t, ctx, chromedp.Evaluate[string](`document.body.textContent.includes("South wins by 2 under perfect play") ? "yes" : "no"`)); got != "yes" {
		t.Errorf("the summary does not say South wins by 2")
	}
	do(t, ctx, "pit 2",
		chromedp.Click(`button.move[data-position="3,3,4/3,0,4/0,1/N"]`),
		chromedp.WaitVisible(`#margin-chart g.hrow[data-ply="1"] circle.pt`),
	)
	margins := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#margin-chart circle.pt")].map((c) => c.getAttribute("data-margin"))`))
	if strings.Join(margins, " ") != "2 2" {
		t.Errorf("win-by history margins %q, want South's +2 at both rows", margins)
	}
	screenshot(t, ctx, "kalah-win-by.png")
}
