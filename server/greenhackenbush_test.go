package server

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// A Green Hackenbush picture of 1,000 edges (a random tree with a few
// cycles) is answered by the server from the same impartial values as
// solve: outcome, nimber and winning cuts equal, and each move's nimber
// agrees with solving the position it leaves.
func TestGreenHackenbushLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 0))
	var edges []string
	for v := 1; v <= 990; v++ {
		edges = append(edges, fmt.Sprintf("%d-%d", rng.IntN(v), v))
	}
	for range 10 {
		edges = append(edges, fmt.Sprintf("%d-%d", rng.IntN(991), rng.IntN(991)))
	}
	pos := strings.Join(edges, ",")
	inst, err := catalog.Lookup("green-hackenbush")
	if err != nil {
		t.Fatal(err)
	}
	want, err := inst.Solve(context.Background(), []string{pos}, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := New(Config{})
	code, out := post(t, s, "/api/v1/position", fmt.Sprintf(`{"game":"green-hackenbush","position":%q}`, pos))
	if code != 200 {
		t.Fatalf("status %d: %v", code, out)
	}
	if out["outcome"] != want.Outcome || out["grundy"] != float64(want.Grundy.Int64()) || out["position"] != want.Position {
		t.Fatalf("server %v %v, solve %s %v", out["outcome"], out["grundy"], want.Outcome, want.Grundy)
	}
	var got []string
	for _, m := range out["winning_moves"].([]any) {
		got = append(got, m.(string))
	}
	if !slices.Equal(got, want.WinningMoves) {
		t.Fatalf("server's winning moves %d, solve's %d", len(got), len(want.WinningMoves))
	}
	if out["moves_total"] != 1000.0 || out["move_kind"] != nil && out["move_kind"] != "" {
		t.Fatalf("moves_total %v, move_kind %v", out["moves_total"], out["move_kind"])
	}
	// The moves listed are cuts, solved as solve solves what they leave.
	moves := out["moves"].([]any)
	if len(moves) == 0 {
		t.Fatal("no moves")
	}
	winning := map[string]bool{}
	for _, w := range want.WinningMoves {
		winning[w] = true
	}
	for i, m := range moves {
		mv := m.(map[string]any)
		p := mv["position"].(string)
		if strings.Contains(p, "L:") || strings.Contains(p, "R:") {
			t.Fatalf("a partizan move %v", mv)
		}
		if (mv["outcome"] == "P") != winning[p] {
			t.Fatalf("move %d to a %v position, winning moves say %v", i, mv["outcome"], winning[p])
		}
		if i%97 == 0 {
			r, err := inst.Solve(context.Background(), []string{p}, catalog.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if mv["grundy"] != float64(r.Grundy.Int64()) || mv["outcome"] != r.Outcome {
				t.Fatalf("move %d: server %v %v, solve %s %v", i, mv["outcome"], mv["grundy"], r.Outcome, r.Grundy)
			}
		}
	}
	// A triangle fuses into three loops, *1; cutting the edge 1-2 leaves
	// two stalks of one edge, *0, the one winning cut.
	if _, out := get(t, s, "/api/v1/position", url.Values{"game": {"green-hackenbush"}, "position": {"0-1,1-2,2-0"}}); out["grundy"] != 1.0 || out["winning_moves"].([]any)[0] != "0-1g,2-0g" {
		t.Errorf("a triangle: %v", out)
	}
}
