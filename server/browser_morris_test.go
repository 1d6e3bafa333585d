package server

import (
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserMorris: a Mills board is drawn on its grid (blanks between
// the points), and a move with a removal is played by two clicks: the
// man to move, then the opponent's man to remove (issue 34).
func TestBrowserMorris(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	// Six men's morris: White's e3-e5 closes a5 c5 e5 and removes one of
	// Black's three men, which wins at once.
	pos := "WW.B.B...W....B.:W:0,0"
	do(t, ctx, "morris:6",
		chromedp.Navigate(ts.URL+"/?game=morris:6&position="+url.QueryEscape(pos)),
		chromedp.WaitVisible(cellSel(3, 5)),
	)
	if gap := run(t, ctx, chromedp.Evaluate[bool](`document.querySelector('#board [data-row="1"][data-col="2"]').classList.contains("c-gap")`)); !gap {
		t.Errorf("morris:6: the cell between a5 and c5 is not drawn as a gap")
	}
	do(t, ctx, "e3, then b4",
		chromedp.Click(cellSel(3, 5)),
		chromedp.WaitVisible(`#board .cell.picked`),
		chromedp.Click(cellSel(2, 2)),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`),
	)
	if got := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(got, "WWW..B........B.:B:0,0") {
		t.Errorf("morris:6 after e3-e5xb4: %q, want WWW..B........B.:B:0,0", got)
	}
	screenshot(t, ctx, "morris6-removal.png")
}
