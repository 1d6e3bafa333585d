package tier

import (
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games/connect4"
)

// TestReadBackSameBytes builds databases keeping none, or only a few
// bytes, of the solved tiers' records for their parents, so that
// parents read their children's records back from the files, and kept
// records are dropped before later tiers: every file is the same, byte
// for byte, as the build that keeps them all.
func TestReadBackSameBytes(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for iter := range 60 {
		endless := iter%2 == 1
		base := randomTierGraph(r, 2+r.IntN(5), 1+r.IntN(14), endless)
		u := newUnmovingGraph(r, base)
		var g game.Tiered[int32] = u
		if endless {
			g = unmovingEndless{u}
		}
		workers := 1 + iter%2
		_, kept := build(t, g, "graph", Options{Workers: workers})
		_, none := build(t, g, "graph", Options{Workers: workers, keepNone: true})
		sameFiles(t, kept, none)
		_, some := build(t, g, "graph", Options{Workers: workers, keepBytes: 1 + r.Int64N(40), graphLoopy: iter%3 == 0})
		sameFiles(t, kept, some)
	}
	g, err := connect4.New(4, 4, 4)
	if err != nil {
		t.Fatal(err)
	}
	_, kept := build(t, g, "connect4:4x4", Options{})
	for _, o := range []Options{{keepNone: true}, {keepBytes: 2000}, {keepBytes: 20000}} {
		_, other := build(t, g, "connect4:4x4", o)
		sameFiles(t, kept, other)
	}
}
