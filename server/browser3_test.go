package server

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserHackenbushTree plays a Hackenbush tree with branches, drawn
// as edges on the ground: l[lr,r] (a blue edge carrying the stalk lr and
// a red edge; value 3/4 by the ordinal sum l : (lr + r) = l : -1/2,
// Winning Ways ch. 1) has four edges; Left, to move, owns the bottom edge
// (cutting it leaves nothing, 0) and the blue edge of the branch lr
// (leaving the stalk lr, 1/2): both win for Left, and the red edges are
// not Left's to cut. Clicking the branch's blue edge leaves lr.
func TestBrowserHackenbushTree(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	do(t, ctx, "hackenbush l[r,lr]",
		chromedp.Navigate(ts.URL+"/?game=hackenbush&position=l[r,lr]"),
		chromedp.WaitVisible(`#board svg.hackenbush a.edge`),
	)
	edges := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#board a.edge")].map(a => a.dataset.edge + ":" + (a.classList.contains("blue") ? "blue" : "red") + ":" + (a.className.baseVal.match(/hint-(\w+)/)?.[1] || "-"))`))
	if got := strings.Join(edges, " "); got != "0:blue:win 1:blue:win 2:red:- 3:red:-" {
		t.Errorf("hackenbush l[lr,r]: edges %s", got)
	}
	// The branch's edges stand apart: the branch lr leans left, r right.
	xs := run(t, ctx, chromedp.Evaluate[[]float64](`[...document.querySelectorAll("#board a.edge circle.node")].map(c => +c.getAttribute("cx"))`))
	if len(xs) != 4 || !(xs[1] < xs[0] && xs[3] > xs[0] && xs[2] == xs[1]) {
		t.Errorf("hackenbush l[lr,r]: nodes at x %v; want the branch lr left of the trunk, r right of it", xs)
	}
	screenshot(t, ctx, "hackenbush-tree.png")
	do(t, ctx, "cutting the branch's blue edge",
		chromedp.Click(`#board a.edge[data-stalk="0"][data-edge="1"] .stem`),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`),
	)
	if pos := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(pos, "· lr") {
		t.Errorf("hackenbush after the cut: %q, want lr", pos)
	}
}
