package clobber

import (
	"fmt"
	"github.com/grundy-go/grundy/budget"
	"iter"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games/partizan"
)

// MaxCells bounds the cells of a board.
const MaxCells = 256

// Game is Clobber. A position is a board: rows of x, o and . joined by
// '/', e.g. "xox/o.x".
type Game struct{}

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.PartizanSplitting[string] = Game{}
	_ game.Splitter[string]          = Game{}
	_ game.Formatter[string]         = Game{}
	_ partizan.Negation[string]      = Game{}
)

// grid is a board as rows of bytes.
type grid [][]byte

func parseGrid(p string) grid {
	rows := strings.Split(p, "/")
	g := make(grid, len(rows))
	for i, r := range rows {
		g[i] = []byte(r)
	}
	return g
}

func (g grid) String() string {
	rows := make([]string, len(g))
	for i, r := range g {
		rows[i] = string(r)
	}
	return strings.Join(rows, "/")
}

func (g grid) at(r, c int) byte {
	if r < 0 || r >= len(g) || c < 0 || c >= len(g[r]) {
		return '.'
	}
	return g[r][c]
}

var dirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// Captures yields the boards that the player's captures leave, whole.
func Captures(p string, left bool) iter.Seq[string] {
	me, them := byte('o'), byte('x')
	if left {
		me, them = 'x', 'o'
	}
	return func(yield func(string) bool) {
		g := parseGrid(p)
		for r := range g {
			for c := range g[r] {
				if g[r][c] != me {
					continue
				}
				for _, d := range dirs {
					r2, c2 := r+d[0], c+d[1]
					if g.at(r2, c2) != them {
						continue
					}
					g[r][c], g[r2][c2] = '.', me
					s := g.String()
					g[r][c], g[r2][c2] = me, them
					if !yield(s) {
						return
					}
				}
			}
		}
	}
}

func (Game) options(p string, left bool) iter.Seq[[]string] {
	return func(yield func([]string) bool) {
		for q := range Captures(p, left) {
			if !yield(Regions(nil, q)) {
				return
			}
		}
	}
}

// LeftOptions: a black stone captures a white neighbour.
func (g Game) LeftOptions(p string) iter.Seq[[]string] { return g.options(p, true) }

// RightOptions: a white stone captures a black neighbour.
func (g Game) RightOptions(p string) iter.Seq[[]string] { return g.options(p, false) }

// Split appends the groups of p; those of a group keyed by its
// colour-swapped image (key) stand for their negatives in turn.
func (g Game) Split(dst []string, p string) []string {
	q, neg := g.Negated(p)
	n := len(dst)
	dst = Regions(dst, q)
	if neg {
		for i := n; i < len(dst); i++ {
			if r, ok := g.Negated(dst[i]); ok {
				dst[i] = r
			} else {
				dst[i] = "-" + dst[i]
			}
		}
	}
	return dst
}

// Format writes the board.
func (Game) Format(p string) string { return p }

// Regions appends the connected groups of stones of the board p that
// hold both colours, each cut to its bounding box and keyed by its
// canonical image or its colour-swapped one's (key).
func Regions(dst []string, p string) []string {
	g := parseGrid(p)
	seen := make([][]bool, len(g))
	for i := range g {
		seen[i] = make([]bool, len(g[i]))
	}
	var stack, group [][2]int
	for r := range g {
		for c := range g[r] {
			if g[r][c] == '.' || seen[r][c] {
				continue
			}
			seen[r][c] = true
			stack = append(stack[:0], [2]int{r, c})
			group = group[:0]
			colours := 0
			for len(stack) > 0 {
				q := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				group = append(group, q)
				if g[q[0]][q[1]] == 'x' {
					colours |= 1
				} else {
					colours |= 2
				}
				for _, d := range dirs {
					r2, c2 := q[0]+d[0], q[1]+d[1]
					if g.at(r2, c2) != '.' && !seen[r2][c2] {
						seen[r2][c2] = true
						stack = append(stack, [2]int{r2, c2})
					}
				}
			}
			if colours != 3 {
				continue // one colour: no captures, value 0
			}
			r0, r1, c0, c1 := group[0][0], group[0][0], group[0][1], group[0][1]
			for _, q := range group {
				r0, r1 = min(r0, q[0]), max(r1, q[0])
				c0, c1 = min(c0, q[1]), max(c1, q[1])
			}
			h := make(grid, r1-r0+1)
			for i := range h {
				h[i] = []byte(strings.Repeat(".", c1-c0+1))
			}
			for _, q := range group {
				h[q[0]-r0][q[1]-c0] = g[q[0]][q[1]]
			}
			dst = append(dst, key(h))
		}
	}
	return dst
}

