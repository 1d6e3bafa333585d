package c4search

import (
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/games/connect4"
)

// TestWinningAligned checks the search's threat and line detection (with
// constant steps on the standard height 6, a loop over the steps on
// others) against package connect4's generic WinningCells and Aligned, on
// random positions and random stone sets of several shapes.
func TestWinningAligned(t *testing.T) {
	for _, sz := range [][2]int{{7, 6}, {5, 4}, {4, 5}, {6, 7}, {8, 6}, {5, 6}} {
		g, err := connect4.New(sz[0], sz[1], 4)
		if err != nil {
			t.Fatal(err)
		}
		geo := newGeometry(g.S)
		rng := rand.New(rand.NewPCG(uint64(sz[0]), uint64(sz[1])+100))
		lines, threats := 0, 0
		for range 20000 {
			b := randomBoard(g, rng, 0)
			// Positions reached in play, and for lines any set of the
			// board's cells (lines the play would have stopped at; its
			// threats may float, which the search's winning, for stones
			// that never lie above an empty cell, does not look for).
			random := rng.Uint64() & geo.full
			for _, pos := range []uint64{b.Current, b.Current ^ b.Mask, random} {
				if got, want := geo.winning(pos, b.Mask), g.S.WinningCells(pos)&^b.Mask; pos != random && got != want {
					t.Fatalf("%dx%d %q: winning(%x) = %x, connect4 says %x", sz[0], sz[1], g.Format(b), pos, got, want)
				}
				if got, want := geo.aligned(pos), g.S.Aligned(pos); got != want {
					t.Fatalf("%dx%d: aligned(%x) = %v, connect4 says %v", sz[0], sz[1], pos, got, want)
				}
				if geo.aligned(pos) {
					lines++
				}
				if geo.winning(pos, b.Mask) != 0 {
					threats++
				}
			}
		}
		if lines == 0 || threats == 0 {
			t.Fatalf("%dx%d: %d samples with a line, %d with a threat: the samples test nothing", sz[0], sz[1], lines, threats)
		}
	}
}
