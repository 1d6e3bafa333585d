package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserWinningLine: at the end of a game of tic-tac-toe, Connect-4
// or Quixo the cells of the line that won are highlighted (the server's
// line) and the turn line names them; a game that goes on has none.
func TestBrowserWinningLine(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	cases := []struct {
		url   string
		cells []string // data-cell of the highlighted cells, "row,col" from 0
		words string   // in the turn line
	}{
		{"/?game=tictactoe&position=XXXOO....", []string{"0,0", "0,1", "0,2"}, "X wins, in a line (a1 b1 c1)"},
		{"/?game=tictactoe&position=XOXOXO...", nil, ""}, // X to move: the game goes on
		{"/?game=connect4:4x4&position=1212121", []string{"0,0", "1,0", "2,0", "3,0"}, "wins, in a line (a1 a2 a3 a4)"},
		{"/?game=quixo:3&position=X.OOX..OX:O", []string{"0,0", "1,1", "2,2"}, "X wins, in a line (a1 b2 c3)"},
	}
	for _, c := range cases {
		do(t, ctx, c.url,
			chromedp.Navigate(ts.URL+c.url),
			chromedp.WaitVisible(`body[data-ready="true"]`),
			chromedp.WaitVisible(`#board .grid-board`),
		)
		settled(t, ctx)
		got := run(t, ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#board .cell.in-line")].map(c => c.dataset.cell).join(" ")`))
		if got != strings.Join(c.cells, " ") {
			t.Errorf("%s: the line's cells %v, want %v", c.url, got, c.cells)
		}
		if len(c.cells) == 0 {
			continue
		}
		if turn := run(t, ctx, chromedp.Text(`#turn`)); !strings.Contains(turn, c.words) {
			t.Errorf("%s: the turn line %q, want it to say %q", c.url, turn, c.words)
		}
		label := run(t, ctx, chromedp.Evaluate[string](`document.querySelector("#board .cell.in-line").getAttribute("aria-label")`))
		if !strings.Contains(label, "winning line") {
			t.Errorf("%s: a line's cell is labelled %q", c.url, label)
		}
		// The highlight is not colour alone: a thick outline.
		if w := run(t, ctx, chromedp.Evaluate[string](`getComputedStyle(document.querySelector("#board .cell.in-line")).outlineWidth`)); w == "0px" || w == "" {
			t.Errorf("%s: the line's cells have no outline (%q)", c.url, w)
		}
	}
	screenshot(t, ctx, "quixo-line.png")
}

// TestBrowserValuesNotColourAlone: every move's result for its mover is
// told by a glyph (✓ wins, ✗ loses, = draws) and in words, not by colour
// alone: on the move list's buttons, on the board's markers (a grid's
// cells, a heap's tokens: the glyph shown and the result in the
// marker's name) and in the value history, whose points are coloured by
// the side that wins there, as the columns are (the first player's
// colour left of the centre, the second's right of it), and carry the
// winner's initial; each row's name says what its move meant for its
// mover. axe-core stays clean on these pages.
func TestBrowserValuesNotColourAlone(t *testing.T) {
	ctx := browse(t)
	axe := axeScript(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	const glyphs = `({win: "✓", lose: "✗", draw: "="})`
	type marker struct {
		Name  string `json:"name"`
		Hint  string `json:"hint"`
		Glyph string `json:"glyph"`
	}
	// The markers of the board, each with its best result (its hint
	// class), its visible glyph and its name.
	markers := `[...document.querySelectorAll("#board .cell.playable, #board .token[class*=hint-]")].map(e => ({name: e.getAttribute("aria-label") || "", hint: [...e.classList].find(c => c.startsWith("hint-")).slice(5), glyph: (e.querySelector(".mark") || {textContent: ""}).textContent}))`
	words := map[string][]string{"win": {"win", "wins"}, "lose": {"lose", "loses"}, "draw": {"draw", "draws"}}
	for _, page := range []string{
		"/?game=tictactoe&position=X........",
		"/?game=tictactoe&position=XO.......",
		"/?game=nim&position=3+4+5",
		"/?game=quixo:3",
	} {
		do(t, ctx, page,
			chromedp.Navigate(ts.URL+page),
			chromedp.WaitVisible(`body[data-ready="true"]`),
			chromedp.WaitVisible(`#moves button.move`),
		)
		settled(t, ctx)
		ms := run(t, ctx, chromedp.Evaluate[[]marker](markers))
		if len(ms) == 0 {
			t.Fatalf("%s: no move markers on the board", page)
		}
		seen := map[string]bool{}
		for _, m := range ms {
			want := map[string]string{"win": "✓", "lose": "✗", "draw": "="}[m.Hint]
			if want == "" {
				t.Errorf("%s: a marker with no result: %+v", page, m)
				continue
			}
			seen[m.Hint] = true
			if m.Glyph != want {
				t.Errorf("%s: marker %q (%s) shows %q, want %q", page, m.Name, m.Hint, m.Glyph, want)
			}
			named := false
			for _, w := range words[m.Hint] {
				named = named || strings.Contains(" "+m.Name+" ", " "+w+" ") || strings.Contains(m.Name, " "+w+",") || strings.Contains(m.Name, " "+w+";")
			}
			if !named {
				t.Errorf("%s: marker %q (%s) does not name its result in words", page, m.Name, m.Hint)
			}
		}
		t.Logf("%s: %d markers, results %v", page, len(ms), seen)
		// The move list: each button's glyph is its result's.
		bad := run(t, ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#moves button.move[data-result]")].filter(b => b.dataset.result && (b.querySelector(".badge .mark") || {}).textContent !== `+glyphs+`[b.dataset.result]).map(b => b.textContent).join("; ")`))
		if bad != "" {
			t.Errorf("%s: moves without their result's glyph: %s", page, bad)
		}
		axeClean(t, ctx, axe, page)
	}
	// tic-tac-toe played to X's win, O playing badly: the history's points.
	do(t, ctx, "tic-tac-toe",
		chromedp.Navigate(ts.URL+"/?game=tictactoe&position=........."),
		chromedp.WaitVisible(`#moves button.move`),
	)
	for step := 0; step < 9 && count(t, ctx, `#moves button.move`) > 0; step++ {
		sel := `#moves button.move.win`
		if count(t, ctx, sel) == 0 {
			sel = `#moves button.move.lose`
		}
		if count(t, ctx, sel) == 0 {
			sel = `#moves button.move`
		}
		do(t, ctx, "a move", chromedp.Click(sel))
		settled(t, ctx)
		run(t, ctx, chromedp.Poll[bool](fmt.Sprintf(`state.index === %d`, step+1), chromedp.WithPollingTimeout(0)))
	}
	type point struct {
		Cls    string  `json:"cls"`
		X      float64 `json:"x"`
		Glyph  string  `json:"glyph"`
		Name   string  `json:"name"`
		Result string  `json:"result"`
	}
	pts := run(t, ctx, chromedp.Evaluate[[]point](`[...document.querySelectorAll("#chart g.hrow")].map(g => { const c = g.querySelector("circle.pt"); return {cls: c.getAttribute("class"), x: +c.getAttribute("cx"), glyph: (g.querySelector("text.pt-mark") || {textContent: ""}).textContent, name: g.getAttribute("aria-label"), result: c.dataset.result}; })`))
	centre := run(t, ctx, chromedp.Evaluate[float64](`+document.querySelector("#chart line.centre").getAttribute("x1")`))
	if len(pts) < 6 {
		t.Fatalf("%d rows in the history", len(pts))
	}
	lost := false
	for i, p := range pts {
		cls := " " + p.Cls + " "
		switch {
		case p.X < centre-1:
			if !strings.Contains(cls, " p1 ") || p.Glyph != "X" {
				t.Errorf("row %d, left of the centre (X wins): class %q, glyph %q", i, p.Cls, p.Glyph)
			}
		case p.X > centre+1:
			if !strings.Contains(cls, " p2 ") || p.Glyph != "O" {
				t.Errorf("row %d, right of the centre (O wins): class %q, glyph %q", i, p.Cls, p.Glyph)
			}
		default:
			if !strings.Contains(cls, " draw ") || p.Glyph != "=" {
				t.Errorf("row %d, on the centre (a draw): class %q, glyph %q", i, p.Cls, p.Glyph)
			}
		}
		if i == 0 {
			continue
		}
		if p.Result == "" || !strings.Contains(p.Name, words[p.Result][1]+" for its mover") {
			t.Errorf("row %d: result %q, named %q", i, p.Result, p.Name)
		}
		lost = lost || p.Result == "lose"
	}
	if !lost {
		t.Errorf("no losing move in the game played: %+v", pts)
	}
	axeClean(t, ctx, axe, "tic-tac-toe played")
	screenshot(t, ctx, "values-glyphs.png")
}

// axeClean runs axe-core on the page shown: no violation of impact
// serious or critical.
func axeClean(t *testing.T, ctx context.Context, axe, what string) {
	t.Helper()
	run(t, ctx, chromedp.Evaluate[chromedp.Void](axe))
	raw := run(t, ctx, chromedp.Evaluate[string](`axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations))`, chromedp.EvalAwaitPromise))
	var vs []axeViolation
	if err := json.Unmarshal([]byte(raw), &vs); err != nil {
		t.Fatalf("%s: axe-core's answer: %v", what, err)
	}
	for _, v := range vs {
		if v.Impact == "serious" || v.Impact == "critical" {
			var where []string
			for _, n := range v.Nodes {
				where = append(where, fmt.Sprint(n.Target)+" "+n.HTML)
			}
			t.Errorf("%s: %s (%s): %s\n    %s", what, v.ID, v.Impact, v.Help, strings.Join(where, "\n    "))
		}
	}
}

// TestBrowserPig: Pig's page draws the banked scores and the turn total,
// and after a roll the die's face; payoffs and probabilities are
// rounded to 4 places, the exact value on hover.
func TestBrowserPig(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	do(t, ctx, "pig:20 7 3 2",
		chromedp.Navigate(ts.URL+"/?game=pig:20&position=7+3+2"),
		chromedp.WaitVisible(`#moves button.move`),
	)
	settled(t, ctx)
	nums := run(t, ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#board .pig .pig-num")].map(e => e.textContent).join(" ")`))
	if nums != "7 3 2" {
		t.Errorf("Pig's counters: %q, want 7 3 2 (banked, banked, turn total)", nums)
	}
	if turn := run(t, ctx, chromedp.Text(`#board .pig-counter.turn`)); !strings.Contains(turn, "turn total") {
		t.Errorf("the turn total's counter: %q", turn)
	}
	summary := run(t, ctx, chromedp.Text(`#summary`))
	if strings.Contains(summary, "0.74055") || !strings.Contains(summary, "0.7406") {
		t.Errorf("the summary's values are not rounded to 4 places: %q", summary)
	}
	if title := run(t, ctx, chromedp.Evaluate[string](`document.getElementById("summary").title`)); !strings.Contains(title, "0.7405528790894108") {
		t.Errorf("the summary's exact values on hover: %q", title)
	}
	badges := run(t, ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#moves .badge")].map(b => b.textContent + " | " + b.title).join("\n")`))
	if strings.Contains(strings.Split(badges, " | ")[0], "0.74055") || !strings.Contains(badges, "exactly 0.7405528790894108") {
		t.Errorf("the moves' badges: %s", badges)
	}
	if n := count(t, ctx, `#board .pig-die`); n != 0 {
		t.Errorf("a die before any roll: %d", n)
	}
	do(t, ctx, "chance rolls a 4", chromedp.Click(`#moves li.chance-move button.outcome[data-to="4"]`))
	settled(t, ctx)
	run(t, ctx, chromedp.Poll[bool](`state.index === 1`, chromedp.WithPollingTimeout(0)))
	if nums := run(t, ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#board .pig .pig-num")].map(e => e.textContent).join(" ")`)); nums != "7 3 6" {
		t.Errorf("after a 4: %q, want 7 3 6", nums)
	}
	die := run(t, ctx, chromedp.Evaluate[string](`(() => { const d = document.querySelector("#board .pig-die"); return d ? d.dataset.roll + " " + d.textContent : ""; })()`))
	if die != "4 ⚃rolled 4" {
		t.Errorf("the die after a 4: %q", die)
	}
	screenshot(t, ctx, "pig.png")
}
