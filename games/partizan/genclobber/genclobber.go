package genclobber

import (
	"fmt"
	"iter"
	"slices"
	"strings"

	"github.com/grundy-go/grundy/game"
)

// MaxCells bounds the cells of a board.
const MaxCells = 64

// Rules are one variant of generalised Clobber.
type Rules struct {
	Name string
	// Dirs are the steps a stone moves along.
	Dirs [][2]int
	// Slide: a stone goes along its direction over empty squares to the
	// first non-empty one (rooks, queens).
	Slide bool
	// Takes lists what Left's and Right's stones may move onto ('x', 'o',
	// '.'), and LeavesBehind what their squares then hold.
	Takes        [2]string
	LeavesBehind [2]byte
}

var (
	orthogonal = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	compass    = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	knight     = [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}
)

// Variants are the rulesets by the name clobber:NAME takes.
var Variants = map[string]Rules{
	"kings":   {Name: "kings", Dirs: compass, Takes: [2]string{"o", "x"}, LeavesBehind: [2]byte{'.', '.'}},
	"knights": {Name: "knights", Dirs: knight, Takes: [2]string{"o", "x"}, LeavesBehind: [2]byte{'.', '.'}},
	"rooks":   {Name: "rooks", Dirs: orthogonal, Slide: true, Takes: [2]string{"o", "x"}, LeavesBehind: [2]byte{'.', '.'}},
	"queens":  {Name: "queens", Dirs: compass, Slide: true, Takes: [2]string{"o", "x"}, LeavesBehind: [2]byte{'.', '.'}},
	"hot":     {Name: "hot", Dirs: orthogonal, Takes: [2]string{"xo", "xo"}, LeavesBehind: [2]byte{'.', '.'}},
	"anti":    {Name: "anti", Dirs: orthogonal, Takes: [2]string{".", "."}, LeavesBehind: [2]byte{'o', 'x'}},
}

// Splits reports whether a board is the sum of its groups: a move takes
// only a stone next to the mover (no slide, never into an empty square),
// so groups joined by no move direction never meet.
func (r Rules) Splits() bool { return !r.Slide && !strings.Contains(r.Takes[0]+r.Takes[1], ".") }

// board is a position as rows of bytes.
type board [][]byte

func parseBoard(p string) board {
	rows := strings.Split(p, "/")
	b := make(board, len(rows))
	for i, r := range rows {
		b[i] = []byte(r)
	}
	return b
}

func (b board) String() string {
	rows := make([]string, len(b))
	for i, r := range b {
		rows[i] = string(r)
	}
	return strings.Join(rows, "/")
}

func (b board) in(r, c int) bool { return r >= 0 && r < len(b) && c >= 0 && c < len(b[r]) }

// Moves yields the boards a player's moves leave, whole.
func (r Rules) Moves(p string, left bool) iter.Seq[string] {
	who, me := 1, byte('o')
	if left {
		who, me = 0, 'x'
	}
	return func(yield func(string) bool) {
		b := parseBoard(p)
		for i := range b {
			for j := range b[i] {
				if b[i][j] != me {
					continue
				}
				for _, d := range r.Dirs {
					y, x := i+d[0], j+d[1]
					for r.Slide && b.in(y, x) && b[y][x] == '.' {
						y, x = y+d[0], x+d[1]
					}
					if !b.in(y, x) || !strings.ContainsRune(r.Takes[who], rune(b[y][x])) {
						continue
					}
					q := make(board, len(b))
					for k := range b {
						q[k] = slices.Clone(b[k])
					}
					q[y][x], q[i][j] = me, r.LeavesBehind[who]
					if !yield(q.String()) {
						return
					}
				}
			}
		}
	}
}

