package foxgeese

import (
	"fmt"
	"iter"
	"math/bits"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/games/partizan/gridboard"
)

// MinSide and MaxSide bound the board's columns and rows: a board fits
// in the 64 bits of a mask.
const (
	MinSide = 2
	MaxSide = 8
)

// Board is a board of W columns and H rows. Square i = r·W + c is row r
// counted from the top (0) and column c from the left (0). Pieces stand
// on the dark squares: with rows counted from the bottom and columns from
// the left, both from 1 (CGSuite's coordinates), those whose row + column
// is even; the bottom-left square is dark.
type Board struct {
	W, H int
}

// New returns the board of w columns and h rows.
func New(w, h int) (Board, error) {
	if w < MinSide || w > MaxSide || h < MinSide || h > MaxSide {
		return Board{}, fmt.Errorf("bad board %dx%d: columns and rows from %d to %d", w, h, MinSide, MaxSide)
	}
	return Board{W: w, H: h}, nil
}

// ParseSpec reads the parameters of fox-and-geese:WxH; "" is 8x8.
func ParseSpec(params string) (Board, error) {
	if params == "" {
		return New(8, 8)
	}
	ws, hs, ok := strings.Cut(params, "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil {
		return Board{}, fmt.Errorf("bad parameters %q: expected WxH (columns x rows), e.g. 8x8", params)
	}
	return New(w, h)
}

// Spec is the game's spec for the board.
func (b Board) Spec() string {
	if b.W == 8 && b.H == 8 {
		return "fox-and-geese"
	}
	return fmt.Sprintf("fox-and-geese:%dx%d", b.W, b.H)
}

// Dark reports whether square i is one the pieces stand on.
func (b Board) Dark(i int) bool {
	r, c := i/b.W, i%b.W
	return (b.H-r+c+1)%2 == 0
}

// Pos is a position: the geese's squares (bit i for square i) and the
// fox's square. Positions do not say who moves: Left moves a goose,
// Right the fox.
type Pos struct {
	Geese uint64
	Fox   int8
}

// Start is the usual starting position: a goose on every dark square of
// the top row, the fox on the bottom row near the middle (on 8×8,
// CGSuite's FoxAndGeese([(8,2),(8,4),(8,6),(8,8)], (1,5))).
func (b Board) Start() Pos {
	var p Pos
	for c := 0; c < b.W; c++ {
		if b.Dark(c) {
			p.Geese |= 1 << c
		}
	}
	bottom := (b.H - 1) * b.W
	col := b.W / 2 // 0-based column of CGSuite's column W/2+1
	if !b.Dark(bottom + col) {
		col--
	}
	p.Fox = int8(bottom + col)
	return p
}

var notation = gridboard.Notation{
	Cells:    ".xo",
	Legend:   "use x for a goose, o for the fox and . for an empty square",
	Hint:     "write the rows top first joined by | (x a goose, o the fox, . empty), or nothing for the start",
	FoldCase: true,
}

// Parse reads a position: the rows top first joined by | (x a goose, o
// the fox, . an empty square), CGSuite's grid notation; no tokens (or
// "start") is the start.
func (b Board) Parse(tokens []string) (Pos, error) {
	text := strings.TrimSpace(strings.Join(tokens, ""))
	if text == "" || text == "start" {
		return b.Start(), nil
	}
	g, err := notation.Parse(text)
	if err != nil {
		return Pos{}, &budget.BadInput{Msg: err.Error()}
	}
	if g.Rows != b.H || g.Cols != b.W {
		return Pos{}, &budget.BadInput{Msg: fmt.Sprintf("bad position %s: %d columns and %d rows, the board of %s has %d and %d",
			budget.Excerpt(text, -1), g.Cols, g.Rows, b.Spec(), b.W, b.H)}
	}
	p := Pos{Fox: -1}
	for i, ch := range g.Cells {
		if ch == '.' {
			continue
		}
		if !b.Dark(i) {
			return Pos{}, &budget.BadInput{Msg: fmt.Sprintf("bad position %s: row %d, column %d (from the top left) is a light square; pieces stand on the dark squares, the bottom-left one among them",
				budget.Excerpt(text, -1), i/b.W+1, i%b.W+1)}
		}
		if ch == 'x' {
			p.Geese |= 1 << i
			continue
		}
		if p.Fox >= 0 {
			return Pos{}, &budget.BadInput{Msg: fmt.Sprintf("bad position %s: a second fox at row %d, column %d; there is one fox",
				budget.Excerpt(text, -1), i/b.W+1, i%b.W+1)}
		}
		p.Fox = int8(i)
	}
	if p.Fox < 0 {
		return Pos{}, &budget.BadInput{Msg: fmt.Sprintf("bad position %s: no fox (o)", budget.Excerpt(text, -1))}
	}
	return p, nil
}

// String writes p in the notation Parse reads.
func (b Board) String(p Pos) string {
	var sb strings.Builder
	for i := 0; i < b.W*b.H; i++ {
		if i > 0 && i%b.W == 0 {
			sb.WriteByte('|')
		}
		switch {
		case p.Geese&(1<<i) != 0:
			sb.WriteByte('x')
		case int(p.Fox) == i:
			sb.WriteByte('o')
		default:
			sb.WriteByte('.')
		}
	}
	return sb.String()
}

// diagonal is the square one step from i by (dr, dc), or -1 off the
// board.
func (b Board) diagonal(i, dr, dc int) int {
	r, c := i/b.W+dr, i%b.W+dc
	if r < 0 || r >= b.H || c < 0 || c >= b.W {
		return -1
	}
	return r*b.W + c
}

// GooseMoves are the moves of the geese of mask geese with the fox on
// fox: each goose one square diagonally down onto an empty square, as
// (from, to) pairs.
func (b Board) GooseMoves(geese uint64, fox int) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for m := geese; m != 0; m &= m - 1 {
			from := bits.TrailingZeros64(m)
			for _, dc := range [2]int{-1, 1} {
				to := b.diagonal(from, 1, dc)
				if to < 0 || to == fox || geese&(1<<to) != 0 {
					continue
				}
				if !yield(from, to) {
					return
				}
			}
		}
	}
}

// FoxMoves are the fox's moves: one square diagonally either way onto a
// square without a goose.
func (b Board) FoxMoves(geese uint64, fox int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for _, d := range [4][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}} {
			to := b.diagonal(fox, d[0], d[1])
			if to < 0 || geese&(1<<to) != 0 {
				continue
			}
			if !yield(to) {
				return
			}
		}
	}
}

// LeftMoves are the positions Left (the geese) moves p to.
func (b Board) LeftMoves(p Pos) iter.Seq[Pos] {
	return func(yield func(Pos) bool) {
		for from, to := range b.GooseMoves(p.Geese, int(p.Fox)) {
			if !yield(Pos{Geese: p.Geese&^(1<<from) | 1<<to, Fox: p.Fox}) {
				return
			}
		}
	}
}

// RightMoves are the positions Right (the fox) moves p to.
func (b Board) RightMoves(p Pos) iter.Seq[Pos] {
	return func(yield func(Pos) bool) {
		for to := range b.FoxMoves(p.Geese, int(p.Fox)) {
			if !yield(Pos{Geese: p.Geese, Fox: int8(to)}) {
				return
			}
		}
	}
}
