package server

import (
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// chromium finds Debian's chromium, which scripts/install-chromium.sh
// installs (CI runs it before the tests).
func chromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("GRUNDY_CHROMIUM"); p != "" {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("skipping the browser test: GRUNDY_CHROMIUM=%s: %v", p, err)
		}
		return p
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	if p, err := exec.LookPath("chromium"); err == nil {
		return p
	}
	t.Skip("skipping the browser test: no chromium at /usr/bin/chromium or on PATH; " +
		"run scripts/install-chromium.sh (it needs apt-get and root) or set GRUNDY_CHROMIUM")
	return ""
}

// browse starts a headless chromium for one test.
func browse(t *testing.T) context.Context {
	t.Helper()
	return browseWithin(t, 90*time.Second)
}

// browseWithin is browse for a test of many steps: its browser stops
// after d.
func browseWithin(t *testing.T, d time.Duration) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium(t)),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 1100),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	tctx, cancelTime := context.WithTimeout(ctx, d)
	t.Cleanup(func() { cancelTime(); cancelCtx(); cancelAlloc() })
	return tctx
}

func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	// Move the pointer off the page first, so no hover marks show.
	do(t, ctx, "moving the mouse away", chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 1, 1))
	png := run(t, ctx, chromedp.FullScreenshot(100))
	dir := filepath.Join("testdata", "output")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// run runs one browser action and fails the test on error.
func run[T any](t *testing.T, ctx context.Context, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatalf("browser: %v", err)
	}
	return v
}

// do runs browser steps and fails the test on error.
func do(t *testing.T, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func count(t *testing.T, ctx context.Context, selector string) int {
	t.Helper()
	return run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(`+strconv.Quote(selector)+`).length`))
}

// TestBrowserNim345 plays Nim 3 4 5 in the explorer in a real browser:
// exactly one move (3 → 1) is marked winning, clicking it gives 1 4 5,
// which every move loses, and the value history shows the two positions.
func TestBrowserNim345(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()

	do(t, ctx, "opening the explorer",
		chromedp.Navigate(ts.URL+"/"),
		chromedp.WaitVisible(`body[data-ready="true"]`),
		// Pick the game and the position as a person would.
		chromedp.SetValue(`#game`, "nim"),
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := chromedp.Evaluate[chromedp.Void](`document.getElementById("game").dispatchEvent(new Event("change"))`)(ctx, tg)
			return err
		}),
		chromedp.SetValue(`#position`, "3 4 5"),
		chromedp.Click(`#go`),
		chromedp.WaitVisible(`#moves button.move`),
	)
	moves := count(t, ctx, "#moves button.move")
	wins := count(t, ctx, "#moves button.move.win")
	winPos := run(t, ctx, chromedp.AttributeValue(`#moves button.move.win`, "data-position")).Value
	if moves != 12 || wins != 1 || winPos != "1 4 5" {
		t.Fatalf("nim 3 4 5: %d moves, %d marked winning (to %q); want 12 moves, exactly one winning, to 1 4 5", moves, wins, winPos)
	}
	screenshot(t, ctx, "nim-345-start.png")

	do(t, ctx, "playing 3 → 1",
		chromedp.Click(`#moves button.move.win`),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`),
	)
	posText := run(t, ctx, chromedp.Text(`#position-text`))
	tokens := run(t, ctx, chromedp.Evaluate[[]int](`[...document.querySelectorAll("#board .heap")].map(h => h.querySelectorAll(".token").length)`))
	outcomes := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#chart circle.pt")].map(c => c.dataset.outcome)`))
	rems := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#chart circle.pt")].map(c => c.dataset.remoteness)`))
	url := run(t, ctx, chromedp.Location())
	if !strings.HasSuffix(posText, "1 4 5") || len(tokens) != 3 || tokens[0] != 1 || tokens[1] != 4 || tokens[2] != 5 {
		t.Errorf("after 3 → 1: position %q, heaps drawn with tokens %v; want 1 4 5", posText, tokens)
	}
	// 1 4 5 is a P-position: each of its 10 moves loses.
	if w, l := count(t, ctx, "#moves button.move.win"), count(t, ctx, "#moves button.move.lose"); w != 0 || l != 10 {
		t.Errorf("1 4 5: %d winning and %d losing moves, want 0 and 10", w, l)
	}
	// The chart: the start (N, remoteness 11), then 1 4 5 (P, 10).
	if strings.Join(outcomes, " ") != "N P" || strings.Join(rems, " ") != "11 10" {
		t.Errorf("value history: outcomes %v, remoteness %v; want N 11, P 10", outcomes, rems)
	}
	if !strings.Contains(url, "position=1+4+5") || !strings.Contains(url, "game=nim") {
		t.Errorf("the address does not name the position: %s", url)
	}
	screenshot(t, ctx, "nim-345-after-move.png")

	// Undo and redo walk the history; the shared link rebuilds it.
	do(t, ctx, "undo", chromedp.Click(`#undo`), chromedp.WaitVisible(`#redo:not([disabled])`))
	afterUndo := run(t, ctx, chromedp.Text(`#position-text`))
	do(t, ctx, "redo", chromedp.Click(`#redo`), chromedp.WaitVisible(`#undo:not([disabled])`))
	afterRedo := run(t, ctx, chromedp.Text(`#position-text`))
	if !strings.HasSuffix(afterUndo, "3 4 5") || !strings.HasSuffix(afterRedo, "1 4 5") {
		t.Errorf("undo gave %q, redo %q", afterUndo, afterRedo)
	}
	shared := run(t, ctx, chromedp.AttributeValue(`#share`, "href")).Value
	do(t, ctx, "opening the shared link "+shared,
		chromedp.Navigate(ts.URL+"/"+shared),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`),
	)
	if n := count(t, ctx, "#chart circle.pt"); n != 2 {
		t.Errorf("the shared link %s: %d points in the chart, want 2", shared, n)
	}
}

// TestBrowserEngine lets the engine answer: after the winning move the
// engine, which must lose, delays the end as long as it can.
func TestBrowserEngine(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	do(t, ctx, "playing against the engine",
		chromedp.Navigate(ts.URL+"/?game=subtract:1,3,4&position=9+5"),
		chromedp.WaitVisible(`#moves button.move`),
		chromedp.Click(`#auto-engine`),
		chromedp.Click(`#moves button.move.win`),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="2"]`),
	)
	outcomes := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#chart circle.pt")].map(c => c.dataset.outcome)`))
	note := run(t, ctx, chromedp.Text(`#engine-note`))
	// Start N; after our winning move P; the engine's reply must leave N.
	if strings.Join(outcomes, " ") != "N P N" || !strings.Contains(note, "every move loses") {
		t.Errorf("engine game: chart %v, note %q", outcomes, note)
	}
	screenshot(t, ctx, "subtract-engine.png")
}

