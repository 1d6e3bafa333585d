package heap

import (
	"context"
	"fmt"
)

// MaxStrip is the longest Treblecross strip SolveStrip accepts.
const MaxStrip = 10_000_000

// ParseStrip reads a Treblecross strip: '.' for an empty cell, 'X' (or 'x')
// for a cell holding an X.
func ParseStrip(s string) ([]bool, error) {
	if s == "" {
		return nil, fmt.Errorf("empty strip: expected cells '.' and 'X', like ..X....X..")
	}
	if len(s) > MaxStrip {
		return nil, fmt.Errorf("strip of %d cells: at most %d", len(s), MaxStrip)
	}
	cells := make([]bool, len(s))
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '.':
		case 'X', 'x':
			cells[i] = true
		default:
			return nil, fmt.Errorf("bad strip %q: cell %d is %q; cells are '.' (empty) or 'X'", truncate(s), i+1, rune(s[i]))
		}
	}
	return cells, nil
}

func truncate(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// FormatStrip writes a strip as ParseStrip reads it.
func FormatStrip(cells []bool) string {
	b := make([]byte, len(cells))
	for i, x := range cells {
		b[i] = '.'
		if x {
			b[i] = 'X'
		}
	}
	return string(b)
}

// StripResult is the analysis of a Treblecross position for the player to
// move.
type StripResult struct {
	// Over: the strip already has three X in a row; the player to move has
	// lost.
	Over bool
	// Immediate: the player to move can make three in a row at once; the
	// winning cells are exactly the cells that do it.
	Immediate bool
	// Value is the nim-sum of the values of the safe segments: the
	// position's value as the sum of 0.11337 heaps (when neither Over nor
	// Immediate). The player to move wins exactly when it is not 0.
	Value uint32
	// WinningCells lists every winning cell, 1-based, ascending.
	WinningCells []int
}

// Wins reports whether the player to move wins.
func (r StripResult) Wins() bool { return !r.Over && (r.Immediate || r.Value != 0) }

// SolveStrip analyses a Treblecross strip.
//
// Playing next to an X, or two cells from it, lets the opponent make three
// in a row (on strips of three cells or more: a strip of one or two cells
// is just filled up), so once no three can be made at once nobody plays
// within two cells of an X: the game is a sum of segments of "safe" cells,
// and a player left with no safe cell loses. An X
// placed in a segment of L safe cells makes the cells within two of it
// unsafe, leaving segments of max(0, j−2) and max(0, L−j−3) cells: the
// octal game 0.11337 (and a segment of L is a 0.007 heap of L+2, the
// classic form, Winning Ways ch. 4).
func SolveStrip(ctx context.Context, cells []bool, opts Options) (StripResult, error) {
	var res StripResult
	n := len(cells)
	x := func(i int) bool { return i >= 0 && i < n && cells[i] }
	for i := 0; i+2 < n; i++ {
		if cells[i] && cells[i+1] && cells[i+2] {
			res.Over = true
			return res, nil
		}
	}
	for i := range n {
		if !cells[i] && (x(i-2) && x(i-1) || x(i-1) && x(i+1) || x(i+1) && x(i+2)) {
			res.Immediate = true
			res.WinningCells = append(res.WinningCells, i+1)
		}
	}
	if res.Immediate {
		return res, nil
	}
	if n <= 2 {
		// Too short for three in a row: every empty cell is a move, and
		// the player who fills the last one wins.
		for i := range n {
			if !cells[i] {
				res.Value ^= 1
			}
		}
		for i := range n {
			if !cells[i] && res.Value == 1 {
				res.WinningCells = append(res.WinningCells, i+1)
			}
		}
		return res, nil
	}
	safe := func(i int) bool {
		return !cells[i] && !x(i-2) && !x(i-1) && !x(i+1) && !x(i+2)
	}
	type seg struct{ start, length int }
	var segs []seg
	longest := 0
	for i := 0; i < n; {
		if !safe(i) {
			i++
			continue
		}
		j := i
		for j < n && safe(j) {
			j++
		}
		segs = append(segs, seg{i, j - i})
		longest = max(longest, j-i)
		i = j
	}
	rule, _ := Parse("treblecross")
	vals, err := Compute(ctx, rule, longest+1, opts)
	if err != nil {
		return res, err
	}
	for _, s := range segs {
		res.Value ^= vals.At(s.length)
	}
	if res.Value == 0 {
		return res, nil
	}
	for _, s := range segs {
		rest := res.Value ^ vals.At(s.length)
		for j := range s.length {
			left, right := max(0, j-2), max(0, s.length-j-3)
			if vals.At(left)^vals.At(right) == rest {
				res.WinningCells = append(res.WinningCells, s.start+j+1)
			}
		}
	}
	return res, nil
}
