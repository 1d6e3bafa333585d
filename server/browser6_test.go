package server

import (
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
