package server

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// TestGamesSayAboutThemselves: /api/v1/games and /api/v1/game give each
// game's players, rules, source and variants as the catalog describes
// them (catalog.About), and the default variant's spec.
func TestGamesSayAboutThemselves(t *testing.T) {
	h := New(Config{})
	_, out := get(t, h, "/api/v1/games", nil)
	games := out["games"].([]any)
	seen := 0
	for _, gi := range games {
		g := gi.(map[string]any)
		name := g["name"].(string)
		a := catalog.AboutGame(name)
		if a == nil {
			t.Errorf("%s: listed, not described", name)
			continue
		}
		seen++
		if got, want := fmt.Sprint(g["players"]), fmt.Sprint(a.Players); got != want {
			t.Errorf("%s: players %s, want %s", name, got, want)
		}
		if g["rules"] != a.Rules || g["source"] != a.Source || g["default_spec"] != a.DefaultSpec(name) {
			t.Errorf("%s: rules %q, source %q, default %q", name, g["rules"], g["source"], g["default_spec"])
		}
		vs, _ := g["variants"].([]any)
		if len(vs) != len(a.Variants) {
			t.Errorf("%s: %d variants, want %d", name, len(vs), len(a.Variants))
		}
	}
	if seen < 40 {
		t.Errorf("%d games described", seen)
	}
	code, one := get(t, h, "/api/v1/game", url.Values{"name": {"ttt"}})
	if code != 200 || one["name"] != "tictactoe" || fmt.Sprint(one["players"]) != "[X O]" {
		t.Errorf("/api/v1/game?name=ttt: %d %v", code, one)
	}
	code, one = get(t, h, "/api/v1/game", url.Values{"name": {"connect4"}})
	v := one["variants"].([]any)[0].(map[string]any)
	if code != 200 || v["name"] != "width" || v["kind"] != "int" || v["min"] != 1.0 || v["max"] != 9.0 || v["default"] != "4" || one["spec_format"] != "connect4:{width}x{height}:{k}" {
		t.Errorf("/api/v1/game?name=connect4: %d %v", code, one)
	}
	code, one = get(t, h, "/api/v1/game", url.Values{"name": {"chess"}})
	if code != 404 || !strings.Contains(errorOf(t, one), `no game named "chess"`) {
		t.Errorf("/api/v1/game?name=chess: %d %v", code, one)
	}
	code, one = get(t, h, "/api/v1/game", nil)
	if code != 400 || !strings.Contains(errorOf(t, one), "missing query parameter 'name'") {
		t.Errorf("/api/v1/game: %d %v", code, one)
	}
}

// TestToMoveInAnswers: answers for the games whose positions say who
// moves name that player, counted here from the position itself.
func TestToMoveInAnswers(t *testing.T) {
	h := New(Config{})
	for _, c := range []struct{ game, pos, want string }{
		{"tictactoe", ".........", "X"},
		{"tictactoe", "X........", "O"},
		{"tictactoe", "X...O....", "X"},
		{"connect4:4x4", "", "Red"},
		{"connect4:4x4", "12", "Red"},
		{"connect4:4x4", "123", "Yellow"},
		{"quixo:3", "X........:O", "O"},
		{"morris:3", "W.B.W.B..:W:1,1", "White"},
		{"morris:3", "W.B.W....:B:1,2", "Black"},
		{"nim", "3 4 5", ""},
	} {
		for _, summary := range []string{"", "1"} {
			code, out := get(t, h, "/api/v1/position", url.Values{"game": {c.game}, "position": {c.pos}, "summary": {summary}})
			got, _ := out["to_move"].(string)
			if code != 200 || got != c.want {
				t.Errorf("%s %q (summary %q): %d, to_move %q, want %q", c.game, c.pos, summary, code, got, c.want)
			}
		}
	}
}
