package paper

import (
	"iter"
	"strconv"

	"github.com/grundy-go/grundy/game"
)

// Sheet is a W×H sheet of grid paper.
type Sheet struct{ W, H int }

// MaxSide is the largest side Rank ranks.
const MaxSide = 1<<11 - 1

// Game is the cutting game reduced to normal play on sheets of at least
// 2×2: a cut leaves two sheets each at least 2 wide in the cut direction.
type Game struct{}

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.Splitting[Sheet] = Game{}
	_ game.Ranker[Sheet]    = Game{}
	_ game.Formatter[Sheet] = Game{}
)

// Options yields the two sheets of every cut, each unordered pair once
// (the narrower part first): vertical cuts first, then horizontal ones.
func (Game) Options(s Sheet) iter.Seq[[]Sheet] {
	return func(yield func([]Sheet) bool) {
		buf := make([]Sheet, 2)
		for a := 2; a <= s.W-a && s.W-a >= 2; a++ {
			buf[0], buf[1] = Sheet{a, s.H}, Sheet{s.W - a, s.H}
			if !yield(buf) {
				return
			}
		}
		for b := 2; b <= s.H-b && s.H-b >= 2; b++ {
			buf[0], buf[1] = Sheet{s.W, b}, Sheet{s.W, s.H - b}
			if !yield(buf) {
				return
			}
		}
	}
}

// Rank packs the sides into one number, or -1 for sides beyond MaxSide.
func (Game) Rank(s Sheet) int {
	if s.W < 0 || s.H < 0 || s.W > MaxSide || s.H > MaxSide {
		return -1
	}
	return s.W<<11 | s.H
}

// Format writes "WxH".
func (Game) Format(s Sheet) string { return strconv.Itoa(s.W) + "x" + strconv.Itoa(s.H) }
