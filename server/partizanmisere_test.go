package server

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

// plainMisere is misère play of a partizan board game by its definition
// alone, written here apart from the engine: the player who cannot move
// wins; otherwise the player to move wins exactly when some move leaves a
// position the opponent, moving first there, loses. moves lists a
// player's moves as the boards they leave, in the game's own notation.
type plainMisere struct {
	moves      func(board string, left bool) []string
	leftFirst  map[string]bool
	rightFirst map[string]bool
}

func newPlainMisere(moves func(string, bool) []string) *plainMisere {
	return &plainMisere{moves: moves, leftFirst: map[string]bool{}, rightFirst: map[string]bool{}}
}

// wins reports whether the player (Left when left) wins moving first.
func (p *plainMisere) wins(board string, left bool) bool {
	memo := p.rightFirst
	if left {
		memo = p.leftFirst
	}
	if w, ok := memo[board]; ok {
		return w
	}
	next := p.moves(board, left)
	win := len(next) == 0
	for _, q := range next {
		if !p.wins(q, !left) {
			win = true
			break
		}
	}
	memo[board] = win
	return win
}

// outcome is the misère outcome class: L, R, N or P.
func (p *plainMisere) outcome(board string) string {
	l, r := p.wins(board, true), p.wins(board, false)
	switch {
	case l && r:
		return "N"
	case l:
		return "L"
	case r:
		return "R"
	}
	return "P"
}

// reachable lists every board reachable from start by either player's
// moves, start first.
func (p *plainMisere) reachable(start string) []string {
	seen := map[string]bool{start: true}
	out := []string{start}
	for i := 0; i < len(out); i++ {
		for _, left := range []bool{true, false} {
			for _, q := range p.moves(out[i], left) {
				if !seen[q] {
					seen[q] = true
					out = append(out, q)
				}
			}
		}
	}
	return out
}

// gridMoves returns the moves of a grid game whose rows are joined by
// sep: step(rows, r, c, left) lists the boards of the player's moves
// from cell (r, c).
func gridMoves(sep string, step func(rows [][]byte, r, c int, left bool) [][][]byte) func(string, bool) []string {
	return func(board string, left bool) []string {
		var rows [][]byte
		for _, row := range strings.Split(board, sep) {
			rows = append(rows, []byte(row))
		}
		var out []string
		for r := range rows {
			for c := range rows[r] {
				for _, b := range step(rows, r, c, left) {
					lines := make([]string, len(b))
					for i, row := range b {
						lines[i] = string(row)
					}
					out = append(out, strings.Join(lines, sep))
				}
			}
		}
		return out
	}
}

func cloneRows(rows [][]byte) [][]byte {
	out := make([][]byte, len(rows))
	for i, r := range rows {
		out[i] = slices.Clone(r)
	}
	return out
}

// domineeringMoves: Left covers two empty cells one above the other,
// Right two side by side ('#' a covered cell).
var domineeringMoves = gridMoves("|", func(rows [][]byte, r, c int, left bool) [][][]byte {
	dr, dc := 0, 1
	if left {
		dr, dc = 1, 0
	}
	if r+dr >= len(rows) || c+dc >= len(rows[r]) || rows[r][c] != '.' || rows[r+dr][c+dc] != '.' {
		return nil
	}
	b := cloneRows(rows)
	b[r][c], b[r+dr][c+dc] = '#', '#'
	return [][][]byte{b}
})

// clobberMoves: a player's stone (x Left's, o Right's) moves onto an
// orthogonally adjacent stone of the opponent's, which is removed.
var clobberMoves = gridMoves("/", func(rows [][]byte, r, c int, left bool) [][][]byte {
	mine, theirs := byte('o'), byte('x')
	if left {
		mine, theirs = 'x', 'o'
	}
	if rows[r][c] != mine {
		return nil
	}
	var out [][][]byte
	for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		rr, cc := r+d[0], c+d[1]
		if rr < 0 || rr >= len(rows) || cc < 0 || cc >= len(rows[rr]) || rows[rr][cc] != theirs {
			continue
		}
		b := cloneRows(rows)
		b[r][c], b[rr][cc] = '.', mine
		out = append(out, b)
	}
	return out
})

