package domineering

import (
	"iter"
	"math/bits"
	"strings"

	"github.com/grundy-go/grundy/games/partizan/gridboard"
	"github.com/grundy-go/grundy/internal/bitgrid"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games/partizan"
)

// MaxCells bounds the cells of a board.
const MaxCells = gridboard.MaxCells

// Board is a position: Rows×Cols cells, bit r*Cols+c of Filled set for a
// filled (unusable) cell.
type Board struct {
	Filled     uint64 // first, so that the struct is 16 bytes: the memo's key
	Rows, Cols uint8
	// neg marks a region that stands for the negative of this board:
	// the board is the transpose of the area cut (extract). Positions
	// read or written never have it.
	neg bool
}

// Game is Domineering.
type Game struct{}

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.Partizan[Board]          = Game{}
	_ game.PartizanSplitting[Board] = Game{}
	_ game.Splitter[Board]          = Game{}
	_ game.Formatter[Board]         = Game{}
	_ partizan.Negation[Board]      = Game{}
)

func (b Board) cell(r, c int) uint64 { return 1 << (r*int(b.Cols) + c) }

func (b Board) empty(r, c int) bool { return b.Filled&b.cell(r, c) == 0 }

// Empty returns an empty rows×cols board.
func Empty(rows, cols int) (Board, error) {
	if _, err := notation.Empty(rows, cols); err != nil {
		return Board{}, err
	}
	return Board{Rows: uint8(rows), Cols: uint8(cols)}, nil
}

// LeftOptions places a vertical domino.
func (Game) LeftOptions(b Board) iter.Seq[[]Board] {
	return b.moves(1, 0)
}

// RightOptions places a horizontal domino.
func (Game) RightOptions(b Board) iter.Seq[[]Board] {
	return b.moves(0, 1)
}

func (b Board) moves(dr, dc int) iter.Seq[[]Board] {
	return func(yield func([]Board) bool) {
		var buf []Board // the slice yielded is valid only during yield
		for r := 0; r+dr < int(b.Rows); r++ {
			for c := 0; c+dc < int(b.Cols); c++ {
				if b.empty(r, c) && b.empty(r+dr, c+dc) {
					nb := b
					nb.Filled |= b.cell(r, c) | b.cell(r+dr, c+dc)
					buf = nb.regions(buf[:0])
					if !yield(buf) {
						return
					}
				}
			}
		}
	}
}

// LeftMoves places a vertical domino, leaving the whole board (for
// showing moves; the evaluator uses LeftOptions).
func (Game) LeftMoves(b Board) iter.Seq[Board] { return b.place(1, 0) }

// RightMoves places a horizontal domino, leaving the whole board.
func (Game) RightMoves(b Board) iter.Seq[Board] { return b.place(0, 1) }

func (b Board) place(dr, dc int) iter.Seq[Board] {
	return func(yield func(Board) bool) {
		for r := 0; r+dr < int(b.Rows); r++ {
			for c := 0; c+dc < int(b.Cols); c++ {
				if b.empty(r, c) && b.empty(r+dr, c+dc) {
					nb := b
					nb.Filled |= b.cell(r, c) | b.cell(r+dr, c+dc)
					if !yield(nb) {
						return
					}
				}
			}
		}
	}
}

// Split appends the regions of b. The regions of a board that stands for
// its negative (Negated) stand for their negatives in turn.
func (Game) Split(dst []Board, b Board) []Board {
	n := len(dst)
	dst = b.regions(dst)
	if b.neg {
		for i := n; i < len(dst); i++ {
			dst[i].neg = !dst[i].neg
		}
	}
	return dst
}

// regions appends the connected areas of empty cells of b (those with
// room for a domino), each reduced to its canonical board. Areas are
// found by flood fill on the bitboard.
func (b Board) regions(dst []Board) []Board {
	rows, cols := int(b.Rows), int(b.Cols)
	for comp := range bitgrid.Areas(^b.Filled, rows, cols) {
		if comp&(comp-1) == 0 {
			continue // a lone cell: nobody can play there
		}
		dst = append(dst, extract(comp, rows, cols))
	}
	return dst
}

