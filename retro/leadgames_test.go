package retro

import (
	"context"
	"iter"
	"testing"

	"github.com/grundy-go/grundy/game"
	sub "github.com/grundy-go/grundy/games/subtraction"
	"github.com/grundy-go/grundy/impartial"
	"github.com/grundy-go/grundy/outcome"
)

// heapsUpTo makes a one-heap game enumerable: heaps 0..max, which every
// take-away game keeps closed under moves.
type heapsUpTo struct {
	game.Game[int]
	max int
}

func (h heapsUpTo) Positions() iter.Seq[int] {
	return func(yield func(int) bool) {
		for n := 0; n <= h.max; n++ {
			if !yield(n) {
				return
			}
		}
	}
}

// TestBuiltinHeapGames runs retrograde analysis on the engine's own
// subtraction games and compares with the memoised solver.
func TestBuiltinHeapGames(t *testing.T) {
	ctx := context.Background()
	s134, err := sub.New([]int{1, 3, 4})
	if err != nil {
		t.Fatal(err)
	}
	s27, err := sub.New([]int{2, 7})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []game.Game[int]{s134, s27, sub.Fibonacci{}} {
		const max = 2000
		tab, err := SolveGame[int](ctx, heapsUpTo{g, max}, GameOptions{})
		if err != nil {
			t.Fatal(err)
		}
		s := impartial.New(g, impartial.Options{})
		for n := 0; n <= max; n++ {
			v, err := s.Grundy(ctx, n)
			if err != nil {
				t.Fatal(err)
			}
			rem, err := s.Remoteness(ctx, n)
			if err != nil {
				t.Fatal(err)
			}
			o, r, _ := tab.Lookup(n)
			if o != outcome.FromGrundy(v) || int(r) != rem {
				t.Fatalf("%T heap %d: retro %v remoteness %d; impartial G=%d remoteness %d", g, n, o, r, v, rem)
			}
		}
	}
}
