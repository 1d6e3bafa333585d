package cram

import (
	"fmt"
	"iter"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/internal/bitgrid"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/internal/dihedral"
)

// MaxCells bounds the cells of a board (a bitboard of 64 bits).
const MaxCells = 64

// Board is a position: Rows×Cols cells, bit r*Cols+c of Filled set for a
// filled cell.
type Board struct {
	Rows, Cols uint8
	Filled     uint64
}

// Game is Cram.
type Game struct{}

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.PartizanSplitting[Board] = Game{}
	_ game.Splitter[Board]          = Game{}
	_ game.Formatter[Board]         = Game{}
)

func (b Board) cell(r, c int) uint64 { return 1 << (r*int(b.Cols) + c) }

func (b Board) empty(r, c int) bool { return b.Filled&b.cell(r, c) == 0 }

// Empty returns an empty rows×cols board.
func Empty(rows, cols int) (Board, error) {
	if rows < 1 || cols < 1 || rows*cols > MaxCells {
		return Board{}, fmt.Errorf("bad board size %dx%d: sides at least 1, at most %d cells", rows, cols, MaxCells)
	}
	return Board{Rows: uint8(rows), Cols: uint8(cols)}, nil
}

// Place yields the whole boards left by placing a domino, horizontal ones
// first (the explorer's and Solve's moves).
func (b Board) Place() iter.Seq[Board] {
	return func(yield func(Board) bool) {
		rows, cols := int(b.Rows), int(b.Cols)
		for _, d := range [2][2]int{{0, 1}, {1, 0}} {
			for r := 0; r+d[0] < rows; r++ {
				for c := 0; c+d[1] < cols; c++ {
					two := b.cell(r, c) | b.cell(r+d[0], c+d[1])
					if b.Filled&two == 0 && !yield(Board{b.Rows, b.Cols, b.Filled | two}) {
						return
					}
				}
			}
		}
	}
}

func (Game) options(b Board) iter.Seq[[]Board] {
	return func(yield func([]Board) bool) {
		var buf []Board
		for q := range b.Place() {
			buf = q.regions(buf[:0])
			if !yield(buf) {
				return
			}
		}
	}
}

// LeftOptions places a domino either way round.
func (g Game) LeftOptions(b Board) iter.Seq[[]Board] { return g.options(b) }

// RightOptions places a domino either way round: Cram is impartial.
func (g Game) RightOptions(b Board) iter.Seq[[]Board] { return g.options(b) }

// Split appends the areas of b.
func (Game) Split(dst []Board, b Board) []Board { return b.regions(dst) }

// Regions appends the connected areas of empty cells of b that hold a
// domino, each in its canonical form (Canonical).
func (b Board) regions(dst []Board) []Board {
	rows, cols := int(b.Rows), int(b.Cols)
	for comp := range bitgrid.Areas(^b.Filled, rows, cols) {
		if comp&(comp-1) == 0 {
			continue // a lone cell: no domino fits
		}
		dst = append(dst, extract(comp, rows, cols))
	}
	return dst
}

// extract makes the board of one area: its bounding box with the cells
// outside the area filled, in canonical form.
func extract(comp uint64, rows, cols int) Board {
	r0, c0, h, w := bitgrid.Box(comp, rows, cols)
	b := Board{Rows: uint8(h), Cols: uint8(w)}
	for r := 0; r < h; r++ {
		row := (comp >> ((r+r0)*cols + c0)) & (uint64(1)<<w - 1)
		b.Filled |= (^row & (uint64(1)<<w - 1)) << (r * w)
	}
	return Canonical(b)
}

// Canonical returns the least of the eight images of b under the
// symmetries of the square, ordered by rows, then columns, then the
// filled cells: all eight are the same Cram position.
func Canonical(b Board) Board {
	h, w := int(b.Rows), int(b.Cols)
	best := Board{Rows: 255}
	for k := 0; k < 8; k++ {
		th, tw := dihedral.Size(k, h, w)
		t := Board{Rows: uint8(th), Cols: uint8(tw)}
		for i := 0; i < th; i++ {
			for j := 0; j < tw; j++ {
				if r, c := dihedral.Source(k, h, w, i, j); !b.empty(r, c) {
					t.Filled |= t.cell(i, j)
				}
			}
		}
		if t.Rows < best.Rows || t.Rows == best.Rows && (t.Cols < best.Cols || t.Cols == best.Cols && t.Filled < best.Filled) {
			best = t
		}
	}
	return best
}

// Format writes a board as rows of . (empty) and # (filled) joined by |,
// or as RxC when it is empty.
func (Game) Format(b Board) string { return b.String() }

func (b Board) String() string {
	if b.Filled == 0 {
		return fmt.Sprintf("%dx%d", b.Rows, b.Cols)
	}
	return strings.Join(b.Grid(), "|")
}

// Grid returns the rows of the board.
func (b Board) Grid() []string {
	rows := make([]string, b.Rows)
	for r := range rows {
		var sb strings.Builder
		for c := 0; c < int(b.Cols); c++ {
			if b.empty(r, c) {
				sb.WriteByte('.')
			} else {
				sb.WriteByte('#')
			}
		}
		rows[r] = sb.String()
	}
	return rows
}

// Parse reads boards, several making a sum: each "RxC" (R rows, C
// columns, all empty) or rows of . (empty) and # (filled) joined by | or
// /.
func Parse(tokens []string) ([]Board, error) {
	var out []Board
	for _, tok := range tokens {
		for _, f := range strings.Fields(tok) {
			b, err := parseBoard(f)
			if err != nil {
				return nil, err
			}
			out = append(out, b)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no board given: write RxC (e.g. 3x4) or rows of . and # joined by |, e.g. ...|.#.")
	}
	return out, nil
}

func parseBoard(text string) (Board, error) {
	if r, c, ok := strings.Cut(text, "x"); ok {
		rows, err1 := strconv.Atoi(r)
		cols, err2 := strconv.Atoi(c)
		if err1 != nil || err2 != nil {
			return Board{}, fmt.Errorf("bad board size %q: expected RxC, e.g. 3x4", text)
		}
		return Empty(rows, cols)
	}
	lines := strings.FieldsFunc(text, func(r rune) bool { return r == '|' || r == '/' })
	if len(lines) == 0 || len(lines[0]) == 0 {
		return Board{}, fmt.Errorf("bad board %q: no cells", text)
	}
	cols := len(lines[0])
	if cols*len(lines) > MaxCells {
		return Board{}, fmt.Errorf("bad board %q: %d cells, at most %d", text, cols*len(lines), MaxCells)
	}
	b := Board{Rows: uint8(len(lines)), Cols: uint8(cols)}
	for r, line := range lines {
		if len(line) != cols {
			return Board{}, fmt.Errorf("bad board %q: row %d has %d cells, row 1 has %d", text, r+1, len(line), cols)
		}
		for c := 0; c < cols; c++ {
			switch line[c] {
			case '.':
			case '#':
				b.Filled |= b.cell(r, c)
			default:
				return Board{}, fmt.Errorf("bad board %q: row %d, column %d is %q; use . for empty and # for filled", text, r+1, c+1, line[c])
			}
		}
	}
	return b, nil
}
