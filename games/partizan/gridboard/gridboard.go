package gridboard

import (
	"fmt"
	"github.com/grundy-go/grundy/budget"
	"strconv"
	"strings"
)

// MaxCells bounds the cells of a board.
const MaxCells = 64

// Notation is one game's alphabet of cells and its rules of writing.
type Notation struct {
	// Cells lists the characters of the cells; Cells[0] is the empty
	// cell.
	Cells string
	// Legend ends the error for a bad character: "use . for empty and #
	// for filled".
	Legend string
	// Hint ends the error for a missing board: "write RxC (e.g. 3x4) or
	// rows of . and # joined by |".
	Hint string
	// Sizes: "RxC" is an empty board, and an empty board is written so.
	Sizes bool
	// FoldCase: letters are read in lower case (Cells are lower case).
	FoldCase bool
}

// Board is a board read or to be written: Rows×Cols cells in row-major
// order, each a character of the notation's Cells.
type Board struct {
	Rows, Cols int
	Cells      []byte
}

// Empty returns a board of rows×cols empty cells, or an error when a side
// is less than 1 or the board has more than MaxCells cells.
func (n Notation) Empty(rows, cols int) (Board, error) {
	if rows < 1 || cols < 1 || rows*cols > MaxCells {
		return Board{}, fmt.Errorf("bad board size %dx%d: rows and columns must be at least 1 and the board at most %d cells", rows, cols, MaxCells)
	}
	return n.fill(rows, cols), nil
}

func (n Notation) fill(rows, cols int) Board {
	cells := make([]byte, rows*cols)
	for i := range cells {
		cells[i] = n.Cells[0]
	}
	return Board{Rows: rows, Cols: cols, Cells: cells}
}

// Mask returns the cells holding ch: bit r·Cols+c for row r, column c.
func (b Board) Mask(ch byte) uint64 {
	var m uint64
	for i, c := range b.Cells {
		if c == ch {
			m |= 1 << i
		}
	}
	return m
}

// Set puts ch in the cells of mask.
func (b Board) Set(mask uint64, ch byte) {
	for i := range b.Cells {
		if mask&(1<<i) != 0 {
			b.Cells[i] = ch
		}
	}
}

// Board returns a rows×cols board (within MaxCells: the caller's board
// came from Parse or Empty) with ch in the cells of each mask, given as
// pairs, and the empty cell elsewhere.
func (n Notation) Board(rows, cols int, layers ...Layer) Board {
	b := n.fill(rows, cols)
	for _, l := range layers {
		b.Set(l.Mask, l.Cell)
	}
	return b
}

// Layer is a set of cells holding one character.
type Layer struct {
	Cell byte
	Mask uint64
}

// Lines returns the rows of b as text.
func (b Board) Lines() []string {
	rows := make([]string, b.Rows)
	for r := range rows {
		rows[r] = string(b.Cells[r*b.Cols : (r+1)*b.Cols])
	}
	return rows
}

// String writes b: "RxC" for an empty board when the notation has
// Sizes, else its rows joined by |.
func (n Notation) String(b Board) string {
	if n.Sizes && b.Mask(n.Cells[0]) == full(len(b.Cells)) {
		return fmt.Sprintf("%dx%d", b.Rows, b.Cols)
	}
	return strings.Join(b.Lines(), "|")
}

func full(cells int) uint64 {
	if cells >= 64 {
		return ^uint64(0)
	}
	return 1<<cells - 1
}

// ParseAll reads boards, several making a sum: each whitespace-separated
// field of the tokens is one board (Parse).
func (n Notation) ParseAll(tokens []string) ([]Board, error) {
	var out []Board
	for _, tok := range tokens {
		for _, f := range strings.Fields(tok) {
			b, err := n.Parse(f)
			if err != nil {
				return nil, err
			}
			out = append(out, b)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no board given: %s", n.Hint)
	}
	return out, nil
}

// Parse reads one board: "RxC" (when the notation has Sizes), or rows
// joined by | or /.
func (n Notation) Parse(text string) (Board, error) {
	if text == "" {
		return Board{}, fmt.Errorf("no board given: %s", n.Hint)
	}
	if n.Sizes && strings.Trim(text, "0123456789x") == "" {
		r, c, ok := strings.Cut(text, "x")
		rows, err1 := strconv.Atoi(r)
		cols, err2 := strconv.Atoi(c)
		if !ok || err1 != nil || err2 != nil {
			return Board{}, fmt.Errorf("bad board size %q: expected RxC, e.g. 3x4", text)
		}
		return n.Empty(rows, cols)
	}
	read := text
	if n.FoldCase {
		read = strings.ToLower(text)
	}
	lines := strings.FieldsFunc(read, func(r rune) bool { return r == '|' || r == '/' })
	if len(lines) == 0 {
		return Board{}, fmt.Errorf("bad board %s: no cells", budget.Excerpt(text, -1))
	}
	cols := len(lines[0])
	if cols*len(lines) > MaxCells {
		return Board{}, fmt.Errorf("bad board %s: %d cells, at most %d", budget.Excerpt(text, -1), cols*len(lines), MaxCells)
	}
	b := Board{Rows: len(lines), Cols: cols, Cells: make([]byte, 0, cols*len(lines))}
	for r, line := range lines {
		if len(line) != cols {
			return Board{}, fmt.Errorf("bad board %s: row %d has %d cells, row 1 has %d", budget.Excerpt(text, -1), r+1, len(line), cols)
		}
		for c := 0; c < cols; c++ {
			if strings.IndexByte(n.Cells, line[c]) < 0 {
				return Board{}, fmt.Errorf("bad board %s: row %d, column %d is %q; %s", budget.Excerpt(text, -1), r+1, c+1, line[c], n.Legend)
			}
		}
		b.Cells = append(b.Cells, line...)
	}
	return b, nil
}
