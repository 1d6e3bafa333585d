package octal

import (
	"fmt"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap"
)

// Octal games split heaps, so Game is a game.Splitting and not a
// game.Game: no Moves method lists the moves that leave one heap and
// leaves the others out.
func TestNotAPlainGame(t *testing.T) {
	var g any = Game{}
	if _, ok := g.(game.Game[int]); ok {
		t.Fatal("octal.Game has a Moves method: a solver taking it as a game.Game would miss the splits")
	}
}

// options returns the options of n, each written as its non-empty heaps in
// order, sorted.
func options(g Game, n int) []string {
	var out []string
	for opt := range g.Options(n) {
		var hs []int
		for _, h := range opt {
			if h > 0 {
				hs = append(hs, h)
			}
		}
		slices.Sort(hs)
		out = append(out, fmt.Sprint(hs))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Options yields every move of the rules, written out here from the
// games' definitions rather than from their codes.
func TestOptionsCoverEveryMove(t *testing.T) {
	rules := map[string]func(n int) [][]int{
		// Kayles: knock down one pin or two adjacent ones, leaving the
		// pins either side.
		"kayles": func(n int) [][]int {
			var out [][]int
			for k := 1; k <= 2 && k <= n; k++ {
				for a := 0; a <= n-k-a; a++ {
					out = append(out, []int{a, n - k - a})
				}
			}
			return out
		},
		// Grundy's game: split a heap into two unequal non-empty heaps.
		"grundy-game": func(n int) [][]int {
			var out [][]int
			for a := 1; a < n-a; a++ {
				out = append(out, []int{a, n - a})
			}
			return out
		},
	}
	for spec, moves := range rules {
		r, err := heap.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n <= 30; n++ {
			var want []string
			for _, hs := range moves(n) {
				var parts []int
				for _, h := range hs {
					if h > 0 {
						parts = append(parts, h)
					}
				}
				want = append(want, fmt.Sprint(parts))
			}
			slices.Sort(want)
			want = slices.Compact(want)
			if got := options(Game{Rule: r}, n); !slices.Equal(got, want) {
				t.Fatalf("%s: options of %d:\n got %v\nwant %v", spec, n, got, want)
			}
		}
	}
}
