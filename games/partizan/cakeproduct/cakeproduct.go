package cakeproduct

import (
	"iter"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games/partizan"
	"github.com/grundy-go/grundy/games/partizan/cake"
	"github.com/grundy-go/grundy/heap"
)

// MaxSide bounds the sides of a cake, as Eatcake's: the memory budget,
// not this bound, stops large cakes first.
const MaxSide = 64

// Cake is a cake of Rows×Cols unit squares.
type Cake = cake.Cake

// Game is the cake product of Left's and Right's heap rulesets.
type Game struct {
	Left, Right *heap.Rule
	Twisted     bool
}

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.PartizanSplitting[Cake] = Game{}
	_ game.Formatter[Cake]         = Game{}
	_ partizan.Negation[Cake]      = Game{}
)

// Parse reads the product's codes, spec[start:]: LEFT/RIGHT, two
// take-and-break codes in CGSuite's notation (one code alone is both
// players'); errors point into spec as typed (e.g. "cake:4.0/0.7").
func Parse(spec string, start int, twisted bool) (Game, error) {
	slash := strings.IndexByte(spec[start:], '/')
	if slash < 0 {
		r, err := heap.ParseTB(spec, start, len(spec))
		if err != nil {
			return Game{}, err
		}
		return Game{Left: r, Right: r, Twisted: twisted}, nil
	}
	l, err := heap.ParseTB(spec, start, start+slash)
	if err != nil {
		return Game{}, err
	}
	r, err := heap.ParseTB(spec, start+slash+1, len(spec))
	if err != nil {
		return Game{}, err
	}
	return Game{Left: l, Right: r, Twisted: twisted}, nil
}

// Spec writes the product as Parse reads it, after name and a colon.
func (g Game) Spec() string {
	l := strings.TrimPrefix(g.Left.Spec, "tb:")
	r := strings.TrimPrefix(g.Right.Spec, "tb:")
	if l == r {
		return l
	}
	return l + "/" + r
}

func (g Game) sameRules() bool { return g.Left.Spec == g.Right.Spec }

// options yields, for every option of a heap of n under r, the cakes
// whole(k) of its heaps k (none when the move leaves nothing).
func options(r *heap.Rule, n int, whole func(k int) Cake) iter.Seq[[]Cake] {
	return func(yield func([]Cake) bool) {
		var buf []Cake
		r.EachOption(n, func(heaps []int) bool {
			buf = buf[:0]
			for _, k := range heaps {
				buf = append(buf, whole(k))
			}
			return yield(buf)
		})
	}
}

// LeftOptions moves on the columns (twisted: on the rows, the cake
// turned).
func (g Game) LeftOptions(c Cake) iter.Seq[[]Cake] {
	if g.Twisted {
		return options(g.Left, c.Rows, func(b int) Cake { return Cake{Rows: c.Cols, Cols: b} })
	}
	return options(g.Left, c.Cols, func(b int) Cake { return Cake{Rows: c.Rows, Cols: b} })
}

// RightOptions moves on the rows (twisted: on the columns, the cake
// turned).
func (g Game) RightOptions(c Cake) iter.Seq[[]Cake] {
	if g.Twisted {
		return options(g.Right, c.Cols, func(a int) Cake { return Cake{Rows: a, Cols: c.Rows} })
	}
	return options(g.Right, c.Rows, func(a int) Cake { return Cake{Rows: a, Cols: c.Cols} })
}

// Negated values a cake taller than wide as the negative of its
// transpose when both players have the same ruleset.
func (g Game) Negated(c Cake) (Cake, bool) {
	if g.sameRules() && c.Rows > c.Cols {
		return Cake{Rows: c.Cols, Cols: c.Rows}, true
	}
	return c, false
}

// Format writes RxC.
func (Game) Format(c Cake) string { return c.String() }

// ParseCakes reads cakes written RxC, several making a sum.
func ParseCakes(tokens []string) ([]Cake, error) { return cake.Parse(tokens, MaxSide) }
