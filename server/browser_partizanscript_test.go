package server

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserPartizanScripts: partizan game scripts in the explorer
// (issue 36), played by clicks on the boards their view(pos) draws. The
// short examples/domineering.star on .../... shows its canonical form
// ({2|-1/2}) and Left's and Right's moves, each with what it means for
// its mover; Left
// places a vertical domino and Right a horizontal one. The loopy
// examples/backslide.star on T.F says who wins with each side moving
// first, fetches its stopper (0), and Left's toad and Right's frog move.
func TestBrowserPartizanScripts(t *testing.T) {
	scripts, err := LoadScripts([]string{"../examples/domineering.star", "../examples/backslide.star"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{Scripts: scripts}))
	defer ts.Close()
	do(t, ctx, "opening domineering.star .../...",
		chromedp.Navigate(ts.URL+"/?game=domineering.star&position=.../..."),
		chromedp.WaitVisible(cellSel(1, 1)),
		chromedp.WaitVisible(`#moves button.move[data-player="left"]`),
	)
	if s := run(t, ctx, chromedp.Text(`#summary`)); !strings.Contains(s, "Value {2|-1/2}.") || !strings.Contains(s, "Left is to move") {
		t.Errorf("domineering.star .../...: summary %q", s)
	}
	moves := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#moves button.move')].map(b => b.dataset.player + " " + b.dataset.position + " " + b.dataset.result)`))
	if strings.Join(moves, ", ") != "left #../#.. lose, left .#./.#. win, left ..#/..# lose, right ##./... win, right .##/... win, right .../##. win, right .../.## win" {
		t.Errorf("the moves: %v", moves)
	}
	do(t, ctx, "Left's domino on the first column",
		chromedp.Click(cellSel(1, 1)),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`),
		chromedp.WaitVisible(`#moves button.move[data-player="right"]`),
	)
	if pos := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(pos, "#../#..") {
		t.Fatalf("after Left's move: %q", pos)
	}
	do(t, ctx, "Right's domino on the first row",
		chromedp.Click(cellSel(1, 2)),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="2"]`),
	)
	if pos := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(pos, "###/#..") {
		t.Errorf("after Right's move: %q", pos)
	}

	do(t, ctx, "opening backslide.star T.F",
		chromedp.Navigate(ts.URL+"/?game=backslide.star&position=T.F"),
		chromedp.WaitVisible(cellSel(1, 1)),
		chromedp.WaitVisible(`#moves button.move`),
	)
	run(t, ctx, chromedp.Poll[bool](`document.querySelector("#summary").textContent.includes("Value 0")`, chromedp.WithPollingTimeout(0)))
	s := run(t, ctx, chromedp.Text(`#summary`))
	if !strings.Contains(s, "With Left moving first: Right wins; with Right moving first: Left wins (outcome P).") || !strings.Contains(s, "Value 0 (a stopper).") {
		t.Errorf("backslide.star T.F: summary %q", s)
	}
	do(t, ctx, "Left's toad steps right",
		chromedp.Click(cellSel(1, 1)),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`),
		chromedp.WaitVisible(`#moves button.move[data-player="right"]`),
	)
	do(t, ctx, "Right's frog jumps the toad",
		chromedp.Click(cellSel(1, 3)),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="2"]`),
	)
	if pos := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(pos, "FT.") {
		t.Errorf("after the frog's jump: %q", pos)
	}
	screenshot(t, ctx, "backslide-script.png")
}
