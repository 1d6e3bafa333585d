package cutcake

import (
	"iter"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games/partizan/cake"
)

// MaxSide bounds the sides of a cake: a cake of n×n has n² sub-cakes of
// about n options each to value.
const MaxSide = 512

// Cake is a cake of Rows×Cols unit squares.
type Cake = cake.Cake

// Game is Cutcake.
type Game struct{}

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.PartizanSplitting[Cake] = Game{}
	_ game.Formatter[Cake]         = Game{}
)

// LeftOptions cuts vertically: Cols = a + b.
func (Game) LeftOptions(c Cake) iter.Seq[[]Cake] {
	return func(yield func([]Cake) bool) {
		for a := 1; a <= c.Cols/2; a++ {
			if !yield([]Cake{{Rows: c.Rows, Cols: a}, {Rows: c.Rows, Cols: c.Cols - a}}) {
				return
			}
		}
	}
}

// RightOptions cuts horizontally: Rows = a + b.
func (Game) RightOptions(c Cake) iter.Seq[[]Cake] {
	return func(yield func([]Cake) bool) {
		for a := 1; a <= c.Rows/2; a++ {
			if !yield([]Cake{{Rows: a, Cols: c.Cols}, {Rows: c.Rows - a, Cols: c.Cols}}) {
				return
			}
		}
	}
}

// Format writes RxC.
func (Game) Format(c Cake) string { return c.String() }

// Parse reads cakes written RxC (R rows, C columns), several making a sum.
func Parse(tokens []string) ([]Cake, error) { return cake.Parse(tokens, MaxSide) }