// TestBrowserTokens plays Wythoff by clicking a token: the second heap of
// 3 5 taken down to 3 leaves 3 3.
func TestBrowserTokens(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	do(t, ctx, "opening wythoff 3 5",
		chromedp.Navigate(ts.URL+"/?game=wythoff&position=3+5"),
		chromedp.WaitVisible(`#moves button.move`),
	)
	if tokens := run(t, ctx, chromedp.Evaluate[[]int](`[...document.querySelectorAll("#board .heap")].map(h => h.querySelectorAll(".token").length)`)); len(tokens) != 2 || tokens[0] != 3 || tokens[1] != 5 {
		t.Fatalf("wythoff 3 5 drawn as heaps %v", tokens)
	}
	do(t, ctx, "clicking the fourth token of heap 2",
		chromedp.Click(`#board .heap[data-heap="1"] .token[data-k="3"]`),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`),
	)
	if pos := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(pos, "3 3") {
		t.Errorf("after the click: %q, want 3 3", pos)
	}
	screenshot(t, ctx, "wythoff-click.png")
}

// TestBrowserPartizan plays Domineering 2x2 as Left: Left's two moves are
// listed first and marked winning, Right's are dimmed; after Left's move
// Right is to move, in a position Right loses (value 1), and the chart
// shows it from Right's side.
func TestBrowserPartizan(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	do(t, ctx, "opening domineering 2x2",
		chromedp.Navigate(ts.URL+"/?game=domineering&position=2x2"),
		chromedp.WaitVisible(`#moves button.move`),
	)
	left := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#moves button.move[data-player="left"].win')].map(b => b.dataset.position)`))
	waiting := count(t, ctx, `#moves li.waiting button.move[data-player="right"]`)
	active := run(t, ctx, chromedp.Evaluate[string](`document.querySelector("#turn-bar button.active").dataset.turn`))
	if strings.Join(left, " ") != "#.|#. .#|.#" || waiting != 2 || active != "left" {
		t.Fatalf("2x2: Left's winning moves %q, %d of Right's dimmed, %q to move", left, waiting, active)
	}
	if cells := count(t, ctx, "#board .grid-board .cell"); cells != 4 {
		t.Errorf("2x2 drawn with %d cells", cells)
	}
	screenshot(t, ctx, "domineering-2x2.png")
	do(t, ctx, "Left places a domino",
		chromedp.Click(`#moves button.move[data-position="#.|#."]`),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`),
	)
	pos := run(t, ctx, chromedp.Text(`#position-text`))
	active = run(t, ctx, chromedp.Evaluate[string](`document.querySelector("#turn-bar button.active").dataset.turn`))
	views := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#chart circle.pt")].map(c => c.dataset.outcome + ":" + c.dataset.turn + ":" + c.dataset.view)`))
	rightMoves := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#moves button.move[data-player="right"]')].map(b => b.dataset.position + " " + b.dataset.result)`))
	url := run(t, ctx, chromedp.Location())
	if !strings.HasSuffix(pos, "#.|#.") || active != "right" || strings.Join(views, " ") != "N:left:N L:right:P" {
		t.Errorf("after Left's move: %q, %q to move, chart %v", pos, active, views)
	}
	// Beside Left's vertical domino there is no room for a horizontal
	// one: Right, to move, has no move and loses.
	if len(rightMoves) != 0 {
		t.Errorf("Right's moves on #.|#.: %v, want none", rightMoves)
	}
	if !strings.Contains(url, "turns=lr") {
		t.Errorf("the address does not keep the turns: %s", url)
	}
	screenshot(t, ctx, "domineering-after-left.png")

	// The link rebuilds the game with its sides to move, though the
	// positions hold "|".
	shared := run(t, ctx, chromedp.AttributeValue(`#share`, "href")).Value
	do(t, ctx, "opening the shared link "+shared,
		chromedp.Navigate(ts.URL+"/"+shared),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`),
	)
	if turns := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#chart circle.pt")].map(c => c.dataset.turn)`)); strings.Join(turns, " ") != "left right" {
		t.Errorf("the shared link %s: turns %v, want left right", shared, turns)
	}

	// Against the engine: after Left's move in Toads and Frogs the engine
	// answers as Right, and Left is to move again.
	do(t, ctx, "playing toads against the engine",
		chromedp.Navigate(ts.URL+"/?game=toads-and-frogs&position=TT..FF"),
		chromedp.WaitVisible(`#moves button.move`),
		chromedp.Click(`#auto-engine`),
		chromedp.Click(`#moves button.move[data-player="left"]`),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="2"]`),
	)
	turns := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#chart circle.pt")].map(c => c.dataset.turn)`))
	note := run(t, ctx, chromedp.Text(`#engine-note`))
	if strings.Join(turns, " ") != "left right left" || !strings.HasPrefix(note, "Engine played Right") {
		t.Errorf("toads against the engine: turns %v, note %q", turns, note)
	}
}

