package amazons

import (
	"iter"
	"math/bits"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games/partizan/gridboard"
	"github.com/grundy-go/grundy/internal/dihedral"
)

// MaxCells bounds the cells of a board.
const MaxCells = gridboard.MaxCells

// Board is a position: Rows×Cols cells, cell r*Cols+c; X and O hold the
// amazons of Left and Right, Stone the burnt cells.
type Board struct {
	Rows, Cols  uint8
	X, O, Stone uint64
}

// Game is Amazons.
type Game struct{}

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.PartizanSplitting[Board] = Game{}
	_ game.Splitter[Board]          = Game{}
	_ game.Formatter[Board]         = Game{}
)

var compass = [8][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}

func (b Board) bit(r, c int) uint64 { return 1 << (r*int(b.Cols) + c) }

func (b Board) inside(r, c int) bool { return r >= 0 && c >= 0 && r < int(b.Rows) && c < int(b.Cols) }

func (b Board) occupied() uint64 { return b.X | b.O | b.Stone }

// Moves yields the whole boards left by the player's moves: an amazon's
// queen move and the arrow it then fires.
func (b Board) Moves(left bool) iter.Seq[Board] {
	return func(yield func(Board) bool) {
		mine := b.O
		if left {
			mine = b.X
		}
		rows, cols := int(b.Rows), int(b.Cols)
		for r := 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				from := b.bit(r, c)
				if mine&from == 0 {
					continue
				}
				for _, d := range compass {
					for k := 1; ; k++ {
						r2, c2 := r+d[0]*k, c+d[1]*k
						if !b.inside(r2, c2) || b.occupied()&b.bit(r2, c2) != 0 {
							break
						}
						to := b.bit(r2, c2)
						moved := b
						if left {
							moved.X = moved.X&^from | to
						} else {
							moved.O = moved.O&^from | to
						}
						busy := moved.occupied()
						for _, e := range compass {
							for l := 1; ; l++ {
								r3, c3 := r2+e[0]*l, c2+e[1]*l
								if !b.inside(r3, c3) || busy&b.bit(r3, c3) != 0 {
									break
								}
								next := moved
								next.Stone |= b.bit(r3, c3)
								if !yield(next) {
									return
								}
							}
						}
					}
				}
			}
		}
	}
}

func (Game) options(b Board, left bool) iter.Seq[[]Board] {
	return func(yield func([]Board) bool) {
		var buf []Board
		for q := range b.Moves(left) {
			buf = q.regions(buf[:0])
			if !yield(buf) {
				return
			}
		}
	}
}

// LeftOptions moves one of Left's amazons and fires.
func (g Game) LeftOptions(b Board) iter.Seq[[]Board] { return g.options(b, true) }

// RightOptions moves one of Right's amazons and fires.
func (g Game) RightOptions(b Board) iter.Seq[[]Board] { return g.options(b, false) }

// Split appends the groups of b.
func (Game) Split(dst []Board, b Board) []Board { return b.regions(dst) }

// regions appends the groups of non-stone cells of b connected through
// sides and corners that hold an amazon, each in canonical form.
func (b Board) regions(dst []Board) []Board {
	rows, cols := int(b.Rows), int(b.Cols)
	m := masksOf(rows, cols)
	free := m.full &^ b.Stone
	amazons := b.X | b.O
	for todo := free & amazons; todo != 0; {
		comp := m.group(todo&-todo, free)
		todo &^= comp
		dst = append(dst, b.extract(comp, m))
	}
	return dst
}

// masks are the bit masks of a rows×cols board that the group fill
// shifts by: the whole board, and the cells off the first and off the
// last column.
type masks struct {
	cols                    int
	full, notFirst, notLast uint64
}

func masksOf(rows, cols int) masks {
	m := masks{cols: cols, full: fullMask(rows * cols)}
	for r := 0; r < rows; r++ {
		m.notFirst |= (fullMask(cols) &^ 1) << (r * cols)
		m.notLast |= (fullMask(cols) >> 1) << (r * cols)
	}
	return m
}

func fullMask(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<n - 1
}

// group grows seed to its group of cells of free connected through
// sides and corners (a king's move): each step spreads along the row,
// then up and down, which covers the diagonals.
func (m masks) group(seed, free uint64) uint64 {
	x := seed
	for {
		h := x | x<<1&m.notFirst | x>>1&m.notLast
		n := (h | h<<m.cols | h>>m.cols) & free
		if n == x {
			return x
		}
		x = n
	}
}

