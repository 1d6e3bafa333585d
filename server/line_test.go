package server

import (
	"fmt"
	"net/url"
	"testing"
)

// TestWinningLine: /api/v1/position gives the cells of the line that won
// a game of tic-tac-toe, Connect-4 or Quixo as [row, column] from 0 at
// the top left, and no line while the game goes on, after a draw, or in
// a game that is not won by a line.
func TestWinningLine(t *testing.T) {
	h := New(Config{})
	for _, c := range []struct{ game, pos, line string }{
		{"tictactoe", "XXXOO....", "[[0 0] [0 1] [0 2]]"},
		{"tictactoe", "XO.XO.X..", "[[0 0] [1 0] [2 0]]"},
		{"tictactoe", "XOXOXO...", "<nil>"},
		{"tictactoe", "XOXXOOOXX", "<nil>"}, // a draw
		{"connect4:4x4", "1212121", "[[0 0] [1 0] [2 0] [3 0]]"},
		{"connect4:4x4", "12", "<nil>"},
		{"quixo:3", "X.OOX..OX:O", "[[0 0] [1 1] [2 2]]"},
		{"nim", "0 0", "<nil>"},
	} {
		code, out := get(t, h, "/api/v1/position", url.Values{"game": {c.game}, "position": {c.pos}})
		if code != 200 {
			t.Fatalf("%s %s: %d %v", c.game, c.pos, code, out)
		}
		if got := fmt.Sprint(out["line"]); got != c.line {
			t.Errorf("%s %s: line %s, want %s", c.game, c.pos, got, c.line)
		}
	}
}