// toadsMoves: a toad (T, Left's) steps right onto an empty square or
// jumps right over one frog onto an empty square; a frog (F, Right's)
// likewise to the left.
func toadsMoves(board string, left bool) []string {
	me, them, dir := byte('F'), byte('T'), -1
	if left {
		me, them, dir = 'T', 'F', 1
	}
	var out []string
	for i := range len(board) {
		if board[i] != me {
			continue
		}
		to := -1
		switch j := i + dir; {
		case j >= 0 && j < len(board) && board[j] == '.':
			to = j
		case j >= 0 && j < len(board) && board[j] == them && j+dir >= 0 && j+dir < len(board) && board[j+dir] == '.':
			to = j + dir
		}
		if to >= 0 {
			b := []byte(board)
			b[i], b[to] = '.', me
			out = append(out, string(b))
		}
	}
	return out
}

// TestPartizanMisereAgrees: the explorer's misère switch on partizan
// games answers every position of small boards as the CLI does and as
// misère play's definition says. For every position reachable from the
// start of Domineering 3x3, Clobber xox/oxo and xoxo/oxox, and Toads and
// Frogs TT..FF and TT...FF: the API's misère outcome class and who wins
// moving first are the plain search's (plainMisere); its misère canonical
// form and winning moves are the CLI's reports ('grundy value --misere',
// reports.MiserePartizanValue; 'grundy solve --misere',
// reports.SolveMiserePartizan); its moves are the plain search's, each
// with the outcome the plain search gives the position it leaves and the
// form the CLI gives it, and a move is a win for its player exactly when
// the opponent, moving first there, loses by the plain search.
func TestPartizanMisereAgrees(t *testing.T) {
	s := New(Config{})
	for _, c := range []struct {
		game, start string
		moves       func(string, bool) []string
	}{
		{"domineering", "...|...|...", domineeringMoves},
		{"clobber", "xox/oxo", clobberMoves},
		{"clobber", "xoxo/oxox", clobberMoves},
		{"toads-and-frogs", "TT..FF", toadsMoves},
		{"toads-and-frogs", "TT...FF", toadsMoves},
	} {
		t.Run(c.game+" "+c.start, func(t *testing.T) { checkPartizanMisere(t, s, c.game, c.start, c.moves) })
	}
}

