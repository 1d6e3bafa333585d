package gridboard

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

var (
	domino = Notation{Cells: ".#", Legend: "use . for empty and # for filled", Hint: "write RxC (e.g. 3x4) or rows of . and # joined by |", Sizes: true}
	queens = Notation{Cells: ".xo#", Legend: "use . (empty), x (Left's amazon), o (Right's amazon) and # (stone)", Hint: "write rows of . x o # joined by |, e.g. x...|o...", FoldCase: true}
)

// TestSpellings: every spelling the three games accepted before they
// shared this notation is read as it was.
func TestSpellings(t *testing.T) {
	for _, c := range []struct {
		n          Notation
		in, out    string
		rows, cols int
	}{
		{domino, "2x3", "2x3", 2, 3},
		{domino, "..|.#", "..|.#", 2, 2},
		{domino, "../.#", "..|.#", 2, 2},
		{domino, "|..||.#|", "..|.#", 2, 2},
		{domino, "...|...", "2x3", 2, 3},
		{domino, "1x64", "1x64", 1, 64},
		{queens, "x...|o...", "x...|o...", 2, 4},
		{queens, "X.../O..#", "x...|o..#", 2, 4},
		{queens, "....", "....", 1, 4},
	} {
		b, err := c.n.Parse(c.in)
		if err != nil || b.Rows != c.rows || b.Cols != c.cols || c.n.String(b) != c.out {
			t.Errorf("Parse(%q) = %+v (%q), %v; want %dx%d written %q", c.in, b, c.n.String(b), err, c.rows, c.cols, c.out)
		}
	}
}

// TestErrors: each error names what is wrong and where.
func TestErrors(t *testing.T) {
	for _, c := range []struct {
		n       Notation
		in, err string
	}{
		{domino, "", "no board given: write RxC (e.g. 3x4) or rows of . and # joined by |"},
		{domino, "2x", `bad board size "2x": expected RxC, e.g. 3x4`},
		{domino, "0x3", "bad board size 0x3: rows and columns must be at least 1 and the board at most 64 cells"},
		{domino, "9x9", "bad board size 9x9: rows and columns must be at least 1 and the board at most 64 cells"},
		{domino, "..|.", `bad board "..|.": row 2 has 1 cells, row 1 has 2`},
		{domino, "..|.x", `bad board "..|.x": row 2, column 2 is 'x'; use . for empty and # for filled`},
		{domino, "||", `bad board "||": no cells`},
		// A long board is quoted by its first 60 bytes (budget.Excerpt).
		{domino, strings.Repeat(".", 65), `bad board "` + strings.Repeat(".", 60) + `…" (65 bytes): 65 cells, at most 64`},
		{queens, "x.q", `bad board "x.q": row 1, column 3 is 'q'; use . (empty), x (Left's amazon), o (Right's amazon) and # (stone)`},
		{queens, "2x3", `bad board "2x3": row 1, column 1 is '2'; use . (empty), x (Left's amazon), o (Right's amazon) and # (stone)`},
	} {
		_, err := c.n.Parse(c.in)
		if err == nil || err.Error() != c.err {
			t.Errorf("Parse(%q): %v, want %q", c.in, err, c.err)
		}
	}
	if _, err := domino.ParseAll([]string{" ", ""}); err == nil || err.Error() != "no board given: write RxC (e.g. 3x4) or rows of . and # joined by |" {
		t.Errorf("ParseAll of nothing: %v", err)
	}
}

// TestMasks: a board built from masks gives them back, and is written
// and read back unchanged, on random boards of either notation.
func TestMasks(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for range 2000 {
		n := domino
		if r.IntN(2) == 0 {
			n = queens
		}
		rows := 1 + r.IntN(8)
		cols := 1 + r.IntN(MaxCells/rows)
		var layers []Layer
		var used uint64
		for _, ch := range []byte(n.Cells[1:]) {
			m := r.Uint64() & r.Uint64() & full(rows*cols) &^ used
			used |= m
			layers = append(layers, Layer{ch, m})
		}
		b := n.Board(rows, cols, layers...)
		for _, l := range layers {
			if b.Mask(l.Cell) != l.Mask {
				t.Fatalf("%s: mask of %q %x, want %x", n.String(b), l.Cell, b.Mask(l.Cell), l.Mask)
			}
		}
		b2, err := n.Parse(n.String(b))
		if err != nil || b2.Rows != rows || b2.Cols != cols || !slices.Equal(b2.Cells, b.Cells) {
			t.Fatalf("%q read back as %+v, %v", n.String(b), b2, err)
		}
		all, err := n.ParseAll([]string{n.String(b) + " " + n.String(b)})
		if err != nil || len(all) != 2 {
			t.Fatalf("two boards %q: %v %v", n.String(b), all, err)
		}
	}
}

// FuzzParse: no input panics or gives a board past the limits, and a
// board read is written so that it reads back the same.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"2x3", "..|..", "#./..", "3x", "x", "...|.#.|...", "x...|o...", "X#O/..", "||", "0x0", "8x8", "99999999999999999999x1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, n := range []Notation{domino, queens} {
			b, err := n.Parse(in)
			if err != nil {
				continue
			}
			if b.Rows < 1 || b.Cols < 1 || b.Rows*b.Cols > MaxCells || len(b.Cells) != b.Rows*b.Cols {
				t.Fatalf("Parse(%q) = bad board %+v", in, b)
			}
			out := n.String(b)
			b2, err := n.Parse(out)
			if err != nil || n.String(b2) != out || !slices.Equal(b2.Cells, b.Cells) {
				t.Fatalf("%q → %q → %+v %v", in, out, b2, err)
			}
		}
	})
}