// key is the memo key of a group: the least of its eight images
// (Canonical), or, when the least image of the group with its colours
// swapped is less, that one marked with a leading '-': swapping black
// and white swaps Left's captures and Right's, so that group is the
// negative of the other (Siegel, CGT, II.1: −G = {−G^R | −G^L}), and
// the evaluator values it so (Negated), one memo entry serving both.
func key(h grid) string {
	own := Canonical(h.String())
	swapped := make(grid, len(h))
	for i, row := range h {
		swapped[i] = make([]byte, len(row))
		for j, c := range row {
			switch c {
			case 'x':
				c = 'o'
			case 'o':
				c = 'x'
			}
			swapped[i][j] = c
		}
	}
	if neg := Canonical(swapped.String()); neg < own {
		return "-" + neg
	}
	return own
}

// Negated reports a group keyed by its colour-swapped image (key): its
// value is the negative of that image's.
func (Game) Negated(p string) (string, bool) {
	if strings.HasPrefix(p, "-") {
		return p[1:], true
	}
	return p, false
}

// Canonical returns the least (as text) of the eight images of the board
// under rotations and reflections: the same game, since captures are
// orthogonal.
func Canonical(p string) string {
	g := parseGrid(p)
	best := p
	for _, t := range transforms(g) {
		if s := t.String(); s < best {
			best = s
		}
	}
	return best
}

func transforms(g grid) []grid {
	rows, cols := len(g), len(g[0])
	out := make([]grid, 0, 8)
	for k := 0; k < 8; k++ {
		tr := k&4 != 0 // transpose
		h, w := rows, cols
		if tr {
			h, w = cols, rows
		}
		t := make(grid, h)
		for i := range t {
			t[i] = make([]byte, w)
			for j := range t[i] {
				r, c := i, j
				if tr {
					r, c = j, i
				}
				if k&1 != 0 {
					r = rows - 1 - r
				}
				if k&2 != 0 {
					c = cols - 1 - c
				}
				t[i][j] = g[r][c]
			}
		}
		out = append(out, t)
	}
	return out
}

// Parse reads boards (several make a sum): rows of x (black, Left's), o
// (white, Right's) and . (empty), all of one length, joined by '/' or,
// as CGSuite writes them, '|'.
func Parse(tokens []string) ([]string, error) {
	var out []string
	for _, tok := range tokens {
		for _, f := range strings.Fields(tok) {
			// CGSuite joins rows by '|' (Clobber("xo|ox")); grundy's
			// own output joins them by '/': both read the same.
			f = strings.ReplaceAll(strings.ToLower(f), "|", "/")
			rows := strings.Split(f, "/")
			if len(f) > 2*MaxCells {
				return nil, fmt.Errorf("bad board %s: at most %d cells", budget.Excerpt(f, -1), MaxCells)
			}
			cells := 0
			for i, r := range rows {
				if r == "" || len(r) != len(rows[0]) {
					return nil, fmt.Errorf("bad board %s: row %d has %d cells, row 1 has %d; rows are joined by '/' or '|' and all of one length", budget.Excerpt(f, -1), i+1, len(r), len(rows[0]))
				}
				for j := 0; j < len(r); j++ {
					if c := r[j]; c != 'x' && c != 'o' && c != '.' {
						return nil, fmt.Errorf("bad board %s: row %d, column %d is %q; use x (black, Left), o (white, Right) and . (empty)", budget.Excerpt(f, -1), i+1, j+1, c)
					}
				}
				cells += len(r)
			}
			if cells > MaxCells {
				return nil, fmt.Errorf("bad board %s: %d cells, at most %d", budget.Excerpt(f, -1), cells, MaxCells)
			}
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no board given: write rows of x, o and . joined by '/', e.g. xo/ox")
	}
	return out, nil
}
