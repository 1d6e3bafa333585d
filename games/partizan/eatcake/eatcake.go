package eatcake

import (
	"iter"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games/partizan"
	"github.com/grundy-go/grundy/games/partizan/cake"
)

// MaxSide bounds the sides of a cake: an n×n cake has about n²/2
// sub-cakes, each with about n options whose canonical forms grow with
// n, so memory (the budget), not this bound, stops large cakes first.
const MaxSide = 64

// Cake is a cake of Rows×Cols unit squares.
type Cake = cake.Cake

// Game is Eatcake.
type Game struct{}

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.PartizanSplitting[Cake] = Game{}
	_ game.Formatter[Cake]         = Game{}
	_ partizan.Negation[Cake]      = Game{}
)

// eat yields the pieces left by eating strip i (0-based) of n, for i in
// the first half (strip n−1−i leaves the same pieces, mirrored): a
// piece of i strips and one of n−1−i, the empty ones dropped. whole
// makes a piece of k strips.
func eat(n int, whole func(k int) Cake) iter.Seq[[]Cake] {
	return func(yield func([]Cake) bool) {
		var buf []Cake
		for i := 0; i <= (n-1)/2; i++ {
			buf = buf[:0]
			for _, k := range []int{i, n - 1 - i} {
				if k > 0 {
					buf = append(buf, whole(k))
				}
			}
			if !yield(buf) {
				return
			}
		}
	}
}

// LeftOptions eats a column.
func (Game) LeftOptions(c Cake) iter.Seq[[]Cake] {
	return eat(c.Cols, func(k int) Cake { return Cake{Rows: c.Rows, Cols: k} })
}

// RightOptions eats a row.
func (Game) RightOptions(c Cake) iter.Seq[[]Cake] {
	return eat(c.Rows, func(k int) Cake { return Cake{Rows: k, Cols: c.Cols} })
}

// Negated values a cake taller than wide as the negative of its
// transpose: rows and columns change places, and so do the players.
func (Game) Negated(c Cake) (Cake, bool) {
	if c.Rows > c.Cols {
		return Cake{Rows: c.Cols, Cols: c.Rows}, true
	}
	return c, false
}

// Format writes RxC.
func (Game) Format(c Cake) string { return c.String() }

// Parse reads cakes written RxC (R rows, C columns), several making a
// sum.
func Parse(tokens []string) ([]Cake, error) { return cake.Parse(tokens, MaxSide) }
