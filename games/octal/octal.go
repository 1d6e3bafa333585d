// Package octal presents a heap rule of package heap (an octal or
// hexadecimal code, a subtraction set, Grundy's game, …) as a
// game.Splitting game on one heap (a move may leave several heaps), so
// that the generic Sprague–Grundy search of package impartial
// (impartial.NewSplitting) can solve it move by move. That search is the heap engine's independent
// witness: the catalog's --method search uses it, and the tests compare
// the two (Sprague–Grundy theory: Winning Ways ch. 4).
package octal

import (
	"iter"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap"
)

// Game is a take-and-break game on heaps. A position is one heap size; a
// move may leave several heaps, so the game is a game.Splitting.
type Game struct{ Rule *heap.Rule }

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.Splitting[int] = Game{}
	_ game.Ranker[int]    = Game{}
)

// Options yields, for every move from a heap of n, the heaps it leaves
// (one, two or three), as the rule's code digits allow; a move that leaves
// nothing leaves the empty heap 0, as in the other heap games.
func (g Game) Options(n int) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		zero := []int{0}
		g.Rule.EachOption(n, func(h []int) bool {
			if len(h) == 0 {
				return yield(zero)
			}
			return yield(h)
		})
	}
}

// Rank ranks a heap by its size.
func (Game) Rank(n int) int { return n }