// TestBrowserChance shows Pig's roll as a chance event with its six
// outcomes at 1/6 and hold beside it; picking the outcome 1 passes the
// turn with nothing banked.
func TestBrowserChance(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	do(t, ctx, "opening pig:20 at 7 3 2",
		chromedp.Navigate(ts.URL+"/?game=pig:20&position=7+3+2"),
		chromedp.WaitVisible(`#moves li.chance-move`),
	)
	outcomes := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#moves li.chance-move button.outcome")].map(b => b.dataset.to + "=" + b.dataset.position)`))
	hold := run(t, ctx, chromedp.Evaluate[string](`document.querySelector('#moves button.move[data-to="hold"]').dataset.position`))
	badge := run(t, ctx, chromedp.Text(`#moves li.chance-move button.outcome .badge`))
	if strings.Join(outcomes, " ") != "1=3 7 0 2=7 3 4 3=7 3 5 4=7 3 6 5=7 3 7 6=7 3 8" || hold != "3 9 0" || !strings.HasPrefix(badge, "p 1/6") {
		t.Fatalf("pig 7 3 2: outcomes %q, hold to %q, first badge %q", outcomes, hold, badge)
	}
	screenshot(t, ctx, "pig-roll.png")
	do(t, ctx, "rolling a 1",
		chromedp.Click(`#moves li.chance-move button.outcome[data-to="1"]`),
		chromedp.WaitVisible(`#chart circle.pt[data-ply="1"]`),
	)
	if pos := run(t, ctx, chromedp.Text(`#position-text`)); !strings.HasSuffix(pos, "3 7 0") {
		t.Errorf("after rolling 1: %q, want 3 7 0", pos)
	}
}

// TestBrowserDatabase opens a Connect-4 4x4 position by link on a server
// with its database: the game list offers the database as a game of its
// own, and the moves, read from the database, mark the one win.
func TestBrowserDatabase(t *testing.T) {
	ctx := browse(t)
	ts := httptest.NewServer(New(Config{Databases: openDBs(t, buildDB(t, "connect4:4x4"))}))
	defer ts.Close()

	do(t, ctx, "opening a link to connect4:4x4 121212",
		chromedp.Navigate(ts.URL+"/?game=connect4:4x4&position=121212"),
		chromedp.WaitVisible(`body[data-ready="true"]`),
		chromedp.WaitVisible(`#moves button.move`),
	)
	moves := count(t, ctx, "#moves button.move")
	wins := count(t, ctx, "#moves button.move.win")
	winPos := run(t, ctx, chromedp.AttributeValue(`#moves button.move.win`, "data-position")).Value
	game := run(t, ctx, chromedp.Evaluate[string](`document.getElementById("game").selectedOptions[0].textContent`))
	if moves != 4 || wins != 1 || winPos != "1212121" || game != "connect4:4x4 (database)" {
		t.Fatalf("connect4:4x4 121212: %d moves, %d winning (to %q), game %q; want 4, 1 to 1212121, connect4:4x4 (database)", moves, wins, winPos, game)
	}
}
