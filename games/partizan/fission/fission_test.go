package fission

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
)

// plain values a board from the rules written again: a stone at (r, c)
// splits for Left when (r−1, c) and (r+1, c) are empty squares of the
// board, for Right when (r, c−1) and (r, c+1) are.
func plain(s *cgt.Space, cells []byte, w int, memo map[string]cgt.Game) cgt.Game {
	key := string(cells) + "/" + string(rune('0'+w))
	if g, ok := memo[key]; ok {
		return g
	}
	h := len(cells) / w
	empty := func(r, c int) bool { return r >= 0 && r < h && c >= 0 && c < w && cells[r*w+c] == '.' }
	var opts [2][]cgt.Game
	for side, d := range [2][2]int{{1, 0}, {0, 1}} {
		for i, b := range cells {
			r, c := i/w, i%w
			if b == 'x' && empty(r-d[0], c-d[1]) && empty(r+d[0], c+d[1]) {
				n := []byte(string(cells))
				n[i], n[(r-d[0])*w+c-d[1]], n[(r+d[0])*w+c+d[1]] = '.', 'x', 'x'
				opts[side] = append(opts[side], plain(s, n, w, memo))
			}
		}
	}
	g, err := s.Make(opts[0], opts[1])
	if err != nil {
		panic(err)
	}
	memo[key] = g
	return g
}

// TestAgainstPlain: random boards up to 4×4 valued by the evaluator and
// by the rules written again.
func TestAgainstPlain(t *testing.T) {
	s := cgt.NewSpace()
	e, err := partizan.New[string](s, Game{})
	if err != nil {
		t.Fatal(err)
	}
	memo := map[string]cgt.Game{}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 120 {
		h, w := 1+rng.IntN(4), 1+rng.IntN(4)
		cells := make([]byte, h*w)
		for i := range cells {
			cells[i] = ".....xx#"[rng.IntN(8)]
		}
		rows := make([]string, h)
		for r := range h {
			rows[r] = string(cells[r*w : (r+1)*w])
		}
		p := strings.Join(rows, "/")
		got, err := e.Value(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if want := plain(s, cells, w, memo); got != want {
			t.Fatalf("%s: %s, plain %s", p, s.String(got), s.String(want))
		}
	}
	// A stone in a 1×3 strip splits once, for Right only: −1; standing,
	// for Left: 1; in a 3×3 box the board is its own transpose, which
	// swaps the players, so it is worth its own negative, 0.
	for pos, want := range map[string]string{".x.": "-1", "./x/.": "1", ".../.x./...": "0"} {
		if g, _ := e.Value(context.Background(), pos); s.String(g) != want {
			t.Errorf("%s = %s, want %s", pos, s.String(g), want)
		}
	}
}

// TestParse: bad boards are named.
func TestParse(t *testing.T) {
	for _, bad := range []string{"x.q", "../.", ""} {
		if _, err := Parse([]string{bad}); err == nil {
			t.Errorf("Parse(%q): no error", bad)
		}
	}
	if ps, err := Parse([]string{"...|.x.|..."}); err != nil || ps[0] != ".../.x./..." {
		t.Errorf("Parse with '|': %v %v", ps, err)
	}
}
