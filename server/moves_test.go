package server

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// movesOf returns an answer's moves.
func movesOf(t *testing.T, out map[string]any) []map[string]any {
	t.Helper()
	list, ok := out["moves"].([]any)
	if !ok {
		t.Fatalf("no moves in %v", out)
	}
	ms := make([]map[string]any, len(list))
	for i, m := range list {
		ms[i] = m.(map[string]any)
	}
	return ms
}

// TestPartizanMoves: Domineering 2x2 (= ±1): Left's two vertical
// placements and Right's two horizontal ones, each leaving a position won
// by the player who made it; the engine plays the side it is told.
func TestPartizanMoves(t *testing.T) {
	s := New(Config{})
	code, out := get(t, s, "/api/v1/position", url.Values{"game": {"domineering"}, "position": {"2x2"}})
	if code != 200 || out["value"] != "+-1" || out["outcome"] != "N" || out["move_kind"] != "partizan" {
		t.Fatalf("2x2: %d %v", code, out)
	}
	var got []string
	for _, m := range movesOf(t, out) {
		got = append(got, strings.Join([]string{m["player"].(string), m["position"].(string), m["outcome"].(string), m["value"].(string), m["result"].(string)}, " "))
	}
	want := []string{"left #.|#. L 1 win", "left .#|.# L 1 win", "right ##|.. R -1 win", "right ..|## R -1 win"}
	if !slices.Equal(got, want) {
		t.Errorf("2x2 moves %q, want %q", got, want)
	}
	for player, want := range map[string]string{"": "left", "left": "left", "right": "right"} {
		code, out := get(t, s, "/api/v1/best", url.Values{"game": {"domineering"}, "position": {"2x2"}, "player": {player}})
		if code != 200 || out["move"].(map[string]any)["player"] != want || out["move"].(map[string]any)["result"] != "win" {
			t.Errorf("best for %q: %d %v", player, code, out)
		}
	}
	// Each move's value is what the game's own solver gives the position.
	dom, _ := catalog.Lookup("domineering")
	code, out = post(t, s, "/api/v1/position", `{"game":"domineering","position":"3x3"}`)
	if code != 200 {
		t.Fatalf("domineering 3x3: %d %v", code, out)
	}
	for _, m := range movesOf(t, out) {
		r, err := dom.Solve(context.Background(), []string{m["position"].(string)}, catalog.Options{})
		if err != nil || r.Value != m["value"] || r.Outcome != m["outcome"] {
			t.Errorf("3x3 → %v: %v %v, Solve %v %v %v", m["position"], m["value"], m["outcome"], r.Value, r.Outcome, err)
		}
	}
	// On a 1x2 strip Left (vertical) has no move; Right has one.
	code, out = get(t, s, "/api/v1/best", url.Values{"game": {"domineering"}, "position": {"1x2"}, "player": {"left"}})
	if code != 400 || !strings.Contains(errorOf(t, out), "Left has no move") {
		t.Errorf("best for Left on 1x2: %d %v", code, out)
	}
	code, out = get(t, s, "/api/v1/best", url.Values{"game": {"domineering"}, "position": {"1x2"}, "player": {"right"}})
	if code != 200 || out["move"].(map[string]any)["position"] != "##" {
		t.Errorf("best for Right on 1x2: %d %v", code, out)
	}
	if code, out := post(t, s, "/api/v1/best", `{"game":"domineering","position":"2x2","player":"up"}`); code != 400 || !strings.Contains(errorOf(t, out), `bad player "up"`) {
		t.Errorf("bad player: %d %v", code, out)
	}
	// Hackenbush: cutting a stalk's ground edge removes the stalk.
	code, out = get(t, s, "/api/v1/position", url.Values{"game": {"hackenbush"}, "position": {"lr l"}})
	got = nil
	for _, m := range movesOf(t, out) {
		got = append(got, m["player"].(string)+" "+m["position"].(string)+" "+m["value"].(string))
	}
	if want := []string{"left l 1", "left lr 1/2", "right l l 2"}; code != 200 || !slices.Equal(got, want) {
		t.Errorf("hackenbush lr l: %d %q, want %q", code, got, want)
	}
}

