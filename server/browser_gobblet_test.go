package server

import (
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserGobblet: Gobblet Gobblers' board shows each square's top
// piece by size and colour and the reserves below it; a move is two
// clicks, a reserve piece then a square, or a square then a square
// (issue 34). The database is gobblet:2,2 (two sizes), built here.
func TestBrowserGobblet(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{Databases: openDBs(t, buildDB(t, "gobblet:2,2"))}))
	defer ts.Close()
	pos := "M,.,./.,s,./.,.,.:o"
	do(t, ctx, "gobblet:2,2",
		chromedp.Navigate(ts.URL+"/?game=gobblet:2,2&position="+url.QueryEscape(pos)),
		chromedp.WaitVisible(cellSel(1, 1)),
	)
	if blue := run(t, ctx, chromedp.Evaluate[bool](`document.querySelector('#board [data-row="1"][data-col="1"]').classList.contains("gb-blue")`)); !blue {
		t.Errorf("a1 (Blue's medium on top) is not drawn blue")
	}
	do(t, ctx, "Orange's medium from the reserve, then c3",
		chromedp.Click(`.gb-reserve[aria-label="Orange's reserve"] .gb-medium:not(:disabled)`),
		chromedp.WaitVisible(`.gb-reserve .gb-res.picked`),
		chromedp.Click(cellSel(3, 3)),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`),
	)
	if got := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(got, "M,.,./.,s,./.,.,m:b") {
		t.Errorf("after medium from reserve to c3: %q, want M,.,./.,s,./.,.,m:b", got)
	}
	do(t, ctx, "Blue's medium a1, then b2 (over Orange's small)",
		chromedp.Click(cellSel(1, 1)),
		chromedp.WaitVisible(`#board .cell.picked`),
		chromedp.Click(cellSel(2, 2)),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="2"]`),
	)
	if got := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(got, ".,.,./.,sM,./.,.,m:o") {
		t.Errorf("after medium a1-b2: %q, want .,.,./.,sM,./.,.,m:o", got)
	}
	screenshot(t, ctx, "gobblet.png")
}
