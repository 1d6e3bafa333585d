package fission

import (
	"fmt"
	"iter"
	"strings"

	"github.com/grundy-go/grundy/game"
)

// MaxCells bounds the squares of a board.
const MaxCells = 64

// Game is Fission; a position is a board, rows joined by '/'.
type Game struct{}

var (
	_ game.Partizan[string]  = Game{}
	_ game.Formatter[string] = Game{}
)

// LeftMoves splits a stone vertically.
func (Game) LeftMoves(p string) iter.Seq[string] { return splits(p, true) }

// RightMoves splits a stone horizontally.
func (Game) RightMoves(p string) iter.Seq[string] { return splits(p, false) }

func splits(p string, vertical bool) iter.Seq[string] {
	return func(yield func(string) bool) {
		rows := strings.Split(p, "/")
		h, w := len(rows), len(rows[0])
		at := func(r, c int) byte {
			if r < 0 || r >= h || c < 0 || c >= w {
				return '#' // off the board: no room to split into
			}
			return rows[r][c]
		}
		dr, dc := 0, 1
		if vertical {
			dr, dc = 1, 0
		}
		for r := range h {
			for c := range w {
				if rows[r][c] != 'x' || at(r-dr, c-dc) != '.' || at(r+dr, c+dc) != '.' {
					continue
				}
				b := make([][]byte, h)
				for i := range rows {
					b[i] = []byte(rows[i])
				}
				b[r][c], b[r-dr][c-dc], b[r+dr][c+dc] = '.', 'x', 'x'
				out := make([]string, h)
				for i := range b {
					out[i] = string(b[i])
				}
				if !yield(strings.Join(out, "/")) {
					return
				}
			}
		}
	}
}

// Format writes the board.
func (Game) Format(p string) string { return p }

// Parse reads boards of ., x and #, rows of one length joined by '/' or
// '|' (CGSuite's way); several make a sum.
func Parse(tokens []string) ([]string, error) {
	var out []string
	for _, tok := range tokens {
		for _, f := range strings.Fields(tok) {
			f = strings.ReplaceAll(strings.ToLower(f), "|", "/")
			rows := strings.Split(f, "/")
			for i, row := range rows {
				if row == "" || len(row) != len(rows[0]) {
					return nil, fmt.Errorf("bad board %q: row %d has %d squares, row 1 has %d; rows are joined by '/' or '|' and all of one length", f, i+1, len(row), len(rows[0]))
				}
				for j := 0; j < len(row); j++ {
					if c := row[j]; c != '.' && c != 'x' && c != '#' {
						return nil, fmt.Errorf("bad board %q: row %d, column %d is %q; use . (empty), x (a stone) and # (blocked)", f, i+1, j+1, c)
					}
				}
			}
			if n := len(rows) * len(rows[0]); n > MaxCells {
				return nil, fmt.Errorf("bad board %q: %d squares, at most %d", f, n, MaxCells)
			}
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no board given: write rows of ., x and # joined by '/', e.g. .../.x./...")
	}
	return out, nil
}