// Groups appends the groups of stones of p, each a board of its own
// (trimmed to its rows and columns), joined by the move directions; a
// group that no move can change (all of one colour) is dropped.
func (r Rules) Groups(dst []string, p string) []string {
	b := parseBoard(p)
	seen := make([][]bool, len(b))
	for i := range b {
		seen[i] = make([]bool, len(b[i]))
	}
	for i := range b {
		for j := range b[i] {
			if seen[i][j] || (b[i][j] != 'x' && b[i][j] != 'o') {
				continue
			}
			cells := [][2]int{{i, j}}
			seen[i][j] = true
			for k := 0; k < len(cells); k++ {
				for _, d := range r.Dirs {
					y, x := cells[k][0]+d[0], cells[k][1]+d[1]
					if b.in(y, x) && !seen[y][x] && (b[y][x] == 'x' || b[y][x] == 'o') {
						seen[y][x] = true
						cells = append(cells, [2]int{y, x})
					}
				}
			}
			top, bottom, lo, hi := len(b), -1, len(b[0]), -1
			colours := map[byte]bool{}
			for _, c := range cells {
				top, bottom = min(top, c[0]), max(bottom, c[0])
				lo, hi = min(lo, c[1]), max(hi, c[1])
				colours[b[c[0]][c[1]]] = true
			}
			if len(colours) < 2 && !strings.Contains(r.Takes[0]+r.Takes[1], "xo") {
				continue // one colour, and no stone takes its own: no move
			}
			g := make(board, bottom-top+1)
			for k := range g {
				g[k] = []byte(strings.Repeat(".", hi-lo+1))
			}
			for _, c := range cells {
				g[c[0]-top][c[1]-lo] = b[c[0]][c[1]]
			}
			dst = append(dst, g.String())
		}
	}
	return dst
}

// whole is a variant valued board by board.
type whole struct{ r Rules }

func (g whole) LeftMoves(p string) iter.Seq[string]  { return g.r.Moves(p, true) }
func (g whole) RightMoves(p string) iter.Seq[string] { return g.r.Moves(p, false) }
func (g whole) Format(p string) string               { return p }

// split is a variant valued group by group.
type split struct{ r Rules }

func (g split) options(p string, left bool) iter.Seq[[]string] {
	return func(yield func([]string) bool) {
		for q := range g.r.Moves(p, left) {
			if !yield(g.r.Groups(nil, q)) {
				return
			}
		}
	}
}
func (g split) LeftOptions(p string) iter.Seq[[]string]  { return g.options(p, true) }
func (g split) RightOptions(p string) iter.Seq[[]string] { return g.options(p, false) }
func (g split) Split(dst []string, p string) []string    { return g.r.Groups(dst, p) }
func (g split) Format(p string) string                   { return p }

var (
	_ game.Partizan[string]          = whole{}
	_ game.PartizanSplitting[string] = split{}
	_ game.Splitter[string]          = split{}
)

// Game returns what the evaluator values for the rules.
func (r Rules) Game() any {
	if r.Splits() {
		return split{r}
	}
	return whole{r}
}

// Parse reads boards: rows of x (black, Left's), o (white, Right's) and
// . (empty), all of one length, joined by '/' or '|'.
func Parse(tokens []string) ([]string, error) {
	var out []string
	for _, tok := range tokens {
		for _, f := range strings.Fields(tok) {
			f = strings.ReplaceAll(strings.ToLower(f), "|", "/")
			rows := strings.Split(f, "/")
			cells := 0
			for i, row := range rows {
				if row == "" || len(row) != len(rows[0]) {
					return nil, fmt.Errorf("bad board %q: row %d has %d cells, row 1 has %d; rows are joined by '/' or '|' and all of one length", f, i+1, len(row), len(rows[0]))
				}
				for j := 0; j < len(row); j++ {
					if c := row[j]; c != 'x' && c != 'o' && c != '.' {
						return nil, fmt.Errorf("bad board %q: row %d, column %d is %q; use x (black, Left), o (white, Right) and . (empty)", f, i+1, j+1, c)
					}
				}
				cells += len(row)
			}
			if cells > MaxCells {
				return nil, fmt.Errorf("bad board %q: %d cells, at most %d", f, cells, MaxCells)
			}
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no board given: write rows of x, o and . joined by '/', e.g. xo/ox")
	}
	return out, nil
}
