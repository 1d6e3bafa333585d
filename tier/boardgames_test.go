package tier

import (
	"testing"

	"github.com/grundy-go/grundy/games/connect4"
)

// TestConnect4 solves Connect-4 4x4 tier by tier and compares every
// position with the retrograde analysis of the whole game; Tromp counts
// 161,029 positions.
func TestConnect4(t *testing.T) {
	g, err := connect4.New(4, 4, 4)
	if err != nil {
		t.Fatal(err)
	}
	d, _ := build[connect4.Board](t, g, "connect4:4x4", Options{})
	if n := d.Stats().Total.Positions(); n != 161029 {
		t.Errorf("%d positions, Tromp counts 161,029", n)
	}
	checkAgainstRetro[connect4.Board](t, g, d)
}
