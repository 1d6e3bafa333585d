package lasker

import (
	"fmt"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/game"
)

// Lasker's Nim splits heaps, so it is a game.Splitting and not a
// game.Game: no Moves method lists the takes and leaves the splits out.
func TestNotAPlainGame(t *testing.T) {
	var g any = Game{}
	if _, ok := g.(game.Game[int]); ok {
		t.Fatal("lasker.Game has a Moves method: a solver taking it as a game.Game would miss the splits")
	}
}

// Options yields every move of the rules, each once: a take to each
// smaller heap, and each split a + (n-a) into two non-empty heaps.
func TestOptionsCoverEveryMove(t *testing.T) {
	for n := 0; n <= 40; n++ {
		var want []string
		for m := range n {
			want = append(want, fmt.Sprint([]int{m}))
		}
		for a := 1; a <= n-a; a++ {
			want = append(want, fmt.Sprint([]int{a, n - a}))
		}
		var got []string
		for opt := range (Game{}).Options(n) {
			got = append(got, fmt.Sprint(slices.Sorted(slices.Values(opt))))
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("options of %d:\n got %v\nwant %v", n, got, want)
		}
	}
}
