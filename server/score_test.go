package server

import (
	"net/url"
	"slices"
	"testing"
)

// TestScoredMoves: kalah:3,3's start through the API: the position's
// score (+2 for South, Irving et al.'s Kalah(3,3) is a first-player win),
// each move's score (the margin left to North) and label, and the engine
// playing the move of the greatest margin for its mover.
func TestScoredMoves(t *testing.T) {
	s := New(Config{})
	code, out := get(t, s, "/api/v1/position", url.Values{"game": {"kalah:3,3"}, "position": {""}})
	if code != 200 || out["score"] != 2.0 || out["outcome"] != "N" {
		t.Fatalf("kalah:3,3: %d %v", code, out)
	}
	var got []string
	best := 1e9
	for _, m := range movesOf(t, out) {
		sc, ok := m["score"].(float64)
		if !ok {
			t.Fatalf("a move without a score: %v", m)
		}
		best = min(best, sc)
		got = append(got, m["label"].(string))
		if want := map[bool]string{true: "win", false: "lose"}[sc < 0]; sc != 0 && m["result"] != want {
			t.Errorf("move %v: score %v, result %v", m["label"], sc, m["result"])
		}
	}
	if want := []string{"pit 1, pit 2", "pit 1, pit 3", "pit 2", "pit 3"}; !slices.Equal(got, want) {
		t.Errorf("labels %q, want %q", got, want)
	}
	if best != -2 {
		t.Errorf("the best move leaves North %v; want -2", best)
	}
	code, out = get(t, s, "/api/v1/best", url.Values{"game": {"kalah:3,3"}, "position": {""}})
	mv, _ := out["move"].(map[string]any)
	if code != 200 || mv == nil || mv["score"] != -2.0 {
		t.Fatalf("best: %d %v", code, out)
	}
}
