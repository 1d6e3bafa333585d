package server

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserLoopyPartizan: loopy partizan games in the explorer (issue
// 36). Fox and Geese on 4×4 draws its board with the light squares
// shaded, says who wins with each side moving first, and is played by
// clicks: a goose (two moves through it: picked, then its target), then
// the fox. Backsliding Toads and Frogs' T. .F is a draw whoever starts:
// the summary says so and both sides' moves are marked as draws.
func TestBrowserLoopyPartizan(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	do(t, ctx, "opening fox-and-geese:4x4",
		chromedp.Navigate(ts.URL+"/?game=fox-and-geese:4x4"),
		chromedp.WaitVisible(cellSel(1, 2)),
		chromedp.WaitVisible(`#moves button.move`),
	)
	if n := count(t, ctx, "#board .grid-board .cell.light"); n != 8 {
		t.Errorf("fox-and-geese:4x4: %d light squares shaded, want 8", n)
	}
	summary := run(t, ctx, chromedp.Text(`#summary`))
	if !strings.Contains(summary, "With Left moving first: Left wins; with Right moving first: Left wins") {
		t.Errorf("fox-and-geese:4x4 start: summary %q", summary)
	}
	wins := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#moves button.move[data-player="left"]')].map(b => b.dataset.position + " " + b.dataset.result)`))
	if strings.Join(wins, ", ") != "...x|x...|....|..o. win, ...x|..x.|....|..o. lose, .x..|..x.|....|..o. win" {
		t.Errorf("Left's moves at the start: %v", wins)
	}
	screenshot(t, ctx, "fox-and-geese-4x4.png")
	do(t, ctx, "the goose on b1 to a2",
		chromedp.Click(cellSel(1, 2)),
		chromedp.WaitVisible(`#board .cell.picked`),
		chromedp.Click(cellSel(2, 1)),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`),
	)
	pos := run(t, ctx, chromedp.Text(`#position-text`))
	active := run(t, ctx, chromedp.Evaluate[string](`document.querySelector("#turn-bar button.active").dataset.turn`))
	if !strings.HasSuffix(pos, "...x|x...|....|..o.") || active != "right" {
		t.Fatalf("after the goose's move: %q, %q to move", pos, active)
	}
	do(t, ctx, "the fox from c4 to b3",
		chromedp.WaitVisible(`#moves button.move[data-player="right"]`),
		chromedp.Click(cellSel(4, 3)),
		chromedp.WaitVisible(`#board .cell.picked`),
		chromedp.Click(cellSel(3, 2)),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="2"]`),
	)
	if pos := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(pos, "...x|x...|.o..|....") {
		t.Errorf("after the fox's move: %q", pos)
	}

	do(t, ctx, "opening backsliding-toads T. .F",
		chromedp.Navigate(ts.URL+"/?game=backsliding-toads&position=T.%20.F"),
		chromedp.WaitVisible(`#moves button.move`),
	)
	summary = run(t, ctx, chromedp.Text(`#summary`))
	if !strings.Contains(summary, "With Left moving first: a draw; with Right moving first: a draw") || !strings.Contains(summary, "Drawing moves: L: .T .F, R: T. F.") {
		t.Errorf("T. .F: summary %q", summary)
	}
	results := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#moves button.move')].map(b => b.dataset.player + " " + b.dataset.result)`))
	if strings.Join(results, ", ") != "left draw, right draw" {
		t.Errorf("T. .F: moves %v, want a draw each", results)
	}
	do(t, ctx, "the toad steps right",
		chromedp.Click(cellSel(1, 2)),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`),
	)
	if pos := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(pos, ".T .F") {
		t.Errorf("after the toad's step: %q", pos)
	}
	screenshot(t, ctx, "backsliding-toads-draw.png")
}
