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
