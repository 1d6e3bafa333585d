package server

import (
	"net/url"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// TestCLILabelsAgree: the label the command line prints beside a winning
// move (catalog.LabelPositions, from the positions alone) is the label
// the API gives that move (catalog.LabelMoves on the explored moves), for
// every move of these positions; a heap's split is the CLI's position.
func TestCLILabelsAgree(t *testing.T) {
	h := New(Config{})
	for _, c := range []struct{ game, pos string }{
		{"nim", "3 4 5"}, {"kayles", "8 5"}, {"subtract:1,3,4", "10 11 13"},
		{"tictactoe", "XX.OO...."}, {"tictactoe", "X...O...."}, {"connect4:4x4", "121212"},
		{"quixo:3", "X...O....:X"},
	} {
		code, out := get(t, h, "/api/v1/position", url.Values{"game": {c.game}, "position": {c.pos}})
		if code != 200 {
			t.Fatalf("%s %s: %d %v", c.game, c.pos, code, out)
		}
		api := map[string]string{}
		var positions []string
		for _, m := range out["moves"].([]any) {
			mv := m.(map[string]any)
			api[mv["position"].(string)] = mv["label"].(string)
			positions = append(positions, mv["position"].(string))
		}
		inst, err := catalog.Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		cli := catalog.LabelPositions(inst, out["position"].(string), strings.Fields(c.pos), positions, heapGameSpec(c.game))
		for i, p := range positions {
			// A split of a heap (Kayles 8 → 3 + 4) is not read from the
			// positions alone: the CLI prints its position, no label.
			split := len(strings.Fields(p)) != len(strings.Fields(c.pos)) && heapGameSpec(c.game)
			if cli[i] != api[p] && !(split && cli[i] == "") {
				t.Errorf("%s %s → %s: the CLI says %q, the API %q", c.game, c.pos, p, cli[i], api[p])
			}
		}
	}
}

func heapGameSpec(game string) bool {
	return !strings.HasPrefix(game, "tictactoe") && !strings.HasPrefix(game, "connect4") && !strings.HasPrefix(game, "quixo")
}
