package c4search

import (
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/games/connect4"
)

// TestDeadStones checks the dead stones of random positions against
// every line of the board: a line that still has an empty cell and holds
// a dead stone must hold both colours among its stones that are not dead,
// so that it stays dead for both players whatever colour the dead stones
// take (what makes positions with one key share a score).
func TestDeadStones(t *testing.T) {
	for _, sz := range [][2]int{{7, 6}, {5, 4}, {4, 5}, {6, 7}} {
		g, err := connect4.New(sz[0], sz[1], 4)
		if err != nil {
			t.Fatal(err)
		}
		geo := newGeometry(g.S)
		rng := rand.New(rand.NewPCG(uint64(sz[0]), uint64(sz[1])))
		found := 0
		for range 20000 {
			b := randomBoard(g, rng, g.S.Cells()/3)
			if g.Over(b) {
				continue
			}
			dead := geo.dead(b.Current, b.Mask)
			if dead&^b.Mask != 0 {
				t.Fatalf("%dx%d %q: dead cells %x not stones", sz[0], sz[1], g.Format(b), dead&^b.Mask)
			}
			if dead != 0 {
				found++
			}
			bit := func(c, r int) uint64 { return 1 << uint(c*(sz[1]+1)+r) }
			for c := range sz[0] {
				for r := range sz[1] {
					for _, d := range [][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
						ec, er := c+3*d[0], r+3*d[1]
						if ec >= sz[0] || er < 0 || er >= sz[1] {
							continue
						}
						var line uint64
						for i := range 4 {
							line |= bit(c+i*d[0], r+i*d[1])
						}
						if line&^b.Mask == 0 || line&dead == 0 {
							continue
						}
						live := line &^ dead
						if live&b.Current == 0 || live&(b.Mask^b.Current) == 0 {
							t.Fatalf("%dx%d %q: the line %x with an empty cell holds dead stones %x and not both colours among the others", sz[0], sz[1], g.Format(b), line, line&dead)
						}
					}
				}
			}
		}
		if found == 0 {
			t.Fatalf("%dx%d: no dead stone in any sample", sz[0], sz[1])
		}
	}
}
