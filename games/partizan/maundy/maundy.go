package maundy

import (
	"fmt"
	"iter"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/game"
)

// MaxSide bounds the sides of a cake: a move leaves up to MaxSide pieces,
// each a region the evaluator adds.
const MaxSide = 5000

// Cake is a cake of Rows×Cols unit squares.
type Cake struct{ Rows, Cols int }

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
	return divide(c.Cols, func(w int) Cake { return Cake{c.Rows, w} })
}

// RightOptions divides the height into equal pieces.
func (Game) RightOptions(c Cake) iter.Seq[[]Cake] {
	return divide(c.Rows, func(h int) Cake { return Cake{h, c.Cols} })
}

// Format writes RxC.
func (Game) Format(c Cake) string { return fmt.Sprintf("%dx%d", c.Rows, c.Cols) }

// Parse reads cakes written RxC (R rows, C columns), several making a sum.
func Parse(tokens []string) ([]Cake, error) {
	var out []Cake
	for _, tok := range tokens {
		for _, f := range strings.Fields(tok) {
			r, c, ok := strings.Cut(f, "x")
			rows, err1 := strconv.Atoi(r)
			cols, err2 := strconv.Atoi(c)
			if !ok || err1 != nil || err2 != nil {
				return nil, fmt.Errorf("bad cake %q: expected RxC, e.g. 3x4", f)
			}
			if rows < 1 || cols < 1 || rows > MaxSide || cols > MaxSide {
				return nil, fmt.Errorf("bad cake %q: sides must be between 1 and %d", f, MaxSide)
			}
			out = append(out, Cake{rows, cols})
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no cake given: write RxC, e.g. 3x4")
	}
	return out, nil
}
