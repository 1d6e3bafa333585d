package cram

import (
	"iter"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games/partizan/gridboard"
	"github.com/grundy-go/grundy/internal/bitgrid"
	"github.com/grundy-go/grundy/internal/dihedral"
)

// MaxCells bounds the cells of a board (a bitboard of 64 bits).
const MaxCells = gridboard.MaxCells

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
	g, err := notation.Empty(rows, cols)
	return fromGrid(g), err
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

// notation is Cram's board notation: . empty, # filled, RxC an empty
// board.
var notation = gridboard.Notation{
	Cells:  ".#",
	Legend: "use . for empty and # for filled",
	Hint:   "write RxC (e.g. 3x4) or rows of . and # joined by |, e.g. ...|.#.",
	Sizes:  true,
}

func (b Board) grid() gridboard.Board {
	return notation.Board(int(b.Rows), int(b.Cols), gridboard.Layer{Cell: '#', Mask: b.Filled})
}

func fromGrid(g gridboard.Board) Board {
	return Board{Rows: uint8(g.Rows), Cols: uint8(g.Cols), Filled: g.Mask('#')}
}

// Format writes a board as rows of . (empty) and # (filled) joined by |,
// or as RxC when it is empty.
func (Game) Format(b Board) string { return b.String() }

func (b Board) String() string { return notation.String(b.grid()) }

// Grid returns the rows of the board.
func (b Board) Grid() []string { return b.grid().Lines() }

// Parse reads boards, several making a sum: each "RxC" (R rows, C
// columns, all empty) or rows of . (empty) and # (filled) joined by | or
// / (gridboard).
func Parse(tokens []string) ([]Board, error) {
	gs, err := notation.ParseAll(tokens)
	if err != nil {
		return nil, err
	}
	out := make([]Board, len(gs))
	for i, g := range gs {
		out[i] = fromGrid(g)
	}
	return out, nil
}
