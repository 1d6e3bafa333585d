package clobber

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

// plainWins decides a whole Clobber board under misère play by trying
// every line of play (Captures): a player with no capture wins.
func plainWins(memo map[string]bool, p string, left bool) bool {
	key := p + map[bool]string{true: "L", false: "R"}[left]
	if v, ok := memo[key]; ok {
		return v
	}
	win, moved := false, false
	for q := range Captures(p, left) {
		moved = true
		if !plainWins(memo, q, !left) {
			win = true
			break
		}
	}
	win = win || !moved
	memo[key] = win
	return win
}

// TestMisereAgainstPlainSearch checks 'solve clobber POS --misere' (the
// misère forms of the board's regions, some of them transposed and so
// conjugated) on random boards up to 3×4 against plain search of the
// whole board.
func TestMisereAgainstPlainSearch(t *testing.T) {
	inst, err := catalog.Lookup("clobber")
	if err != nil {
		t.Fatal(err)
	}
	f := inst.(reports.MisereFormer)
	rng := rand.New(rand.NewPCG(25, 26))
	memo := map[string]bool{}
	seen := map[string]int{}
	for range 200 {
		var rows []string
		h, w := 1+rng.IntN(3), 1+rng.IntN(4)
		for range h {
			var b strings.Builder
			for range w {
				b.WriteByte("xo."[rng.IntN(3)])
			}
			rows = append(rows, b.String())
		}
		pos := strings.Join(rows, "/")
		r, err := reports.SolveMiserePartizan(t.Context(), f, []string{pos}, catalog.Options{})
		if err != nil {
			t.Fatalf("clobber %s --misere: %v", pos, err)
		}
		want := "P"
		switch l, rt := plainWins(memo, pos, true), plainWins(memo, pos, false); {
		case l && rt:
			want = "N"
		case l:
			want = "L"
		case rt:
			want = "R"
		}
		if r.Outcome != want {
			t.Fatalf("clobber %s --misere: outcome %s, plain search %s", pos, r.Outcome, want)
		}
		seen[want]++
	}
	for _, o := range []string{"L", "R", "N", "P"} {
		if seen[o] == 0 {
			t.Errorf("no board of outcome %s: the test is too narrow (%v)", o, seen)
		}
	}
}
