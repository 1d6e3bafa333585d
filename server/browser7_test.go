package server

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserVariantsAndRules: a gallery card's variant picker starts the
// variant picked at its real start (Connect-4 5×4 with 3 in a row: the
// empty board of 5 columns; Pig to 20; three men's morris with
// diagonals), the rules and their source are one click away on the card
// and on the game's page, and the page names the players as the game
// does (Red, Yellow; White; first player, second player). The gallery
// with every card's rules and picker open is as wide as a phone at 390
// px and clean under axe-core.
func TestBrowserVariantsAndRules(t *testing.T) {
	ctx := browseWithin(t, 3*time.Minute)
	axe := axeScript(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	gallery := func() {
		do(t, ctx, "the gallery", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(`body[data-ready="true"]`))
	}
	gallery()
	// The gallery is the page's width, not the left column of a grid.
	if w := run(t, ctx, chromedp.Evaluate[float64](`document.getElementById("gallery").getBoundingClientRect().width / document.getElementById("setup").getBoundingClientRect().width`)); w < 0.98 {
		t.Errorf("the gallery is %.0f%% of the page's width", 100*w)
	}
	// The card's rules, one click away.
	do(t, ctx, "tic-tac-toe's rules", chromedp.Click(`li.card[data-game="tictactoe"] details.rules summary`))
	rules := run(t, ctx, chromedp.Text(`li.card[data-game="tictactoe"] details.rules`))
	if !strings.Contains(rules, "X and O take turns, X first") || !strings.Contains(rules, "Source: ") {
		t.Errorf("tic-tac-toe's rules on its card: %q", rules)
	}
	for _, c := range []struct {
		game   string
		set    map[string]string // input id suffix -> value
		spec   string
		turn   string
		board  string // a check of the board, in JavaScript
		result string
	}{
		{"connect4", map[string]string{"width": "5", "k": "3"}, "connect4:5x4:3", "Red to move.",
			`document.querySelectorAll("#board .grid-board .cell").length === 20`, ""},
		{"pig", map[string]string{"goal": "20"}, "pig:20", "", `/goal 20/.test(current().board.text) || current().position === "0 0 0"`, ""},
		{"morris", map[string]string{"diag": "on"}, "morris:3:diag", "White to move.", `current().position === ".........:W:3,3"`, ""},
	} {
		gallery()
		do(t, ctx, c.game+"'s variant picker", chromedp.Click(`li.card[data-game="`+c.game+`"] details.variant summary`))
		for name, v := range c.set {
			id := "#v-" + c.game + "-" + name
			if v == "on" {
				do(t, ctx, "ticking "+id, chromedp.Click(id))
				continue
			}
			do(t, ctx, "setting "+id, chromedp.SetValue(id, v), chromedp.Evaluate[chromedp.Void](`document.querySelector("`+id+`").dispatchEvent(new Event("input"))`))
		}
		if named := run(t, ctx, chromedp.Text(`li.card[data-game="`+c.game+`"] details.variant summary code`)); named != c.spec {
			t.Errorf("%s: the picker names %q, want %q", c.game, named, c.spec)
		}
		do(t, ctx, "playing "+c.spec, chromedp.Click(`li.card[data-game="`+c.game+`"] button.start-game`))
		settled(t, ctx)
		got := run(t, ctx, chromedp.Evaluate[[]string](`[state.spec, document.getElementById("error").hidden ? "" : document.getElementById("error").textContent, document.getElementById("turn").textContent, String(`+c.board+`)]`))
		if got[0] != c.spec || got[1] != "" || c.turn != "" && got[2] != c.turn || got[3] != "true" {
			t.Errorf("%s: played %q, error %q, turn %q, board as expected %s", c.spec, got[0], got[1], got[2], got[3])
		}
		// The rules on the game's page.
		do(t, ctx, "the page's rules", chromedp.Click(`#rules-box summary`))
		if r := run(t, ctx, chromedp.Text(`#rules-box`)); !strings.Contains(r, "Source: ") || len(r) < 100 {
			t.Errorf("%s: the page's rules %q", c.spec, r)
		}
	}
	// A variant the game refuses (a 9×9 Connect-4 board is more than its
	// bitboard) is said beside the gallery, which stays.
	gallery()
	do(t, ctx, "connect4 9x9", chromedp.Click(`li.card[data-game="connect4"] details.variant summary`),
		chromedp.SetValue("#v-connect4-width", "9"), chromedp.SetValue("#v-connect4-height", "9"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector("#v-connect4-height").dispatchEvent(new Event("input"))`),
		chromedp.Click(`li.card[data-game="connect4"] button.start-game`))
	run(t, ctx, chromedp.Poll[bool](`!document.getElementById("error").hidden`, chromedp.WithPollingTimeout(0)))
	if msg, shown := run(t, ctx, chromedp.Text(`#error`)), run(t, ctx, chromedp.Evaluate[bool](`!document.getElementById("landing").hidden`)); !strings.Contains(msg, "9x9") || !shown {
		t.Errorf("connect4:9x9:4: error %q, gallery shown %v", msg, shown)
	}
	// Nim's players have no names: first and second player, by turns.
	do(t, ctx, "nim", chromedp.Navigate(ts.URL+"/?game=nim&position=3+4+5"), chromedp.WaitVisible(`#moves button.move`))
	if turn := run(t, ctx, chromedp.Text(`#turn`)); turn != "First player to move." {
		t.Errorf("nim: %q", turn)
	}
	do(t, ctx, "a move", chromedp.Click(`#moves button.move`))
	settled(t, ctx)
	if turn := run(t, ctx, chromedp.Text(`#turn`)); turn != "Second player to move." {
		t.Errorf("nim after a move: %q", turn)
	}
	// The gallery with everything open: one page's width on a phone, and
	// clean under axe-core.
	do(t, ctx, "a phone's screen", chromedp.EmulateViewport(390, 844))
	gallery()
	run(t, ctx, chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("#gallery details").forEach(d => d.open = true)`))
	if bad := run(t, ctx, chromedp.Evaluate[[]string](phoneChecks)); len(bad) > 0 {
		t.Errorf("the gallery opened at 390 px:\n  %s", strings.Join(bad, "\n  "))
	}
	small := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#gallery summary, #gallery button, #gallery input:not([type=checkbox]), #gallery select")].filter(e => e.getBoundingClientRect().height > 0 && e.getBoundingClientRect().height < 44).map(e => Math.round(e.getBoundingClientRect().height) + " px: " + e.textContent.slice(0, 30))`))
	if len(small) > 0 {
		t.Errorf("targets under 44 px in the gallery: %v", small[:min(5, len(small))])
	}
	axeClean(t, ctx, axe, "the gallery with every card open")
}

// valueWords are what a page with values hidden must not say anywhere a
// person or a screen reader could find it: results, outcomes, values.
const leakCheck = `(() => {
  const out = [];
  const words = /\b(wins?|win in|loses?|lose in|draws?|remoteness|grundy|sprague|outcome|value [0-9*]|P-position|N-position)\b|[✓✗]/i;
  const where = ["board", "moves", "summary", "turn", "engine-note", "chart", "pending", "picture", "announce", "patterns"];
  for (const id of where) {
    const root = document.getElementById(id);
    if (!root) continue;
    for (const e of [root, ...root.querySelectorAll("*")]) {
      const name = id + " " + e.tagName.toLowerCase() + (typeof e.className === "string" ? "." + e.className : "");
      if (e.children.length === 0 && !e.matches("#board p.help") && words.test(e.textContent)) out.push("text of " + name + ": " + e.textContent.slice(0, 60));
      for (const a of e.getAttributeNames()) {
        const v = e.getAttribute(a);
        if ((a === "aria-label" || a === "title") && words.test(v)) out.push(a + " of " + name + ": " + v.slice(0, 60));
        if (a === "class" && /\b(win|lose|draw|hint-win|hint-lose|hint-draw|p1|p2|best)\b/.test(v)) out.push("class of " + name + ": " + v);
        if (a.startsWith("data-") && /^data-(result|outcome|view|remoteness|value)$/.test(a) && v !== "") out.push(a + " of " + name + ": " + v);
      }
    }
  }
  // No gaps: nothing kept in place while invisible, and no empty badges.
  for (const e of document.querySelectorAll("#explorer *")) {
    if (getComputedStyle(e).visibility === "hidden" && e.getBoundingClientRect().height > 0) out.push("an invisible box holding its place: " + e.tagName + "#" + e.id + "." + e.className);
  }
  if (document.querySelectorAll("#moves .badge").length) out.push("badges in the move list");
  if (document.getElementById("history-panel").getBoundingClientRect().height > 0) out.push("the value history takes room");
  return [...new Set(out)].slice(0, 15);
})()`

// TestBrowserHiddenValuesLeakNothing: with values hidden, the board, the
// move list, the notes, the history and what a screen reader hears say
// nothing of a value (no result word, glyph, class, data attribute,
// title or label), and nothing hidden leaves a gap; against the engine
// its note names its move only. Shown again, the values come back.
func TestBrowserHiddenValuesLeakNothing(t *testing.T) {
	ctx := browse(t)
	axe := axeScript(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	for _, page := range []string{"/?game=tictactoe&position=X...O....", "/?game=nim&position=3+4+5", "/?game=quixo:3", "/?game=domineering&position=3x4", "/?game=pig:10&position=0+0+0"} {
		do(t, ctx, page, chromedp.Navigate(ts.URL+page), chromedp.WaitVisible(`#moves button.move`))
		settled(t, ctx)
		if leaks := run(t, ctx, chromedp.Evaluate[[]string](leakCheck)); len(leaks) < 2 {
			t.Fatalf("%s with values shown: the check finds only %v, so it would not see a leak", page, leaks)
		}
		do(t, ctx, "hiding the values", chromedp.Click(`#hide-values`))
		if leaks := run(t, ctx, chromedp.Evaluate[[]string](leakCheck)); len(leaks) > 0 {
			t.Errorf("%s, values hidden:\n  %s", page, strings.Join(leaks, "\n  "))
		}
		axeClean(t, ctx, axe, page+" with values hidden")
		// A move, then the engine's answer: still nothing said.
		do(t, ctx, "the engine answers", chromedp.Click(`#auto-engine`), chromedp.Click(`#moves button.move`))
		settled(t, ctx)
		run(t, ctx, chromedp.Poll[bool](`!state.busy`, chromedp.WithPollingTimeout(0)))
		// A finished game says who won: that is the board's, not a hint.
		if ended := run(t, ctx, chromedp.Evaluate[bool](`over(current())`)); ended {
			t.Logf("%s: the game ended", page)
		} else if leaks := run(t, ctx, chromedp.Evaluate[[]string](leakCheck)); len(leaks) > 0 {
			t.Errorf("%s after a move against the engine, values hidden:\n  %s", page, strings.Join(leaks, "\n  "))
		}
		do(t, ctx, "showing the values", chromedp.Click(`#hide-values`), chromedp.Click(`#auto-engine`))
		if n := count(t, ctx, `#chart g.hrow`); n < 2 {
			t.Errorf("%s: values shown again, %d rows in the history", page, n)
		}
	}
}

// TestBrowserHistoryDots: each row of the value history after the start
// carries the other moves of the position before as dots at the values
// they would have left: X's seven moves at XO....... leave row 1 with
// six dots; each is on the side of the player who wins where it leads
// (X on the left, O on the right) as its move's result says (a move
// that wins for its mover, X, on the left; one that loses, on the
// right), at its remoteness, and draws on the centre line.
func TestBrowserHistoryDots(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	do(t, ctx, "tic-tac-toe",
		chromedp.Navigate(ts.URL+"/?game=tictactoe&position=XO......."),
		chromedp.WaitVisible(`#moves button.move`),
		chromedp.Click(`#moves button.move.win`),
	)
	settled(t, ctx)
	run(t, ctx, chromedp.Poll[bool](`state.index === 1 && !state.busy`, chromedp.WithPollingTimeout(0)))
	type dot struct {
		X          float64 `json:"x"`
		Remoteness string  `json:"remoteness"`
		Title      string  `json:"title"`
	}
	dots := run(t, ctx, chromedp.Evaluate[[]dot](`[...document.querySelectorAll('#chart g.hrow[data-ply="1"] circle.dot')].map(c => ({x: +c.getAttribute("cx"), remoteness: c.dataset.remoteness, title: c.querySelector("title").textContent}))`))
	type move struct {
		Label      string `json:"label"`
		Result     string `json:"result"`
		Remoteness *int   `json:"remoteness"`
	}
	moves := run(t, ctx, chromedp.Evaluate[[]move](`state.history[0].moves.filter(m => m.position !== state.history[1].position).map(m => ({label: m.label, result: m.result, remoteness: m.remoteness}))`))
	if len(dots) != len(moves) || len(moves) != 6 {
		t.Fatalf("row 1: %d dots for the %d other moves (want 6 of 7)", len(dots), len(moves))
	}
	centre := run(t, ctx, chromedp.Evaluate[float64](`+document.querySelector("#chart line.centre").getAttribute("x1")`))
	for i, m := range moves {
		d := dots[i]
		want := "" // a draw has none
		if m.Remoteness != nil {
			want = fmt.Sprint(*m.Remoteness)
		}
		if !strings.HasPrefix(d.Title, m.Label+": ") || d.Remoteness != want {
			t.Errorf("dot %d: %q remoteness %q; move %s remoteness %q", i, d.Title, d.Remoteness, m.Label, want)
		}
		switch m.Result {
		case "win":
			if d.X >= centre || !strings.Contains(d.Title, "X wins") {
				t.Errorf("%s wins for X but its dot %q is at %.0f (centre %.0f)", m.Label, d.Title, d.X, centre)
			}
		case "lose":
			if d.X <= centre || !strings.Contains(d.Title, "O wins") {
				t.Errorf("%s loses for X but its dot %q is at %.0f (centre %.0f)", m.Label, d.Title, d.X, centre)
			}
		case "draw":
			if d.X != centre {
				t.Errorf("%s draws but its dot is at %.0f (centre %.0f)", m.Label, d.X, centre)
			}
		}
	}
	if n := count(t, ctx, `#chart g.hrow[data-ply="0"] circle.dot`); n != 0 {
		t.Errorf("the start's row has %d dots", n)
	}
}

// TestBrowserQuixoPush: a Quixo cube on the border is picked by a click,
// and arrows appear at the ends where it may be pushed back in, one for
// each move the server lists from that cube, each marked with its
// result; a click on an arrow plays that push, and the new board shows
// it (its arrow, the cube pushed in outlined).
func TestBrowserQuixoPush(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	do(t, ctx, "quixo:3",
		chromedp.Navigate(ts.URL+"/?game=quixo:3&position=X.O..X...:O"),
		chromedp.WaitVisible(`#board .quixo-frame`),
		chromedp.Click(`#board .cell[data-cell="0,1"]`),
		chromedp.WaitVisible(`#board .push`),
	)
	type push struct {
		End    string `json:"end"`
		Result string `json:"result"`
		Glyph  string `json:"glyph"`
	}
	pushes := run(t, ctx, chromedp.Evaluate[[]push](`[...document.querySelectorAll("#board .push")].map(b => ({end: b.dataset.push, result: [...b.classList].find(c => c.startsWith("hint-")).slice(5), glyph: (b.querySelector(".mark") || {textContent: ""}).textContent}))`))
	want := run(t, ctx, chromedp.Evaluate[[]push](`current().moves.filter(m => m.label.startsWith("cube at (1, 2) ")).map(m => ({end: m.label.split(" ").pop(), result: m.result, glyph: ({win: "✓", lose: "✗", draw: "="})[m.result]}))`))
	if fmt.Sprint(pushes) != fmt.Sprint(want) || len(want) != 3 {
		t.Fatalf("the arrows of the cube at (1, 2): %v, want %v", pushes, want)
	}
	if n := count(t, ctx, `#board .cell.picked[data-cell="0,1"]`); n != 1 {
		t.Errorf("the picked cube is not outlined")
	}
	target := run(t, ctx, chromedp.Evaluate[string](`current().moves.find(m => m.label === "cube at (1, 2) pushed in at the bottom").position`))
	do(t, ctx, "pushing it in at the bottom", chromedp.Click(`#board .push[data-push="bottom"]`))
	settled(t, ctx)
	run(t, ctx, chromedp.Poll[bool](`state.index === 1 && !state.busy`, chromedp.WithPollingTimeout(0)))
	got := run(t, ctx, chromedp.Evaluate[[]string](`[current().position, (document.querySelector("#board .last-push") || {dataset: {}}).dataset.slot || "", (document.querySelector("#board .cell.pushed") || {dataset: {}}).dataset.cell || ""]`))
	if got[0] != target || got[1] != "4,2" || got[2] != "2,1" {
		t.Errorf("after the push: position %q (want %q), last push's arrow at %q (want 4,2), cube pushed in at %q (want 2,1)", got[0], target, got[1], got[2])
	}
	screenshot(t, ctx, "quixo-push.png")
}

// TestBrowserLongValues: an Amazons position whose value is hundreds of
// characters long (and whose moves' values reach 1,794) at a phone's
// width: the summary wraps the whole value, each long badge is elided
// with the whole on hover (its title), the history's value label too,
// and nothing is wider than the screen.
func TestBrowserLongValues(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	do(t, ctx, "a phone's screen", chromedp.EmulateViewport(390, 844))
	do(t, ctx, "amazons", chromedp.Navigate(ts.URL+"/?game=amazons&position=x...%7C....%7C...o"), chromedp.WaitVisible(`#moves button.move`))
	settled(t, ctx)
	if bad := run(t, ctx, chromedp.Evaluate[[]string](phoneChecks)); len(bad) > 0 {
		t.Errorf("amazons with long values at 390 px:\n  %s", strings.Join(bad, "\n  "))
	}
	got := run(t, ctx, chromedp.Evaluate[[]int](`[
	  String(current().value).length,
	  document.getElementById("summary").textContent.includes(String(current().value)) ? 1 : 0,
	  current().moves.filter(m => String(m.value).length > 30).length,
	  [...document.querySelectorAll("#moves button.move .badge")].filter(b => b.textContent.endsWith("…") && b.title.includes(current().moves.find(m => m.position === b.closest("button").dataset.position && m.player === b.closest("button").dataset.player).value)).length,
	  [...document.querySelectorAll("#moves button.move .badge")].filter(b => b.textContent.length > 32).length,
	  [...document.querySelectorAll("#chart text.val")].filter(v => v.firstChild.nodeValue.endsWith("…") && v.querySelector("title").textContent === String(current().value)).length,
	  [...document.querySelectorAll("#moves button.move .badge")].filter(b => b.textContent.endsWith("…")).length]`))
	if got[0] < 300 || got[1] != 1 {
		t.Errorf("the summary does not hold the whole value of %d characters", got[0])
	}
	if got[2] == 0 || got[3] != got[6] || got[6] < got[2] || got[4] != 0 {
		t.Errorf("%d moves with long values, %d badges elided, %d of them with the whole value on hover, %d badges longer than 32 characters", got[2], got[6], got[3], got[4])
	}
	if got[5] != 1 {
		t.Errorf("the history's value label is not elided with the whole on hover")
	}
}
