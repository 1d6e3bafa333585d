package game_test

import (
	"context"
	"fmt"
	"iter"

	"github.com/grundy-go/grundy/impartial"
)

// turningTurtles is a game defined outside the engine: a row of coins, and
// a move turns one head to tails — and, optionally, one coin to its left
// either way. A position is the row as a bit mask (bit i = coin i is heads).
type turningTurtles struct{ width int }

func (g turningTurtles) Moves(row uint32) iter.Seq[uint32] {
	return func(yield func(uint32) bool) {
		for i := range g.width {
			if row&(1<<i) == 0 {
				continue
			}
			turned := row &^ (1 << i)
			if !yield(turned) {
				return
			}
			for j := range i {
				if !yield(turned ^ 1<<j) {
					return
				}
			}
		}
	}
}

// Rank lets the solver keep values in a flat table.
func (g turningTurtles) Rank(row uint32) int { return int(row) }

// A game is any type with a Moves method; the solver memoises its values.
// Turning Turtles is Nim in disguise (Winning Ways ch. 14): a head in
// place i is a Nim heap of size i+1.
func Example() {
	g := turningTurtles{width: 8}
	s := impartial.New[uint32](g, impartial.Options{})
	row := uint32(0b10110) // heads at places 1, 2 and 4: Nim heaps 2, 3, 5
	value, _ := s.Grundy(context.Background(), row)
	fmt.Println("value:", value, "= 2 xor 3 xor 5")
	moves, _ := s.WinningMoves(context.Background(), []uint32{row})
	for _, m := range moves {
		fmt.Printf("winning move: %05b → %05b\n", row, m.Result[0])
	}
	// Output:
	// value: 4 = 2 xor 3 xor 5
	// winning move: 10110 → 00111
}