func checkPartizanMisere(t *testing.T, s http.Handler, game, start string, moves func(string, bool) []string) {
	c := struct {
		game, start string
		moves       func(string, bool) []string
	}{game, start, moves}
	{
		inst, err := catalog.Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		f := inst.(reports.MisereFormer)
		plain := newPlainMisere(c.moves)
		cliValues := map[string]string{}
		cliValue := func(pos string) string {
			if v, ok := cliValues[pos]; ok {
				return v
			}
			r, err := reports.MiserePartizanValue(t.Context(), inst, []string{pos}, catalog.Options{})
			if err != nil {
				t.Fatalf("%s %s: value --misere: %v", c.game, pos, err)
			}
			cliValues[pos] = r.Partizan.Value
			return r.Partizan.Value
		}
		positions := plain.reachable(c.start)
		outcomes := map[string]int{}
		for _, pos := range positions {
			code, out := get(t, s, "/api/v1/position", url.Values{"game": {c.game}, "position": {pos}, "misere": {"1"}})
			if code != 200 {
				t.Fatalf("%s %s misère: %d %v", c.game, pos, code, out)
			}
			want := plain.outcome(pos)
			outcomes[want]++
			if out["outcome"] != want || out["left_wins_moving_first"] != plain.wins(pos, true) || out["right_wins_moving_first"] != plain.wins(pos, false) || out["misere"] != true {
				t.Errorf("%s %s misère: outcome %v (Left first wins %v, Right first %v), want %s", c.game, pos, out["outcome"], out["left_wins_moving_first"], out["right_wins_moving_first"], want)
			}
			cli, err := reports.SolveMiserePartizan(t.Context(), f, []string{pos}, catalog.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if out["value"] != cli.Value || out["value"] != cliValue(pos) || fmt.Sprint(out["winning_moves"]) != fmt.Sprint(anySlice(cli.WinningMoves)) {
				t.Errorf("%s %s misère: the API says %v winning %v, the CLI %v winning %v", c.game, pos, out["value"], out["winning_moves"], cli.Value, cli.WinningMoves)
			}
			var apiMoves, plainMoves []string
			for _, m := range out["moves"].([]any) {
				m := m.(map[string]any)
				left := m["player"] == catalog.PlayerLeft
				after := m["position"].(string)
				apiMoves = append(apiMoves, fmt.Sprint(m["player"], " ", after))
				wantResult := "lose"
				if !plain.wins(after, !left) {
					wantResult = "win"
				}
				if m["outcome"] != plain.outcome(after) || m["result"] != wantResult || m["value"] != cliValue(after) {
					t.Errorf("%s %s misère, %v's move to %s: %v %v %v, want %s %s %s", c.game, pos, m["player"], after, m["outcome"], m["result"], m["value"], plain.outcome(after), wantResult, cliValue(after))
				}
			}
			for _, left := range []bool{true, false} {
				for _, q := range c.moves(pos, left) {
					plainMoves = append(plainMoves, fmt.Sprint(map[bool]string{true: catalog.PlayerLeft, false: catalog.PlayerRight}[left], " ", q))
				}
			}
			slices.Sort(apiMoves)
			slices.Sort(plainMoves)
			if !slices.Equal(apiMoves, plainMoves) {
				t.Errorf("%s %s misère: the API's moves %v, the rules' %v", c.game, pos, apiMoves, plainMoves)
			}
		}
		t.Logf("%s %s: %d positions, misère outcomes %v", c.game, c.start, len(positions), outcomes)
		if len(outcomes) < 3 {
			t.Errorf("%s %s: only the outcome classes %v among %d positions: a weak check", c.game, c.start, outcomes, len(positions))
		}
	}
}

func anySlice(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// TestBrowserMiserePartizan turns misère play on for Domineering 2x3 in
// the explorer: the summary gives the misère class with each side moving
// first and the misère canonical form, as the API does (Left wins
// whoever starts, {2,{1|-1}||-1|0,1}: cmd/grundy's misere_partizan.txtar
// pins the same); Left's moves are marked as the API marks them (two
// wins, the dominoes at an edge), no thermograph is drawn (a normal-play
// picture), and playing Left's winning move keeps misère play, Right to
// move.
func TestBrowserMiserePartizan(t *testing.T) {
	ctx := browse(t)
	h := New(Config{})
	ts := httptest.NewServer(h)
	defer ts.Close()
	_, api := get(t, h, "/api/v1/position", url.Values{"game": {"domineering"}, "position": {"2x3"}, "misere": {"1"}})
	var want []string
	for _, m := range api["moves"].([]any) {
		m := m.(map[string]any)
		if m["player"] == catalog.PlayerLeft {
			want = append(want, fmt.Sprint(m["position"], " ", m["result"]))
		}
	}
	do(t, ctx, "domineering 2x3",
		chromedp.Navigate(ts.URL+"/?game=domineering&position=2x3"),
		chromedp.WaitVisible(`#moves button.move`),
		chromedp.WaitVisible(`#misere`),
	)
	do(t, ctx, "the misère switch",
		chromedp.Click(`#misere`),
		chromedp.Poll[chromedp.Void](`document.querySelector("#summary").textContent.includes("Misère")`),
		chromedp.WaitVisible(`#moves button.move`),
	)
	summary := run(t, ctx, chromedp.Text(`#summary`))
	if !strings.Contains(summary, "Left wins, whoever moves first.") || !strings.Contains(summary, "Misère canonical form {2,{1|-1}||-1|0,1}") {
		t.Errorf("domineering 2x3 under misère play: summary %q", summary)
	}
	got := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#moves button.move[data-player="left"]')].map(b => b.dataset.position + " " + b.dataset.result)`))
	if strings.Join(got, ", ") != strings.Join(want, ", ") || strings.Count(strings.Join(got, ","), " win") != 2 {
		t.Errorf("Left's moves on the page %v, the API's %v (two winning)", got, want)
	}
	if !run(t, ctx, chromedp.Evaluate[bool](`document.getElementById("pictures-panel").hidden`)) {
		t.Errorf("a picture is drawn under misère play: %q", run(t, ctx, chromedp.Text(`#pictures-title`)))
	}
	do(t, ctx, "Left's winning move #..|#..",
		chromedp.Click(`#moves button.move[data-player="left"][data-position="#..|#.."]`),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`),
		chromedp.Poll[chromedp.Void](`document.querySelector("#summary").textContent.includes("Right is to move")`),
	)
	_, after := get(t, h, "/api/v1/position", url.Values{"game": {"domineering"}, "position": {"#..|#.."}, "misere": {"1"}})
	summary = run(t, ctx, chromedp.Text(`#summary`))
	if pos := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(pos, "#..|#..") || !strings.Contains(summary, "Misère canonical form "+after["value"].(string)+".") || !run(t, ctx, chromedp.Evaluate[bool](`document.getElementById("misere").checked`)) {
		t.Errorf("after Left's move: %q, summary %q (the API: %v)", pos, summary, after["value"])
	}
}

// TestPartizanScriptMisere: a partizan script gets the misère switch
// through the same interfaces as the built-ins. Partizan subtraction
// (examples/partizan_subtraction.star; Left takes 1 or 3 counters, Right 2
// or 3): heaps 0 to 14 under misère play answer as the CLI does
// (reports.SolveMiserePartizan on the script) and as a plain misère
// search of the rules says, and so does every move the API lists. An
// impartial script (fibonacci.star) is still answered by the impartial
// theory, as 'grundy solve examples/fibonacci.star --misere' answers it.
func TestPartizanScriptMisere(t *testing.T) {
	loaded, err := LoadScripts([]string{"../examples/partizan_subtraction.star", "../examples/fibonacci.star"})
	if err != nil {
		t.Fatal(err)
	}
	s := New(Config{Scripts: loaded})
	inst, err := catalog.Lookup("../examples/partizan_subtraction.star")
	if err != nil {
		t.Fatal(err)
	}
	plain := newPlainMisere(func(heap string, left bool) []string {
		n, _ := strconv.Atoi(heap)
		take := []int{2, 3}
		if left {
			take = []int{1, 3}
		}
		var out []string
		for _, k := range take {
			if k <= n {
				out = append(out, strconv.Itoa(n-k))
			}
		}
		return out
	})
	outcomes := map[string]bool{}
	checked := 0
	for n := range 15 {
		pos := strconv.Itoa(n)
		code, out := get(t, s, "/api/v1/position", url.Values{"game": {"partizan_subtraction.star"}, "position": {pos}, "misere": {"1"}})
		if code != 200 {
			t.Fatalf("heap %d misère: %d %v", n, code, out)
		}
		cli, err := reports.SolveMiserePartizan(t.Context(), inst.(reports.MisereFormer), []string{pos}, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		want := plain.outcome(pos)
		outcomes[want] = true
		if out["outcome"] != want || out["outcome"] != cli.Outcome || out["value"] != cli.Value || fmt.Sprint(out["winning_moves"]) != fmt.Sprint(anySlice(cli.WinningMoves)) {
			t.Errorf("heap %d misère: API %v %v %v, CLI %v %v %v, plain search %s", n, out["outcome"], out["value"], out["winning_moves"], cli.Outcome, cli.Value, cli.WinningMoves, want)
		}
		moves, _ := out["moves"].([]any)
		checked += len(moves)
		for _, m := range moves {
			m := m.(map[string]any)
			if after := m["position"].(string); m["outcome"] != plain.outcome(after) {
				t.Errorf("heap %d misère, %v's move to %s: %v, want %s", n, m["player"], after, m["outcome"], plain.outcome(after))
			}
		}
	}
	if len(outcomes) < 3 || checked < 40 {
		t.Errorf("heaps 0 to 14 have only the misère classes %v, and %d moves: a weak check", outcomes, checked)
	}
	code, out := get(t, s, "/api/v1/position", url.Values{"game": {"fibonacci.star"}, "position": {"1 1 4"}, "misere": {"1"}})
	if code != 200 || out["misere"] != true || out["value"] != nil || out["outcome"] != "N" || out["remoteness"] != 4.0 {
		t.Errorf("fibonacci.star 1 1 4 misère: %d %v (the CLI: N, remoteness 4)", code, out)
	}
}

// TestScriptTupleMisere: an impartial script whose positions are tuples
// (snim.star, S = {2, 5}) under the misère switch: each move's position,
// written as the explorer writes it ("3 12", or "(7,)" for one heap), is
// solved again under misère play, and its outcome is the plain misère
// search's (the player who cannot move wins). Before, the script read
// "(7,)" as a word and the request failed.
func TestScriptTupleMisere(t *testing.T) {
	loaded, err := LoadScripts([]string{"../examples/snim.star"})
	if err != nil {
		t.Fatal(err)
	}
	s := New(Config{Scripts: loaded})
	memo := map[[2]int]bool{}
	var wins func(a, b int) bool // the player to move wins, misère play
	wins = func(a, b int) bool {
		if a > b {
			a, b = b, a
		}
		if w, ok := memo[[2]int{a, b}]; ok {
			return w
		}
		moved, w := false, false
		for _, k := range []int{2, 5} {
			if k <= a {
				moved = true
				w = w || !wins(a-k, b)
			}
			if k <= b {
				moved = true
				w = w || !wins(a, b-k)
			}
		}
		if !moved {
			w = true
		}
		memo[[2]int{a, b}] = w
		return w
	}
	outcome := map[bool]string{true: "N", false: "P"}
	heaps := func(pos string) (a, b int) {
		var ns []int
		for _, f := range strings.FieldsFunc(pos, func(r rune) bool { return r < '0' || r > '9' }) {
			n, _ := strconv.Atoi(f)
			ns = append(ns, n)
		}
		ns = append(ns, 0, 0)
		return ns[0], ns[1]
	}
	for _, c := range []struct {
		pos   string
		moves int
	}{{"(5, 12)", 4}, {"(9,)", 2}, {"9", 2}} {
		code, out := get(t, s, "/api/v1/position", url.Values{"game": {"snim.star"}, "position": {c.pos}, "misere": {"1"}})
		a, b := heaps(c.pos)
		if code != 200 || out["outcome"] != outcome[wins(a, b)] {
			t.Fatalf("snim %s misère: %d %v, want %s", c.pos, code, out, outcome[wins(a, b)])
		}
		moves, _ := out["moves"].([]any)
		if len(moves) != c.moves {
			t.Fatalf("snim %s misère: %d moves, want %d", c.pos, len(moves), c.moves)
		}
		for _, m := range moves {
			m := m.(map[string]any)
			a, b := heaps(m["position"].(string))
			if m["outcome"] != outcome[wins(a, b)] {
				t.Errorf("snim %s misère, move to %v: %v, want %s", c.pos, m["position"], m["outcome"], outcome[wins(a, b)])
			}
		}
	}
}

// TestBestPartizanMisere: the engine's move under misère play is a
// winning one for the side asked (Domineering 2x3, Left wins whoever
// starts: 'grundy solve domineering 2x3 --misere' lists L: #..|#.. and
// L: ..#|..#), and Right, who has no winning move there, is given a move
// said to lose; the same position under normal play is answered apart
// (its own cache entry).
func TestBestPartizanMisere(t *testing.T) {
	s := New(Config{})
	code, out := get(t, s, "/api/v1/best", url.Values{"game": {"domineering"}, "position": {"2x3"}, "misere": {"1"}, "player": {"left"}})
	mv, _ := out["move"].(map[string]any)
	if code != 200 || mv == nil || mv["result"] != "win" || mv["position"] != "#..|#.." && mv["position"] != "..#|..#" {
		t.Errorf("best for Left, misère domineering 2x3: %d %v", code, out)
	}
	code, out = get(t, s, "/api/v1/best", url.Values{"game": {"domineering"}, "position": {"2x3"}, "misere": {"1"}, "player": {"right"}})
	mv, _ = out["move"].(map[string]any)
	if code != 200 || mv == nil || mv["result"] != "lose" || !strings.Contains(fmt.Sprint(out["reason"]), "loses") {
		t.Errorf("best for Right, misère domineering 2x3: %d %v", code, out)
	}
	_, normal := get(t, s, "/api/v1/position", url.Values{"game": {"domineering"}, "position": {"2x3"}})
	_, mis := get(t, s, "/api/v1/position", url.Values{"game": {"domineering"}, "position": {"2x3"}, "misere": {"1"}})
	if normal["misere"] == true || mis["misere"] != true || normal["value"] == mis["value"] {
		t.Errorf("domineering 2x3: normal play %v %v, misère %v %v", normal["value"], normal["misere"], mis["value"], mis["misere"])
	}
}
