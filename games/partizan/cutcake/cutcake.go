package cutcake

import (
	"fmt"
	"iter"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/game"
)

// MaxSide bounds the sides of a cake: a cake of n×n has n² sub-cakes of
// about n options each to value.
const MaxSide = 512

// Cake is a cake of Rows×Cols unit squares.
type Cake struct{ Rows, Cols int }

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
			if !yield([]Cake{{c.Rows, a}, {c.Rows, c.Cols - a}}) {
				return
			}
		}
	}
}

// RightOptions cuts horizontally: Rows = a + b.
func (Game) RightOptions(c Cake) iter.Seq[[]Cake] {
	return func(yield func([]Cake) bool) {
		for a := 1; a <= c.Rows/2; a++ {
			if !yield([]Cake{{a, c.Cols}, {c.Rows - a, c.Cols}}) {
				return
			}
		}
	}
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
