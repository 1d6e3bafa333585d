package server

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// phoneChecks measures a page at a phone's width: the document is no
// wider than the viewport (nothing scrolls sideways), and no element
// inside the page has a vertical scroll of its own (one scroll: the
// page's), and no caption is clipped (text cut off by its box).
const phoneChecks = `(() => {
  const out = [];
  const W = document.documentElement.clientWidth;
  const sw = document.documentElement.scrollWidth;
  if (sw > W) out.push("page " + sw + " px wide in " + W);
  const name = (e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (typeof e.className === "string" && e.className ? "." + e.className.split(" ").join(".") : "");
  for (const e of document.querySelectorAll("body *")) {
    if (e.closest("[hidden]")) continue;
    const cs = getComputedStyle(e);
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if ((cs.overflowY === "auto" || cs.overflowY === "scroll") && e.scrollHeight > e.clientHeight + 1) out.push("scrolls inside the page: " + name(e) + " " + e.scrollHeight + " in " + e.clientHeight);
    if (r.right > W + 1 && !e.closest("svg")) {
      // Only an element's own box counts; one inside a box that
      // scrolls sideways on purpose (a chart) is not wider than the page.
      let inScroller = false;
      for (let p = e.parentElement; p; p = p.parentElement) { const o = getComputedStyle(p).overflowX; if (o === "auto" || o === "scroll" || o === "hidden") { inScroller = p.getBoundingClientRect().right <= W + 1; break; } }
      if (!inScroller) out.push("wider than the screen: " + name(e) + " right " + Math.round(r.right));
    }
    if (e.matches("figcaption, caption, .caption, label, .note") && (e.scrollWidth > e.clientWidth + 1 && cs.overflowX !== "visible")) out.push("clipped: " + name(e) + " " + e.textContent.slice(0, 40));
  }
  return [...new Set(out)].slice(0, 12);
})()`

