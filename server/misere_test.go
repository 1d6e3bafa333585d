package server

import (
	"fmt"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// misereKayles is the misère outcome of a Kayles position (heaps sorted),
// by the definition alone: the player who cannot move wins; otherwise the
// player to move wins exactly when some move (knock down one pin or two
// adjacent ones from a row, which may split it in two) leaves a position
// the opponent loses.
func misereKayles(heaps []int, memo map[string]bool) bool {
	key := fmt.Sprint(heaps)
	if v, ok := memo[key]; ok {
		return v
	}
	win := true // no move left: the player to move wins
	moved := false
	for i, h := range heaps {
		for take := 1; take <= 2 && take <= h; take++ {
			for left := 0; left <= h-take; left++ {
				next := slices.Concat(heaps[:i], heaps[i+1:])
				for _, part := range []int{left, h - take - left} {
					if part > 0 {
						next = append(next, part)
					}
				}
				slices.Sort(next)
				if !moved {
					moved, win = true, false
				}
				if !misereKayles(next, memo) {
					win = true
				}
			}
		}
	}
	memo[key] = win
	return win
}

func heapsOf(pos string) []int {
	var out []int
	for _, f := range strings.Fields(pos) {
		if n, _ := strconv.Atoi(f); n > 0 {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// TestMisereSwitch: misere=1 explores an impartial game under misère play
// with the same moves: Kayles positions of up to 9 pins get the outcome
// of the definition (misereKayles), and so does every move's position, a
// move winning exactly when it leaves a misère P-position; the answers
// are cached apart from normal play's (Kayles 4 is N under normal play,
// where 1 1 wins, and P under misère play); the game list says which
// games have the switch (partizan games too: partizanmisere_test.go);
// games without misère play and bad values are refused.
func TestMisereSwitch(t *testing.T) {
	s := New(Config{})
	memo := map[string]bool{}
	for _, pos := range []string{"1", "2", "3", "4", "5", "1 1", "2 2", "1 3", "4 4", "9", "1 2 3", "2 3 4"} {
		code, out := get(t, s, "/api/v1/position", url.Values{"game": {"kayles"}, "position": {pos}, "misere": {"1"}})
		if code != 200 {
			t.Fatalf("kayles %s misère: %d %v", pos, code, out)
		}
		want := map[bool]string{true: "N", false: "P"}[misereKayles(heapsOf(pos), memo)]
		if out["outcome"] != want || out["grundy"] != nil || out["misere"] != true {
			t.Errorf("kayles %s misère: outcome %v grundy %v misere %v, want %s", pos, out["outcome"], out["grundy"], out["misere"], want)
		}
		for _, mv := range out["moves"].([]any) {
			m := mv.(map[string]any)
			after := map[bool]string{true: "N", false: "P"}[misereKayles(heapsOf(m["position"].(string)), memo)]
			result := map[string]string{"P": "win", "N": "lose"}[after]
			if m["outcome"] != after || m["result"] != result || m["grundy"] != nil {
				t.Errorf("kayles %s misère, move to %v: %v %v, want %s %s", pos, m["position"], m["outcome"], m["result"], after, result)
			}
		}
	}
	_, normal := get(t, s, "/api/v1/position", url.Values{"game": {"kayles"}, "position": {"4"}})
	_, mis := get(t, s, "/api/v1/position", url.Values{"game": {"kayles"}, "position": {"4"}, "misere": {"true"}})
	_, sum := post(t, s, "/api/v1/position", `{"game":"kayles","position":"4","misere":true,"summary":true}`)
	if normal["outcome"] != "N" || normal["best_move"] != "1 1" || mis["outcome"] != "P" || sum["outcome"] != "P" || sum["moves_pending"] != true {
		t.Errorf("kayles 4: normal %v (best %v), misère %v, misère summary %v", normal["outcome"], normal["best_move"], mis["outcome"], sum["outcome"])
	}
	if code, out := get(t, s, "/api/v1/best", url.Values{"game": {"nim"}, "position": {"1 1 2"}, "misere": {"1"}}); code != 200 || out["move"].(map[string]any)["position"] != "1 1 1" {
		t.Errorf("best misère nim 1 1 2: %d %v (want 1 1 1: an odd number of 1-heaps, Bouton)", code, out)
	}
	if code, out := get(t, s, "/api/v1/position", url.Values{"game": {"tictactoe"}, "position": {"........."}, "misere": {"1"}}); code != 400 || !strings.Contains(errorOf(t, out), "no misère play") {
		t.Errorf("tictactoe misère: %d %v", code, out)
	}
	if code, out := get(t, s, "/api/v1/position", url.Values{"game": {"kayles"}, "position": {"4"}, "misere": {"yes"}}); code != 400 || !strings.Contains(errorOf(t, out), "bad misere") {
		t.Errorf("misere=yes: %d %v", code, out)
	}
	_, games := get(t, s, "/api/v1/games", nil)
	has := map[string]bool{}
	for _, g := range games["games"].([]any) {
		g := g.(map[string]any)
		has[g["name"].(string)] = g["misere"] == true
	}
	if !has["kayles"] || !has["nim"] || !has["domineering"] || has["tictactoe"] {
		t.Errorf("games with the misère switch: kayles %v nim %v domineering %v tictactoe %v", has["kayles"], has["nim"], has["domineering"], has["tictactoe"])
	}
}

// TestBrowserMisere flips the misère switch: Kayles 4 under normal play
// has one winning move (1 1); switched to misère play every move loses
// (4 is a misère P-position), the summary says so, the link carries
// misere=1, and opening that link comes back under misère play.
func TestBrowserMisere(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	do(t, ctx, "kayles 4",
		chromedp.Navigate(ts.URL+"/?game=kayles&position=4"),
		chromedp.WaitVisible(`#moves button.move`),
		chromedp.WaitVisible(`#misere`),
	)
	if n := count(t, ctx, `#moves button.move.win`); n != 1 {
		t.Errorf("kayles 4, normal play: %d winning moves, want 1", n)
	}
	do(t, ctx, "the misère switch",
		chromedp.Click(`#misere`),
		chromedp.WaitVisible(`#moves button.move`),
		chromedp.Poll[chromedp.Void](`document.querySelector("#summary").textContent.includes("Misère")`),
	)
	if n, all := count(t, ctx, `#moves button.move.win`), count(t, ctx, `#moves button.move`); n != 0 || all != 4 {
		t.Errorf("kayles 4, misère play: %d winning moves of %d, want 0 of 4", n, all)
	}
	link := run(t, ctx, chromedp.Evaluate[string](`location.search`))
	if !strings.Contains(link, "misere=1") {
		t.Errorf("the link %q does not carry misere=1", link)
	}
	do(t, ctx, "the link",
		chromedp.Navigate(ts.URL+"/"+link),
		chromedp.WaitVisible(`#moves button.move`),
		chromedp.Poll[chromedp.Void](`document.querySelector("#summary").textContent.includes("Misère")`),
	)
	if !run(t, ctx, chromedp.Evaluate[bool](`document.getElementById("misere").checked`)) || count(t, ctx, `#moves button.move.win`) != 0 {
		t.Errorf("the misère link opened without misère play")
	}
}
