package examples

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// knightGrundy is the plain mex search of one coin on an n×n board,
// moving north-westwards by a knight's move.
func knightGrundy(n int) [][]uint64 {
	g := make([][]uint64, n)
	done := make([][]bool, n)
	for i := range g {
		g[i], done[i] = make([]uint64, n), make([]bool, n)
	}
	var value func(x, y int) uint64
	value = func(x, y int) uint64 {
		if done[x][y] {
			return g[x][y]
		}
		seen := map[uint64]bool{}
		for _, d := range [][2]int{{-2, 1}, {-2, -1}, {1, -2}, {-1, -2}} {
			a, b := x+d[0], y+d[1]
			if a >= 0 && b >= 0 && a < n && b < n {
				seen[value(a, b)] = true
			}
		}
		g[x][y], done[x][y] = mex(seen), true
		return g[x][y]
	}
	for x := range n {
		for y := range n {
			value(x, y)
		}
	}
	return g
}

// TestKnight: the knight toward the corner (HackerRank's "A Chessboard
// Game"): every cell of the 15×15 board against the published rule (the
// player to move loses exactly when x mod 4 and y mod 4 are both 0 or 1,
// counting from 0) and a plain search, and sums of coins ("Chessboard
// Game, Again!") against the nim-sum of the plain search's values.
func TestKnight(t *testing.T) {
	s := load(t, "knight.star", nil)
	plain := knightGrundy(15)
	for x := range 15 {
		for y := range 15 {
			r := solve(t, s, fmt.Sprintf("(%d, %d)", x, y))
			wantP := x%4 < 2 && y%4 < 2
			if (r.Outcome == "P") != wantP || r.Grundy.Uint64() != plain[x][y] {
				t.Errorf("(%d, %d): %s %v; the rule says P=%v, the plain search %d", x, y, r.Outcome, r.Grundy, wantP, plain[x][y])
			}
		}
	}
	rng := rand.New(rand.NewPCG(15, 4))
	for range 30 {
		k := 2 + rng.IntN(4)
		var x uint64
		pos := "("
		for i := range k {
			a, b := rng.IntN(15), rng.IntN(15)
			x ^= plain[a][b]
			if i > 0 {
				pos += ", "
			}
			pos += fmt.Sprintf("(%d, %d)", a, b)
		}
		pos += ")"
		if r := solve(t, s, pos); r.Grundy.Uint64() != x {
			t.Errorf("%s: grundy %v, the nim-sum of the coins' %d", pos, r.Grundy, x)
		}
	}
}