// TestBrowserPhoneEveryGame opens every gallery game's start at 390×844,
// a phone's screen: nothing is wider than the screen, nothing scrolls
// inside the page, and every control is still a 44 px target.
func TestBrowserPhoneEveryGame(t *testing.T) {
	ctx := browseWithin(t, 10*time.Minute)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	do(t, ctx, "a phone's screen", chromedp.EmulateViewport(390, 844))
	do(t, ctx, "opening the gallery", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(`body[data-ready="true"]`))
	if bad := run(t, ctx, chromedp.Evaluate[[]string](phoneChecks)); len(bad) > 0 {
		t.Errorf("the gallery at 390 px:\n  %s", strings.Join(bad, "\n  "))
	}
	cards := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#gallery button.start-game")].map(b => b.dataset.game)`))
	if len(cards) < 40 {
		t.Fatalf("%d cards in the gallery", len(cards))
	}
	for _, name := range cards {
		do(t, ctx, "playing "+name,
			chromedp.Navigate(ts.URL+"/"),
			chromedp.WaitVisible(`body[data-ready="true"]`),
			chromedp.Click(`#gallery button.start-game[data-game="`+name+`"]`),
		)
		settled(t, ctx)
		// The pictures beside the moves come after the position.
		run(t, ctx, chromedp.Poll[bool](`!document.querySelector("#picture .loading, #patterns .loading")`, chromedp.WithPollingTimeout(0)))
		bad := run(t, ctx, chromedp.Evaluate[[]string](phoneChecks))
		small := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("button:not(:disabled), select, input:not([type=checkbox]), a[href]")].filter(e => !e.closest("[hidden], svg") && e.getBoundingClientRect().height > 0 && e.getBoundingClientRect().height < 44).map(e => "target " + Math.round(e.getBoundingClientRect().height) + " px high: " + (e.id || e.className) + " " + e.textContent.slice(0, 20))`))
		bad = append(bad, small...)
		if len(bad) > 0 {
			t.Errorf("%s at 390 px:\n  %s", name, strings.Join(bad, "\n  "))
		}
		// Every game's page at a phone's width, for review.
		screenshot(t, ctx, fmt.Sprintf("phone-%s.png", strings.NewReplacer(":", "-", "/", "-", ".", "-").Replace(name)))
	}
}

// TestBrowserValueHistory plays tic-tac-toe to its end: the value history
// has one row per position, each after the start named by the move
// played as the move list named it ("X in b2"); the finished game's last
// row, a loss for the player to move, is on the winner's side at the
// edge (remoteness 0), not on the draw line; the first player's wins are
// on the left all game long; a click on a row goes back to it.
func TestBrowserValueHistory(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	do(t, ctx, "tic-tac-toe",
		chromedp.Navigate(ts.URL+"/?game=tictactoe&position=........."),
		chromedp.WaitVisible(`#moves button.move`),
	)
	var played []string
	for step := 0; step < 9; step++ {
		if count(t, ctx, `#moves button.move`) == 0 {
			break
		}
		// The winning move when there is one: X wins quickly then.
		sel := `#moves button.move.win`
		if count(t, ctx, sel) == 0 {
			sel = `#moves button.move`
		}
		played = append(played, run(t, ctx, chromedp.Text(sel+` .label`)))
		do(t, ctx, "a move", chromedp.Click(sel))
		settled(t, ctx)
		run(t, ctx, chromedp.Poll[bool](`state.index === `+fmt.Sprint(len(played)), chromedp.WithPollingTimeout(0)))
	}
	type row struct {
		Name string  `json:"name"`
		X    float64 `json:"x"`
		View string  `json:"view"`
		Turn string  `json:"turn"`
	}
	rows := run(t, ctx, chromedp.Evaluate[[]row](`[...document.querySelectorAll("#chart g.hrow")].map(g => ({name: g.querySelector(":scope > title").textContent, x: +g.querySelector("circle.pt").getAttribute("cx"), view: g.querySelector("circle.pt").dataset.view}))`))
	if len(rows) != len(played)+1 {
		t.Fatalf("%d rows in the value history after %d moves", len(rows), len(played))
	}
	if rows[0].Name != "start" {
		t.Errorf("row 0: %q", rows[0].Name)
	}
	for i, p := range played {
		if want := fmt.Sprint(i+1) + ". " + p; rows[i+1].Name != want || !strings.Contains(p, " in ") {
			t.Errorf("row %d: %q, want %q (the move played, in players' words)", i+1, rows[i+1].Name, want)
		}
	}
	centre := run(t, ctx, chromedp.Evaluate[float64](`+document.querySelector("#chart line.centre").getAttribute("x1")`))
	last := rows[len(rows)-1]
	if turn := run(t, ctx, chromedp.Text(`#turn`)); !strings.HasPrefix(turn, "Game over: X") {
		t.Fatalf("the end: %q", turn)
	}
	// X, the first player, won: every row is on the left, the last at the
	// edge.
	for i, r := range rows {
		if r.View != "D" && r.X >= centre {
			t.Errorf("row %d (%s, %s) at x %.0f, right of the centre %.0f: X's wins are on the left", i, r.Name, r.View, r.X, centre)
		}
	}
	if min := rows[0].X; last.X > min {
		t.Errorf("the last row (a loss for O, remoteness 0) at x %.0f, inside the start's %.0f: it belongs at the edge", last.X, min)
	}
	screenshot(t, ctx, "tictactoe-history.png")
	do(t, ctx, "clicking row 1", chromedp.Click(`#chart g.hrow[data-ply="1"] rect.hit`))
	run(t, ctx, chromedp.Poll[bool](`state.index === 1 && !state.busy`, chromedp.WithPollingTimeout(0)))
	if n := count(t, ctx, `#chart g.hrow`); n != 2 {
		t.Errorf("after going back to move 1: %d rows", n)
	}
}

// TestBrowserConnect4Discs: Connect-4's discs are drawn in two colours.
func TestBrowserConnect4Discs(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	do(t, ctx, "connect4:4x4 12",
		chromedp.Navigate(ts.URL+"/?game=connect4:4x4&position=12"),
		chromedp.WaitVisible(`#moves button.move`),
	)
	colours := run(t, ctx, chromedp.Evaluate[[]string](`["c-x", "c-o"].map(c => getComputedStyle(document.querySelector("#board .cell." + c)).backgroundColor)`))
	if len(colours) != 2 || colours[0] == colours[1] || colours[0] == "rgb(255, 255, 255)" || colours[1] == "rgb(255, 255, 255)" {
		t.Errorf("connect-4's discs: %v", colours)
	}
	screenshot(t, ctx, "connect4-discs.png")
}