// extract makes the board of one area: its bounding box, cells outside
// the area filled, then the least of its eight images under the square's
// symmetries. The four mirror images keep vertical dominoes vertical, so
// they keep the value; the four images of the transpose swap vertical
// and horizontal, so they stand for the negative (Negated). Boards are
// ordered by rows, then columns, then Filled; an area equal to an image
// of its own transpose keeps its own orientation.
func extract(comp uint64, rows, cols int) Board {
	r0, c0, h, w := bitgrid.Box(comp, rows, cols)
	wmask := uint64(1)<<w - 1
	// empty holds the area's cells in its box, row by row (bit r*w+c).
	var empty uint64
	for r := 0; r < h; r++ {
		empty |= (comp >> ((r+r0)*cols + c0) & wmask) << (r * w)
	}
	// Boards are ordered by rows first: a wide area keeps its own
	// orientation and a tall one is always keyed by its transpose, so
	// only a square bounding box needs both sets of images.
	var b Board
	if w >= h {
		b = Board{Rows: uint8(h), Cols: uint8(w), Filled: leastMirror(empty, h, w)}
		if w > h {
			return b
		}
	}
	t := Board{Rows: uint8(w), Cols: uint8(h), Filled: leastMirror(transpose(empty, h, w), w, h), neg: true}
	if w < h || t.Filled < b.Filled {
		return t
	}
	return b
}

// transpose returns the h×w grid of bits g (bit r*w+c) as the w×h grid
// of its columns (bit c*h+r).
func transpose(g uint64, h, w int) uint64 {
	var t uint64
	for g != 0 {
		i := bits.TrailingZeros64(g)
		g &= g - 1
		r, c := i/w, i%w
		t |= 1 << (c*h + r)
	}
	return t
}

// leastMirror returns the least Filled of the four mirror images of the
// area whose cells are the set bits of empty, an h×w grid (bit r*w+c).
// Turning the grid half round reverses its h*w bits; flipping it upside
// down reverses the order of its rows; flipping it left to right is
// both.
func leastMirror(empty uint64, h, w int) uint64 {
	n := h * w
	full := uint64(1)<<n - 1
	if n == 64 {
		full = ^uint64(0)
	}
	wmask := uint64(1)<<w - 1
	var flipped uint64 // upside down
	for r := 0; r < h; r++ {
		flipped |= (empty >> (r * w) & wmask) << ((h - 1 - r) * w)
	}
	filled := ^empty & full
	upside := ^flipped & full
	return min(filled, reverse(filled, n), upside, reverse(upside, n))
}

// reverse reverses the order of the low n bits of x (0 < n ≤ 64).
func reverse(x uint64, n int) uint64 { return bits.Reverse64(x) >> (64 - n) }

// Negated reports whether b is a region that stands for the negative of
// its board (the transpose of the area it was cut from, see extract),
// and returns that board; it is partizan.Negation.
func (Game) Negated(b Board) (Board, bool) {
	if b.neg {
		b.neg = false
		return b, true
	}
	return b, false
}

// Format writes a board as rows of . (empty) and # (filled) joined by |,
// or as RxC when it is empty.
func (Game) Format(b Board) string { return b.String() }

func (b Board) String() string { return notation.String(b.grid()) }

// notation is Domineering's board notation: . empty, # filled, RxC an
// empty board.
var notation = gridboard.Notation{
	Cells:  ".#",
	Legend: "use . for empty and # for filled",
	Hint:   "write RxC (e.g. 2x3) or rows of . and # joined by |",
	Sizes:  true,
}

func (b Board) grid() gridboard.Board {
	return notation.Board(int(b.Rows), int(b.Cols), gridboard.Layer{Cell: '#', Mask: b.Filled})
}

// Parse reads a board: "RxC" (R rows, C columns, all empty) or rows of .
// (empty) and # (filled) joined by | or / or given as separate tokens
// (gridboard).
func Parse(tokens []string) (Board, error) {
	text := strings.Join(tokens, "|")
	text = strings.ReplaceAll(text, " ", "|")
	g, err := notation.Parse(strings.Trim(text, "|"))
	if err != nil {
		return Board{}, err
	}
	return Board{Rows: uint8(g.Rows), Cols: uint8(g.Cols), Filled: g.Mask('#')}, nil
}