// extract cuts the group comp out to its bounding box, the other cells
// there stones, in canonical form.
func (b Board) extract(comp uint64, m masks) Board {
	rows, cols := int(b.Rows), int(b.Cols)
	r0, r1 := -1, 0
	var colsUsed uint64
	for r := 0; r < rows; r++ {
		if row := comp >> (r * cols) & fullMask(cols); row != 0 {
			if r0 < 0 {
				r0 = r
			}
			r1 = r
			colsUsed |= row
		}
	}
	c0 := bits.TrailingZeros64(colsUsed)
	w := bits.Len64(colsUsed) - c0
	h := Board{Rows: uint8(r1 - r0 + 1), Cols: uint8(w)}
	wm := fullMask(w)
	for r := r0; r <= r1; r++ {
		shift, to := r*cols+c0, (r-r0)*w
		in := comp >> shift & wm
		h.Stone |= (wm &^ in) << to
		h.X |= (b.X >> shift & in) << to
		h.O |= (b.O >> shift & in) << to
	}
	return Canonical(h)
}

// images[h][w][k][i] is the cell that cell i of an h×w board goes to
// under symmetry k of the square (dihedral), for every board of at most
// MaxCells cells.
var images = func() (t [MaxCells + 1][MaxCells + 1]*[8][MaxCells]uint8) {
	for h := 1; h <= MaxCells; h++ {
		for w := 1; h*w <= MaxCells; w++ {
			p := new([8][MaxCells]uint8)
			for k := 0; k < 8; k++ {
				_, tw := dihedral.Size(k, h, w)
				th := h * w / tw
				for i := 0; i < th; i++ {
					for j := 0; j < tw; j++ {
						r, c := dihedral.Source(k, h, w, i, j)
						p[k][r*w+c] = uint8(i*tw + j)
					}
				}
			}
			t[h][w] = p
		}
	}
	return t
}()

// move sends each cell of x to its image under perm.
func move(x uint64, perm *[MaxCells]uint8) uint64 {
	var y uint64
	for x != 0 {
		y |= 1 << perm[bits.TrailingZeros64(x)]
		x &= x - 1
	}
	return y
}

// Canonical returns the least of the eight images of b under the
// symmetries of the square (all the same game: queen moves are kept).
func Canonical(b Board) Board {
	h, w := int(b.Rows), int(b.Cols)
	perms := images[h][w]
	best := Board{Rows: 255}
	for k := 0; k < 8; k++ {
		th, tw := dihedral.Size(k, h, w)
		t := Board{Rows: uint8(th), Cols: uint8(tw), Stone: move(b.Stone, &perms[k])}
		if t.Rows > best.Rows || t.Rows == best.Rows && (t.Cols > best.Cols || t.Cols == best.Cols && t.Stone > best.Stone) {
			continue // the order of less: this image is not the least
		}
		t.X, t.O = move(b.X, &perms[k]), move(b.O, &perms[k])
		if less(t, best) {
			best = t
		}
	}
	return best
}

func less(a, b Board) bool {
	switch {
	case a.Rows != b.Rows:
		return a.Rows < b.Rows
	case a.Cols != b.Cols:
		return a.Cols < b.Cols
	case a.Stone != b.Stone:
		return a.Stone < b.Stone
	case a.X != b.X:
		return a.X < b.X
	}
	return a.O < b.O
}

// notation is Amazons' board notation, CGSuite's: . empty, x Left's
// amazon, o Right's, # a stone, in either case.
var notation = gridboard.Notation{
	Cells:    ".xo#",
	Legend:   "use . (empty), x (Left's amazon), o (Right's amazon) and # (stone)",
	Hint:     "write rows of . x o # joined by |, e.g. x...|o...",
	FoldCase: true,
}

func (b Board) grid() gridboard.Board {
	return notation.Board(int(b.Rows), int(b.Cols),
		gridboard.Layer{Cell: 'x', Mask: b.X}, gridboard.Layer{Cell: 'o', Mask: b.O}, gridboard.Layer{Cell: '#', Mask: b.Stone})
}

// Format writes a board as CGSuite does: rows joined by |.
func (Game) Format(b Board) string { return b.String() }

func (b Board) String() string { return notation.String(b.grid()) }

// Grid returns the rows of the board.
func (b Board) Grid() []string { return b.grid().Lines() }

// Parse reads boards, several making a sum: rows of . (empty), x (Left's
// amazon), o (Right's amazon) and # (stone) joined by | or / (gridboard).
func Parse(tokens []string) ([]Board, error) {
	gs, err := notation.ParseAll(tokens)
	if err != nil {
		return nil, err
	}
	out := make([]Board, len(gs))
	for i, g := range gs {
		out[i] = Board{Rows: uint8(g.Rows), Cols: uint8(g.Cols), X: g.Mask('x'), O: g.Mask('o'), Stone: g.Mask('#')}
	}
	return out, nil
}
