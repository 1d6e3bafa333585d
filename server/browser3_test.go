package server

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
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

// TestBrowserToadsAndCol plays strips on their drawn boards: in Toads
// and Frogs TT..FF Left drags the second toad to the empty cell beside it
// (T.T.FF); in TF.F Left's one move is the toad's jump over the frog, and
// a click on its target cell plays it (.FTF); in Col ...R (worth 1/2)
// each of Left's three cells is ringed with its move's colour: only the
// far end wins (L..R is 0, which Right, to move, loses; .L.R is −1 and
// ..LR −1/2, by the partizan evaluator that every Col test checks), and a
// click colours it.
func TestBrowserToadsAndCol(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	do(t, ctx, "toads and frogs TT..FF",
		chromedp.Navigate(ts.URL+"/?game=toads-and-frogs&position=TT..FF"),
		chromedp.WaitVisible(cellSel(1, 2)+".playable"),
	)
	centre := func(sel string) (float64, float64) {
		xy := run(t, ctx, chromedp.Evaluate[[]float64](`(() => { const r = document.querySelector(`+"`"+sel+"`"+`).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`))
		return xy[0], xy[1]
	}
	x1, y1 := centre(cellSel(1, 2))
	x2, y2 := centre(cellSel(1, 3))
	do(t, ctx, "dragging the toad",
		chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x1, y1, chromedp.ButtonLeft, chromedp.ClickCount(1)),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, (x1+x2)/2, y1, chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x2, y2, chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x2, y2, chromedp.ButtonLeft, chromedp.ClickCount(1)),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`),
	)
	if pos := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(pos, "· T.T.FF") {
		t.Errorf("toads after the drag: %q, want T.T.FF", pos)
	}
	do(t, ctx, "toads and frogs TF.F",
		chromedp.Navigate(ts.URL+"/?game=toads-and-frogs&position=TF.F"),
		chromedp.WaitVisible(cellSel(1, 3)+".playable"),
		chromedp.Click(cellSel(1, 3)),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`),
	)
	if pos := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(pos, "· .FTF") {
		t.Errorf("toads after the jump: %q, want .FTF", pos)
	}
	do(t, ctx, "col ...R",
		chromedp.Navigate(ts.URL+"/?game=col&position=...R"),
		chromedp.WaitVisible(cellSel(1, 3)+".playable"),
	)
	hints := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#board .cell")].map(c => c.className.match(/hint-(\w+)/)?.[1] || "-")`))
	if strings.Join(hints, " ") != "win lose lose -" {
		t.Errorf("col ...R: hints %v, want win lose lose -", hints)
	}
	do(t, ctx, "colouring the first cell", chromedp.Click(cellSel(1, 1)), chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`))
	if pos := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(pos, "· L..R") {
		t.Errorf("col after the click: %q, want L..R", pos)
	}
}

// TestBrowserPlaySecond starts Nim from the gallery against the engine as
// the second player: the engine makes the first move at once (from 3 4 5,
// its only winning move, 3 → 1, leaving 1 4 5), and answers each move.
func TestBrowserPlaySecond(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	do(t, ctx, "the gallery",
		chromedp.Navigate(ts.URL+"/"),
		chromedp.WaitVisible(`#gallery button.start-vs[data-game="nim"][data-side="second"]`),
		chromedp.Click(`#gallery button.start-vs[data-game="nim"][data-side="second"]`),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`),
	)
	pos := run(t, ctx, chromedp.Text(`#position-text`))
	auto := run(t, ctx, chromedp.Evaluate[bool](`document.getElementById("auto-engine").checked`))
	if !strings.HasSuffix(pos, "· 1 4 5") || !auto {
		t.Errorf("nim, playing second: position %q, engine answers %v; want 1 4 5 and true", pos, auto)
	}
	do(t, ctx, "a move of mine", chromedp.Click(`#moves button.move`), chromedp.WaitVisible(`#chart circle.pt[data-ply="3"]`))
}

// TestBrowserHackenbushGraph draws Hackenbush on graphs with green edges
// (hackenbush-graph): in 0-1l,1-2r,1-3g,3-0l 0-1r Left may cut its two
// blue edges and the green one; only the green one wins (the server's
// values: the position is 1/2*, and cutting 1-3g leaves a number, 1/2,
// which Right, to move, loses); the red edges are not Left's. Cutting the
// green edge plays that move. In 0-1l,1-2r 0-1g the red edge stands on
// the blue one: cutting the blue edge makes it fall, leaving 0-1g.
func TestBrowserHackenbushGraph(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	edges := func() string {
		return strings.Join(run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#board a.edge")].map(a => a.dataset.part + "." + a.dataset.edge + ":" + a.className.baseVal.match(/blue|red|green/)[0] + ":" + (a.className.baseVal.match(/hint-(\w+)/)?.[1] || "-"))`)), " ")
	}
	do(t, ctx, "hackenbush-graph",
		chromedp.Navigate(ts.URL+"/?game=hackenbush-graph&position=0-1l,1-2r,1-3g,3-0l+0-1r"),
		chromedp.WaitVisible(`#board svg.hackenbush a.edge`),
	)
	if got, want := edges(), "0.0:blue:lose 0.1:red:- 0.2:green:win 0.3:blue:lose 1.0:red:-"; got != want {
		t.Errorf("hackenbush-graph: edges %s, want %s", got, want)
	}
	screenshot(t, ctx, "hackenbush-graph.png")
	do(t, ctx, "cutting the green edge",
		chromedp.Click(`#board a.edge[data-part="0"][data-edge="2"] .hit`),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`),
	)
	if pos := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(pos, "· 0-1l,1-2r,3-0l 0-1r") {
		t.Errorf("hackenbush-graph after the cut: %q", pos)
	}
	do(t, ctx, "a falling edge",
		chromedp.Navigate(ts.URL+"/?game=hackenbush-graph&position=0-1l,1-2r+0-1g"),
		chromedp.WaitVisible(`#board svg.hackenbush a.edge`),
		chromedp.Click(`#board a.edge[data-part="0"][data-edge="0"] .hit`),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`),
	)
	if pos := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(pos, "· 0-1g") {
		t.Errorf("hackenbush-graph after cutting under the red edge: %q, want 0-1g", pos)
	}
}
