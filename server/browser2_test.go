package server

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The explorer's boards, answers that do not keep the user waiting, Back
// as undo, and its size on a phone (issue 18), in a real browser.

// cellSel selects a cell of a drawn grid by its row and column (from 1).
func cellSel(r, c int) string {
	return `#board .grid-board .cell[data-row="` + strconv.Itoa(r) + `"][data-col="` + strconv.Itoa(c) + `"]`
}

// TestBrowserBoards plays by clicking the drawn boards: Kayles splits a
// row (the third pin of 10 knocked down leaves 2 and 7), Domineering
// takes a domino as two clicks, tic-tac-toe a cell, Hackenbush an edge
// cut; each board's hints are the moves' colours; Back undoes a move.
func TestBrowserBoards(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()

	// Kayles 10: the token 3 starts two moves (one pin or two), offered
	// as choices; removing one pin leaves 2 7, a P-position (G(2) = G(7)
	// = 2), so that move is the win.
	do(t, ctx, "kayles 10",
		chromedp.Navigate(ts.URL+"/?game=kayles&position=10"),
		chromedp.WaitVisible(`#board .token[data-k="2"]`),
		chromedp.Click(`#board .heap[data-heap="0"] .token[data-k="2"]`),
		chromedp.WaitVisible(`#choices button.choice`),
	)
	choices := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#choices button.choice")].map(b => b.dataset.position + ":" + b.classList.contains("win"))`))
	if strings.Join(choices, " ") != "2 7:true 2 6:false" {
		t.Fatalf("kayles 10, token 3: choices %v, want 2 7 (win) and 2 6", choices)
	}
	hint := run(t, ctx, chromedp.Evaluate[bool](`document.querySelector('#board .token[data-k="2"]').classList.contains("hint-win")`))
	if !hint {
		t.Errorf("kayles 10: token 3 not ringed as a win")
	}
	do(t, ctx, "knocking one pin down",
		chromedp.Click(`#choices button.choice[data-position="2 7"]`),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`),
	)
	if pos := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(pos, "2 7") {
		t.Errorf("kayles after the click: %q, want 2 7", pos)
	}
	// Back is undo: the browser's history holds the positions.
	do(t, ctx, "Back", chromedp.NavigateBack(), chromedp.WaitNotPresent(`#chart circle.pt[data-ply="1"]`))
	if pos := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(pos, "· 10") {
		t.Errorf("after Back: %q, want kayles 10", pos)
	}
	do(t, ctx, "Forward", chromedp.NavigateForward(), chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`))
	screenshot(t, ctx, "kayles-split.png")

	// Domineering 2x3, Left to move: Left's middle vertical domino is
	// the one win (Left's two others lose); a click plays it, since a
	// cell of two rows is in one vertical domino.
	do(t, ctx, "domineering 2x3",
		chromedp.Navigate(ts.URL+"/?game=domineering&position=2x3"),
		chromedp.WaitVisible(cellSel(1, 2)),
	)
	if h := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#board .cell")].map(c => c.className.match(/hint-(\w+)/)?.[1] || "-")`)); strings.Join(h, " ") != "lose win lose lose win lose" {
		t.Errorf("domineering 2x3 hints %v", h)
	}
	// On 3x3 the centre is in two of Left's dominoes: two clicks.
	do(t, ctx, "domineering 3x3",
		chromedp.Navigate(ts.URL+"/?game=domineering&position=3x3"),
		chromedp.WaitVisible(cellSel(2, 2)),
		chromedp.Click(cellSel(2, 2)),
		chromedp.WaitVisible(`#board .cell.picked`),
		chromedp.Click(cellSel(1, 2)),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`),
	)
	if pos := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(pos, ".#.|.#.|...") {
		t.Errorf("domineering after two clicks: %q, want .#.|.#.|...", pos)
	}
	screenshot(t, ctx, "domineering-click.png")

	// Tic-tac-toe: one click a move; every first move draws.
	do(t, ctx, "tic-tac-toe",
		chromedp.Navigate(ts.URL+"/?game=tictactoe&position=........."),
		chromedp.WaitVisible(cellSel(2, 2)),
	)
	if n := count(t, ctx, "#board .cell.hint-draw"); n != 9 {
		t.Errorf("tic-tac-toe: %d cells hinted as draws, want 9", n)
	}
	do(t, ctx, "X in the centre", chromedp.Click(cellSel(2, 2)), chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`))
	if pos := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(pos, "....X....") {
		t.Errorf("tic-tac-toe after the click: %q", pos)
	}

	// Hackenbush lr l: Left cuts the blue edge of the stalk l (leaving
	// lr, worth 1/2, which Right, to move, loses... as a Left win).
	do(t, ctx, "hackenbush",
		chromedp.Navigate(ts.URL+"/?game=hackenbush&position=lr+l"),
		chromedp.WaitVisible(`#board svg.hackenbush`),
	)
	if n := count(t, ctx, `#board svg.hackenbush a.edge`); n != 3 {
		t.Fatalf("hackenbush lr l: %d edges drawn, want 3", n)
	}
	do(t, ctx, "cutting the edge l", chromedp.Click(`#board a.edge[data-stalk="1"][data-edge="0"] .stem`), chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`))
	if pos := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(pos, "· lr") {
		t.Errorf("hackenbush after the cut: %q, want lr", pos)
	}
	if th := run(t, ctx, chromedp.Evaluate[string](`document.querySelector("#pictures-title").textContent + ": " + (document.querySelector(".thermo-facts") || {}).textContent`)); !strings.HasPrefix(th, "Thermograph") {
		t.Errorf("hackenbush: picture %q", th)
	}
}

// slowMoves is the server with its move details (position requests
// without summary=1) held for delay, and a record of when each request's
// context ended.
type slowMoves struct {
	s     *Server
	delay time.Duration
	mu    sync.Mutex
	ended map[string]error // path?query -> the context's error when the handler returned
}

func (h *slowMoves) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/api/v1/position" && r.URL.Query().Get("summary") == "" && h.delay > 0 {
		select {
		case <-time.After(h.delay):
		case <-r.Context().Done():
		}
	}
	h.s.ServeHTTP(w, r)
	h.mu.Lock()
	h.ended[r.URL.Path+"?"+r.URL.RawQuery] = r.Context().Err()
	h.mu.Unlock()
}

// TestBrowserWaiting: the answer of a position shows before its moves
// (held back here by the test's server), with progress on screen and the
// old position marked stale; Cancel on a slow position (Domineering 6x6,
// past any quick answer) stops the server's work: its request's context
// is cancelled and the handler returns at once.
func TestBrowserWaiting(t *testing.T) {
	ctx := browse(t)
	h := &slowMoves{s: New(Config{}), delay: 1500 * time.Millisecond, ended: map[string]error{}}
	ts := httptest.NewServer(h)
	defer ts.Close()
	h.delay = 0
	do(t, ctx, "nim 3 4 5", chromedp.Navigate(ts.URL+"/?game=nim&position=3+4+5"), chromedp.WaitVisible(`#moves button.move.win`))
	h.delay = 1500 * time.Millisecond
	do(t, ctx, "playing the winning move",
		chromedp.Click(`#moves button.move.win`),
		chromedp.WaitVisible(`#pending`),
	)
	pending := run(t, ctx, chromedp.Text(`#pending`))
	stale := run(t, ctx, chromedp.Evaluate[bool](`document.getElementById("explorer").classList.contains("stale") && !document.getElementById("progress").hidden`))
	if !strings.Contains(pending, "1 4 5") || !strings.Contains(pending, "loses") || !stale {
		t.Errorf("while the moves are listed: pending %q, stale and progress shown %v", pending, stale)
	}
	do(t, ctx, "the moves", chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`), chromedp.WaitNotVisible(`#progress`))
	h.delay = 0

	// Domineering 6x6: no quick answer. Cancel.
	start := time.Now()
	do(t, ctx, "domineering 6x6",
		chromedp.SetValue(`#position`, "6x6"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("game").value = "domineering"`),
		chromedp.Click(`#go`),
		chromedp.WaitVisible(`#progress`),
		chromedp.Sleep(time.Second),
		chromedp.Click(`#cancel`),
		chromedp.WaitNotVisible(`#progress`),
	)
	// The handler ended with its context cancelled, soon after Cancel.
	var err error
	found := false
	for wait := time.Now(); time.Since(wait) < 5*time.Second && !found; time.Sleep(50 * time.Millisecond) {
		h.mu.Lock()
		for k, e := range h.ended {
			if strings.Contains(k, "game=domineering") && strings.Contains(k, "6x6") {
				err, found = e, true
			}
		}
		h.mu.Unlock()
	}
	if !found || err != context.Canceled || time.Since(start) > 10*time.Second {
		t.Errorf("domineering 6x6 cancelled: the handler ended %v with %v after %v; want context.Canceled within seconds", found, err, time.Since(start))
	}
	note := run(t, ctx, chromedp.Text(`#engine-note`))
	pos := run(t, ctx, chromedp.Text(`#position-text`))
	if !strings.Contains(note, "Cancelled") || !strings.HasSuffix(pos, "1 4 5") {
		t.Errorf("after Cancel: note %q, position %q (want the old one, 1 4 5)", note, pos)
	}
	// A position too large to list move by move keeps its answer.
	do(t, ctx, "nim 2000000",
		chromedp.Navigate(ts.URL+"/?game=nim&position=2000000"),
		chromedp.WaitVisible(`#moves .moves-error`),
	)
	if sum := run(t, ctx, chromedp.Text(`#summary`)); !strings.Contains(sum, "Sprague–Grundy value 2000000") {
		t.Errorf("nim 2000000: summary %q", sum)
	}
}

// TestBrowserPhone opens positions at a phone's width (390 px) and a
// desktop's: nothing is wider than the screen, no text is under 12 px,
// every control on the phone is at least 44 px high, and text has a
// contrast of 4.5:1 or more against its background (WCAG AA).
func TestBrowserPhone(t *testing.T) {
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	checks := `(() => {
	  const out = [];
	  let seen = 0;
	  const W = document.documentElement.clientWidth;
	  if (document.documentElement.scrollWidth > W + 1) out.push("page " + document.documentElement.scrollWidth + " px wide in " + W);
	  const lum = (c) => { const m = c.match(/[\d.]+/g).map(Number); const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }; return 0.2126 * f(m[0]) + 0.7152 * f(m[1]) + 0.0722 * f(m[2]); };
	  const bg = (e) => { for (; e; e = e.parentElement) { const c = getComputedStyle(e).backgroundColor; if (c && !c.startsWith("rgba(0, 0, 0, 0)") && c !== "transparent") return c; } return "rgb(255, 255, 255)"; };
	  for (const e of document.querySelectorAll("body *")) {
	    const r = e.getBoundingClientRect();
	    if (r.width === 0 || r.height === 0 || e.closest("[hidden]") || getComputedStyle(e).visibility === "hidden") continue;
	    const cs = getComputedStyle(e);
	    seen++;
	    const hasText = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== "");
	    if (hasText && e.closest(".sr-only") == null) {
	      const size = parseFloat(cs.fontSize);
	      if (size < 12) out.push("text " + size + " px: " + e.tagName + " " + e.textContent.slice(0, 30));
	      if (!(e instanceof SVGElement) && !e.closest(".stale,main.stale") && !e.disabled) {
	        const a = lum(cs.color), b = lum(bg(e));
	        const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
	        if (ratio < 4.5) out.push("contrast " + ratio.toFixed(2) + ": " + e.tagName + "." + e.className + " " + e.textContent.slice(0, 30));
	      }
	    }
	    if (W < 500 && (e.matches("button:not(:disabled), select, input:not([type=checkbox]), a[href]")) && r.height < 44 && !e.closest("svg")) out.push("target " + r.height.toFixed(0) + " px high: " + e.tagName + " " + (e.id || e.className) + " " + e.textContent.slice(0, 20));
	    if (r.right > W + 1 && !e.closest(".chart-box,#pictures-panel,.grid-board,#moves")) out.push("overflows: " + e.tagName + " " + (e.id || e.className));
	  }
	  if (seen < 30) out.push("only " + seen + " elements drawn");
	  return [...new Set(out)].slice(0, 15);
	})()`
	for _, size := range [][2]int{{390, 844}, {1280, 900}} {
		ctx := browse(t)
		do(t, ctx, "the window's size", chromedp.EmulateViewport(int64(size[0]), int64(size[1])))
		for _, page := range []string{"/?game=nim&position=3+4+5", "/?game=domineering&position=3x3", "/?game=pig:20&position=7+3+2", "/?game=kayles&position=20", "/"} {
			do(t, ctx, "opening "+page,
				chromedp.Navigate(ts.URL+page),
				chromedp.WaitVisible(`body[data-ready="true"]`),
			)
			if page != "/" {
				do(t, ctx, "the moves", chromedp.WaitVisible(`#moves button.move`))
			}
			if bad := run(t, ctx, chromedp.Evaluate[[]string](checks)); len(bad) > 0 {
				t.Errorf("%dx%d %s:\n  %s", size[0], size[1], page, strings.Join(bad, "\n  "))
			}
			if page == "/" || size[0] == 390 && page == "/?game=nim&position=3+4+5" {
				screenshot(t, ctx, fmt.Sprintf("page-%d%s.png", size[0], strings.NewReplacer("/", "-", "?", "", "&", "-", "=", "", "+", "").Replace(page)))
			}
		}
	}
}

// TestBrowserPictures draws the pictures: Wythoff's grid of values with
// its P-positions (a click on one that a move reaches plays it), Kayles'
// value sequence with its period marked (Guy and Smith 1956: period 12
// from n = 71), and a partizan position's
// thermograph with its stops, mean and temperature: Domineering 2x3 is
// {2|-1/2}, and a game {a|b} with a > b has stops a and b, mean (a+b)/2
// and temperature (a−b)/2 (Winning Ways, ch. 6).
func TestBrowserPictures(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	do(t, ctx, "wythoff 4 5",
		chromedp.Navigate(ts.URL+"/?game=wythoff&position=4+5"),
		chromedp.WaitVisible(`#picture svg.vgrid .vcell.here`),
	)
	here := run(t, ctx, chromedp.AttributeValue(`#picture .vcell.here`, "data-ab")).Value
	// P-positions below 24: (0,0) (1,2) (3,5) (4,7) (6,10) (8,13) (9,15)
	// (11,18) (12,20) (14,23) and mirrors: 19 cells.
	p := count(t, ctx, `#picture .vcell[data-v="0"]`)
	if here != "4,5" || p != 19 {
		t.Errorf("wythoff 4 5: ringed %q, %d P-cells drawn; want 4,5 and 19", here, p)
	}
	do(t, ctx, "clicking the P-position (3, 5)",
		chromedp.Click(`#picture .vcell.reach[data-ab="3,5"]`),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`),
	)
	if pos := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(pos, "3 5") {
		t.Errorf("after the click on the grid: %q", pos)
	}
	screenshot(t, ctx, "wythoff-grid.png")

	do(t, ctx, "kayles 8 5",
		chromedp.Navigate(ts.URL+"/?game=kayles&position=8+5"),
		chromedp.WaitVisible(`#picture svg.seq`),
	)
	bars := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#picture .bar")].slice(0, 13).map(b => b.dataset.g)`))
	mine := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#picture .bar.mine")].map(b => b.dataset.n)`))
	// Kayles: 0 1 2 3 1 4 3 2 1 4 2 6 4 (Winning Ways, ch. 4).
	if strings.Join(bars, " ") != "0 1 2 3 1 4 3 2 1 4 2 6 4" || strings.Join(mine, " ") != "5 8" {
		t.Errorf("kayles sequence %v, ringed %v", bars, mine)
	}
	if period := run(t, ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#picture svg.seq text")].map(t => t.textContent).find(t => t.startsWith("period")) || ""`)); period != "period 12 from n = 71" {
		t.Errorf("kayles: period marked %q, want period 12 from n = 71", period)
	}
	// The sum of two heaps: the grid of G(a) xor G(b) below 24, its zeros
	// where G(a) = G(b). Kayles' G(0..23) (Winning Ways, ch. 4) take the
	// value 0 once, 1 six times, 2 five, 3 three, 4 five, 6 two and 7
	// two: 1 + 36 + 25 + 9 + 25 + 4 + 4 = 104 P-cells.
	do(t, ctx, "kayles 8 5's grid", chromedp.WaitVisible(`#picture svg.vgrid .vcell.here`))
	if here, p := run(t, ctx, chromedp.AttributeValue(`#picture .vcell.here`, "data-ab")).Value, count(t, ctx, `#picture .vcell[data-v="0"]`); here != "8,5" || p != 104 {
		t.Errorf("kayles 8 5's grid: ringed %q, %d P-cells drawn; want 8,5 and 104", here, p)
	}
	if v := run(t, ctx, chromedp.AttributeValue(`#picture .vcell[data-ab="11,22"]`, "data-v")).Value; v != "0" {
		t.Errorf("kayles (11, 22): value %q, want 0 (G = 6 both)", v)
	}
	screenshot(t, ctx, "kayles-sequence.png")

	// Moore's Nim is not a sum of heaps: no sequence, its own grid. With
	// two heaps and k = 2 a move may take from both, so (0, 0) is its
	// only P-position below 24 (Moore 1910: P iff every binary digit's
	// count is a multiple of k+1).
	do(t, ctx, "moore:2 4 5",
		chromedp.Navigate(ts.URL+"/?game=moore:2&position=4+5"),
		chromedp.WaitVisible(`#picture svg.vgrid .vcell.here`),
	)
	if p, seq := count(t, ctx, `#picture .vcell[data-v="0"]`), count(t, ctx, `#picture svg.seq`); p != 1 || seq != 0 {
		t.Errorf("moore:2 4 5: %d P-cells and %d sequences drawn; want 1 and 0", p, seq)
	}

	do(t, ctx, "domineering 2x3",
		chromedp.Navigate(ts.URL+"/?game=domineering&position=2x3"),
		chromedp.WaitVisible(`#picture svg.thermo`),
	)
	facts := run(t, ctx, chromedp.Text(`#picture .thermo-facts`))
	if facts != "Left stop 2 · right stop -1/2 · mean 3/4 · temperature 5/4 (value {2|-1/2})" {
		t.Errorf("domineering 2x3 thermograph: %q", facts)
	}
}

// TestBrowserScriptView plays game scripts that draw themselves with
// view(pos) (docs/scripts.md): Cram on a strip of six (testdata/cram.star)
// drawn as one row, each cell ringed with the best move through it (only
// ..##.., leaving two strips of two, wins: each has one move), the move
// taken by its two cells; and Nim on a tuple (testdata/twoheaps.star)
// drawn as heaps, a move taken by a token.
func TestBrowserScriptView(t *testing.T) {
	scripts, err := LoadScripts([]string{"testdata/cram.star", "testdata/twoheaps.star"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{Scripts: scripts}))
	defer ts.Close()
	do(t, ctx, "cram.star",
		chromedp.Navigate(ts.URL+"/?game=cram.star&position=......"),
		chromedp.WaitVisible(cellSel(1, 3)),
	)
	if h := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#board .cell")].map(c => c.className.match(/hint-(\w+)/)?.[1] || "-")`)); strings.Join(h, " ") != "lose lose win win lose lose" {
		t.Errorf("cram ......: hints %v", h)
	}
	do(t, ctx, "covering cells 3 and 4",
		chromedp.Click(cellSel(1, 3)),
		chromedp.WaitVisible(`#board .cell.picked`),
		chromedp.Click(cellSel(1, 4)),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`),
	)
	if pos := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(pos, "..##..") {
		t.Errorf("cram after two clicks: %q", pos)
	}
	do(t, ctx, "twoheaps.star",
		chromedp.Navigate(ts.URL+"/?game=twoheaps.star&position=3+4"),
		chromedp.WaitVisible(`#board .heap[data-heap="1"] .token[data-k="1"]`),
		chromedp.Click(`#board .heap[data-heap="1"] .token[data-k="1"]`),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`),
	)
	if pos := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(pos, "3 1") {
		t.Errorf("twoheaps after the click: %q, want 3 1", pos)
	}
}