// TestPigMovesAPI: Pig's roll and hold carry the solver's own numbers (the
// report's roll_value and hold_value), the roll its six outcomes at 1/6,
// and the engine takes the better of the two.
func TestPigMovesAPI(t *testing.T) {
	s := New(Config{})
	pig, _ := catalog.Lookup("pig:20")
	r, err := pig.Solve(context.Background(), []string{"7", "3", "2"}, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	code, out := get(t, s, "/api/v1/position", url.Values{"game": {"pig:20"}, "position": {"7 3 2"}})
	ms := movesOf(t, out)
	if code != 200 || len(ms) != 2 || ms[0]["to"] != "roll" || ms[1]["to"] != "hold" || out["move_kind"] != "payoff" {
		t.Fatalf("pig: %d %v", code, out)
	}
	if ms[0]["mover_value"] != r.Extra["roll_value"] || ms[1]["mover_value"] != r.Extra["hold_value"] {
		t.Errorf("roll %v hold %v, solver %v %v", ms[0]["mover_value"], ms[1]["mover_value"], r.Extra["roll_value"], r.Extra["hold_value"])
	}
	if ms[1]["position"] != "3 9 0" {
		t.Errorf("hold leaves %v, want 3 9 0", ms[1]["position"])
	}
	outcomes := ms[0]["chance"].([]any)
	var positions []string
	for _, c := range outcomes {
		c := c.(map[string]any)
		positions = append(positions, c["position"].(string))
		r, err := pig.Solve(context.Background(), strings.Fields(c["position"].(string)), catalog.Options{})
		if err != nil || c["probability"] != "1/6" || c["player"] != "chance" || c["value"] != r.Value {
			t.Errorf("roll → %v: %v, Solve %v %v", c["position"], c, r.Value, err)
		}
	}
	// Rolling 2 to 6 leaves the mover to roll or hold again; a 1 and a
	// hold pass the turn.
	for i, c := range outcomes {
		if again, _ := c.(map[string]any)["again"].(bool); again != (i > 0) {
			t.Errorf("roll %d: again %v", i+1, again)
		}
	}
	if again, _ := ms[1]["again"].(bool); again {
		t.Errorf("hold: again")
	}
	if want := []string{"3 7 0", "7 3 4", "7 3 5", "7 3 6", "7 3 7", "7 3 8"}; !slices.Equal(positions, want) {
		t.Errorf("roll outcomes %q, want %q", positions, want)
	}
	code, best := get(t, s, "/api/v1/best", url.Values{"game": {"pig:20"}, "position": {"7 3 2"}})
	if code != 200 || best["move"].(map[string]any)["to"] != r.Extra["best_action"] {
		t.Errorf("best: %d %v, solver's %v", code, best, r.Extra["best_action"])
	}
}

// TestKuhnMovesAPI: the deal is nature's move (six deals at 1/6); after it,
// each action carries the optimal strategy's probability and its value.
func TestKuhnMovesAPI(t *testing.T) {
	s := New(Config{})
	code, out := get(t, s, "/api/v1/position", url.Values{"game": {"kuhn"}})
	ms := movesOf(t, out)
	if code != 200 || out["move_kind"] != "chance" || len(ms) != 6 || out["value_exact"] != "-1/18" {
		t.Fatalf("kuhn: %d %v", code, out)
	}
	var deals []string
	for _, m := range ms {
		deals = append(deals, m["position"].(string))
		if m["probability"] != "1/6" || m["player"] != "chance" || m["result"] != "" {
			t.Errorf("deal %v", m)
		}
	}
	if want := []string{"JQ", "JK", "QJ", "QK", "KJ", "KQ"}; !slices.Equal(deals, want) {
		t.Errorf("deals %q", deals)
	}
	code, best := get(t, s, "/api/v1/best", url.Values{"game": {"kuhn"}, "position": {"deal"}})
	if code != 200 || !slices.Contains(deals, best["move"].(map[string]any)["position"].(string)) || !strings.Contains(best["reason"].(string), "nature") {
		t.Errorf("best at the deal: %d %v", code, best)
	}
	// With the jack against the queen, player 1 bets (bluffs) 1/3 of the
	// time and checks 2/3 (Kuhn's equilibrium family, as the LP found).
	code, out = get(t, s, "/api/v1/position", url.Values{"game": {"kuhn"}, "position": {"JQ"}})
	ms = movesOf(t, out)
	if code != 200 || len(ms) != 2 || ms[0]["to"] != "check" || ms[1]["to"] != "bet" {
		t.Fatalf("JQ: %d %v", code, out)
	}
	kuhn, _ := catalog.Lookup("kuhn")
	r, _ := kuhn.Solve(context.Background(), nil, catalog.Options{})
	strat := r.Extra["strategy"].(map[string]map[string]map[string]string)["player1"]["J"]
	if ms[0]["strategy_probability"] != strat["check"] || ms[1]["strategy_probability"] != strat["bet"] {
		t.Errorf("JQ strategy %v %v, solver %v", ms[0]["strategy_probability"], ms[1]["strategy_probability"], strat)
	}
	if code, out := get(t, s, "/api/v1/position", url.Values{"game": {"kuhn"}, "position": {"JQ raise"}}); code != 400 || !strings.Contains(errorOf(t, out), `bad Kuhn poker action "raise"`) {
		t.Errorf("bad action: %d %v", code, out)
	}
}

// TestMooreMovesAPI: every move of Moore's Nim_2 from 3 5 6 is listed (77)
// with the outcome catalog Solve gives the position it leaves.
func TestMooreMovesAPI(t *testing.T) {
	s := New(Config{})
	moore, _ := catalog.Lookup("moore:2")
	code, out := get(t, s, "/api/v1/position", url.Values{"game": {"moore:2"}, "position": {"3 5 6"}})
	ms := movesOf(t, out)
	if code != 200 || len(ms) != 77 || out["moves_total"] != 77.0 {
		t.Fatalf("moore: %d, %d moves", code, len(ms))
	}
	wins := 0
	for _, m := range ms {
		r, err := moore.Solve(context.Background(), strings.Fields(m["position"].(string)), catalog.Options{})
		if err != nil || r.Outcome != m["outcome"] {
			t.Errorf("→ %v: %v, Solve %v %v", m["position"], m["outcome"], r.Outcome, err)
		}
		if m["result"] == "win" {
			wins++
		}
	}
	if wl := out["winning_moves"].([]any); wins != len(wl) || wins == 0 {
		t.Errorf("%d winning moves listed, report has %v", wins, wl)
	}
	// Heaps too large to list their moves: Moore's answer, and the
	// engine plays the winning move that Moore's proof constructs.
	r, _ := moore.Solve(context.Background(), []string{"123456789012345", "3", "7"}, catalog.Options{})
	code, out = get(t, s, "/api/v1/position", url.Values{"game": {"moore:2"}, "position": {"123456789012345 3 7"}})
	if code != 200 || out["outcome"] != r.Outcome || out["moves_counted"] != false || len(movesOf(t, out)) != 0 {
		t.Errorf("huge heaps: %d %v", code, out)
	}
	code, best := get(t, s, "/api/v1/best", url.Values{"game": {"moore:2"}, "position": {"123456789012345 3 7"}})
	if code != 200 || best["move"].(map[string]any)["position"] != r.WinningMoves[0] {
		t.Errorf("huge heaps, best: %d %v; Moore's move %v", code, best, r.WinningMoves)
	}
}

// TestLandlordsAndTshirtsAPI: a Landlords guess wins with probability
// 1/(M+1); a T-Shirts deletion leaves a position that reads back.
func TestLandlordsAndTshirtsAPI(t *testing.T) {
	s := New(Config{})
	code, out := get(t, s, "/api/v1/position", url.Values{"game": {"landlords"}, "position": {"2 3"}})
	ms := movesOf(t, out)
	if code != 200 || len(ms) != 3 || ms[0]["mover_value"] != "1/4" || len(ms[0]["chance"].([]any)) != 2 {
		t.Fatalf("landlords 2 3: %d %v", code, out)
	}
	code, out = get(t, s, "/api/v1/position", url.Values{"game": {"tshirts"}, "position": {"3 1 2 / 1 2 3 / 2 3 1"}})
	ms = movesOf(t, out)
	if code != 200 || len(ms) != 3 || ms[1]["to"] != "delete 2" || ms[1]["mover_value"] != "2" {
		t.Fatalf("tshirts: %d %v", code, out)
	}
	code, back := get(t, s, "/api/v1/position", url.Values{"game": {"tshirts"}, "position": {ms[1]["position"].(string)}})
	if code != 200 || !slices.Equal(back["payoff"].([]any), ms[1]["payoff"].([]any)) {
		t.Errorf("tshirts after delete 2: %d %v", code, back)
	}
}

// TestScriptParams: a script's --param values come in the request, with
// the CLI's syntax and errors, and each set of values is its own game.
func TestScriptParams(t *testing.T) {
	loaded, err := LoadScripts([]string{"../examples/snim.star", "testdata/coin.star"})
	if err != nil {
		t.Fatal(err)
	}
	s := New(Config{Scripts: loaded})
	snim, _ := catalog.Lookup("../examples/snim.star")
	for _, set := range []string{"1,2", "2,5", "3"} {
		r, err := snim.Solve(context.Background(), []string{"9"}, catalog.Options{Params: map[string]string{"s": set}})
		if err != nil {
			t.Fatal(err)
		}
		code, out := get(t, s, "/api/v1/position", url.Values{"game": {"snim.star"}, "position": {"9"}, "param": {"s=" + set}})
		if code != 200 || out["grundy"].(float64) != float64(r.Grundy.Int64()) || out["outcome"] != r.Outcome {
			t.Errorf("snim s=%s 9: %d %v; CLI %v %v", set, code, out, r.Outcome, r.Grundy)
		}
		code, out = post(t, s, "/api/v1/position", mustJSON(map[string]any{"game": "snim.star", "position": "9", "params": []string{"s=" + set}}))
		if code != 200 || out["grundy"].(float64) != float64(r.Grundy.Int64()) {
			t.Errorf("POST snim s=%s 9: %d %v", set, code, out)
		}
	}
	code, out := get(t, s, "/api/v1/start", url.Values{"game": {"coin.star"}, "param": {"cap=5"}})
	if code != 200 || out["position"] != `("turn", 0, 0)` {
		t.Errorf("start with params: %d %v", code, out)
	}
	_, cliErr := snim.Solve(context.Background(), []string{"9"}, catalog.Options{Params: map[string]string{"s": "0"}})
	for _, c := range []struct {
		params []string
		game   string
		want   string
	}{
		{[]string{"s"}, "snim.star", `bad --param "s": expected NAME=VALUE`},
		{[]string{"=3"}, "snim.star", `bad --param "=3": expected NAME=VALUE`},
		{[]string{"s=1", "s=2"}, "snim.star", `--param s is given twice`},
		// The CLI's error, naming the script by its file name only.
		{[]string{"s=0"}, "snim.star", strings.TrimPrefix(strings.SplitN(cliErr.Error(), "\n", 2)[0], "../examples/")},
		{[]string{"k=2"}, "nim", `--param is for game scripts (a GAME ending in .star); "nim" takes its parameters after a colon`},
	} {
		code, out := get(t, s, "/api/v1/position", url.Values{"game": {c.game}, "position": {"9"}, "param": c.params})
		if code != 400 || errorOf(t, out) != c.want {
			t.Errorf("GET %s %q: %d %v, want %q", c.game, c.params, code, out, c.want)
		}
		code, out = post(t, s, "/api/v1/best", mustJSON(map[string]any{"game": c.game, "position": "9", "params": c.params}))
		if code != 400 || errorOf(t, out) != c.want {
			t.Errorf("POST %s %q: %d %v, want %q", c.game, c.params, code, out, c.want)
		}
	}
	if code, out := post(t, s, "/api/v1/position", `{"game":"snim.star","position":"9","params":{"s":"1"}}`); code != 400 || !strings.Contains(errorOf(t, out), `field "params" must be []string`) {
		t.Errorf("params as an object: %d %v", code, out)
	}
}

// TestScriptChance: a script's chance position lists nature's outcomes with
// their probabilities (the script's weights normalised), and each player's
// move carries its value for the mover, worked out by hand in coin.star.
func TestScriptChance(t *testing.T) {
	loaded, err := LoadScripts([]string{"testdata/coin.star"})
	if err != nil {
		t.Fatal(err)
	}
	s := New(Config{Scripts: loaded})
	code, out := get(t, s, "/api/v1/position", url.Values{"game": {"coin.star"}, "position": {`("turn", 0, 0)`}})
	ms := movesOf(t, out)
	if code != 200 || out["move_kind"] != "payoff" || len(ms) != 2 {
		t.Fatalf("coin start: %d %v", code, out)
	}
	// Stopping at 0 is worth 0; flipping 1/3·(−1) + 2/3·0 = −1/3.
	if ms[0]["to"] != "stop" || ms[0]["mover_value"] != "0" || ms[1]["to"] != "flip" || ms[1]["mover_value"] != "-1/3" || ms[0]["again"] != nil {
		t.Errorf("coin moves %v", ms)
	}
	if code, best := get(t, s, "/api/v1/best", url.Values{"game": {"coin.star"}, "position": {`("turn", 0, 0)`}}); code != 200 || best["move"].(map[string]any)["to"] != "stop" {
		t.Errorf("best: %d %v", code, best)
	}
	code, out = get(t, s, "/api/v1/position", url.Values{"game": {"coin.star"}, "position": {`("coin", 0, 0)`}})
	ms = movesOf(t, out)
	if code != 200 || out["move_kind"] != "chance" || len(ms) != 2 || ms[0]["probability"] != "1/3" || ms[1]["probability"] != "2/3" ||
		ms[0]["position"] != `("turn", 1, 1)` || ms[0]["player"] != "chance" {
		t.Errorf("coin flip: %d %v", code, out)
	}
	// At the cap of 1 (a parameter) player 1 can only stop, taking 1.
	code, out = get(t, s, "/api/v1/position", url.Values{"game": {"coin.star"}, "position": {`("turn", 1, 1)`}, "param": {"cap=1"}})
	ms = movesOf(t, out)
	if code != 200 || len(ms) != 1 || ms[0]["mover_value"] != "1" {
		t.Errorf("coin cap=1: %d %v", code, out)
	}
}

// TestMoveLabelsAPI: every listed move carries its name in players'
// terms (catalog.LabelMoves), beside the position it leaves.
func TestMoveLabelsAPI(t *testing.T) {
	s := New(Config{})
	for _, c := range []struct{ game, pos, label, leaves string }{
		{"tictactoe", "X........", "O in b2", "X...O...."},
		{"connect4:4x4", "12", "column 3", "123"},
		{"wythoff", "2 5", "take 1 from both", "1 4"},
		{"wythoff", "2 5", "take 2 from heap 1", "0 5"},
		{"nim", "3 4 5", "take 2 from heap 1", "1 4 5"},
		{"kayles", "5 3", "heap 1: 5 → 1 + 3", "1 3 3"},
		{"quixo:3", "", "cube at (1, 1) pushed in at the right", "..X......:O"},
		{"domineering", "2x2", "domino on a1–a2", "#.|#."},
	} {
		code, a := get(t, s, "/api/v1/position", url.Values{"game": {c.game}, "position": {c.pos}})
		if code != 200 {
			t.Errorf("%s %q: %d %v", c.game, c.pos, code, a)
			continue
		}
		found := false
		for _, m := range a["moves"].([]any) {
			m := m.(map[string]any)
			if m["label"] == c.label {
				found = true
				if m["position"] != c.leaves {
					t.Errorf("%s %q: %q leaves %v, want %q", c.game, c.pos, c.label, m["position"], c.leaves)
				}
			}
		}
		if !found {
			t.Errorf("%s %q: no move labelled %q", c.game, c.pos, c.label)
		}
	}
}
