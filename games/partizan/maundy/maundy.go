package maundy

import (
	"iter"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games/partizan/cake"
)

// MaxSide bounds the sides of a cake: a move leaves up to MaxSide pieces,
// each a region the evaluator adds.
const MaxSide = 5000

// Cake is a cake of Rows×Cols unit squares.
type Cake = cake.Cake

// Game is Maundy Cake.
type Game struct{}

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.PartizanSplitting[Cake] = Game{}
	_ game.Formatter[Cake]         = Game{}
)

// divide yields, for each divisor d ≥ 2 of n, d pieces of n/d.
func divide(n int, piece func(side int) Cake) iter.Seq[[]Cake] {
	return func(yield func([]Cake) bool) {
		for d := 2; d <= n; d++ {
			if n%d != 0 {
				continue
			}
			parts := make([]Cake, d)
			for i := range parts {
				parts[i] = piece(n / d)
			}
			if !yield(parts) {
				return
			}
		}
	}
}

// LeftOptions divides the width into equal pieces.
func (Game) LeftOptions(c Cake) iter.Seq[[]Cake] {
	return divide(c.Cols, func(w int) Cake { return Cake{Rows: c.Rows, Cols: w} })
}

// RightOptions divides the height into equal pieces.
func (Game) RightOptions(c Cake) iter.Seq[[]Cake] {
	return divide(c.Rows, func(h int) Cake { return Cake{Rows: h, Cols: c.Cols} })
}

// Format writes RxC.
func (Game) Format(c Cake) string { return c.String() }

// Parse reads cakes written RxC (R rows, C columns), several making a sum.
func Parse(tokens []string) ([]Cake, error) { return cake.Parse(tokens, MaxSide) }
