package tier

import (
	"bytes"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games/connect4"
	"github.com/grundy-go/grundy/outcome"
)

// TestWalkerSameBytes builds Connect-4 databases with the game's fast
// path (Walker) and without it: every file is the same, byte for byte,
// and the fast path's database agrees with the retrograde analysis of
// the whole game.
func TestWalkerSameBytes(t *testing.T) {
	for _, c := range [][3]int{{4, 4, 4}, {5, 3, 3}, {3, 4, 3}} {
		g, err := connect4.New(c[0], c[1], c[2])
		if err != nil {
			t.Fatal(err)
		}
		spec := "connect4:" + g.S.String()
		fast, fastDir := build(t, g, spec, Options{})
		_, plainDir := build(t, g, spec, Options{plain: true})
		sameFiles(t, fastDir, plainDir)
		if c[0]*c[1] <= 12 {
			checkAgainstRetro(t, g, fast)
		}
	}
}

// sameFiles fails unless directories a and b hold the same files with
// the same bytes.
func sameFiles(t *testing.T, a, b string) {
	t.Helper()
	ea, err := os.ReadDir(a)
	if err != nil {
		t.Fatal(err)
	}
	eb, err := os.ReadDir(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(ea) != len(eb) {
		t.Fatalf("%s has %d files, %s %d", a, len(ea), b, len(eb))
	}
	for i, e := range ea {
		if eb[i].Name() != e.Name() {
			t.Fatalf("file %d: %s against %s", i, e.Name(), eb[i].Name())
		}
		x, err := os.ReadFile(filepath.Join(a, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		y, err := os.ReadFile(filepath.Join(b, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(x, y) {
			t.Fatalf("%s differs (%d and %d bytes)", e.Name(), len(x), len(y))
		}
	}
}

// walkingGraph is a random tier graph with a Walker made of its own
// TierUnrank, moves and TierRank: the solver's fast path on loopy tiers
// (the forward pass's sweeps to a fixed point) and on endless verdicts.
type walkingGraph struct{ *tierGraphGame }

func (g walkingGraph) WalkTier(t game.Tier, base int64, words []uint64, visit func(r int64, p int32, ok bool) error) error {
	for w, word := range words {
		for ; word != 0; word &= word - 1 {
			r := base + int64(w)<<6 | int64(bits.TrailingZeros64(word))
			p, ok := g.TierUnrank(t, r)
			if err := visit(r, p, ok); err != nil {
				return err
			}
		}
	}
	return nil
}

func (g walkingGraph) AppendMoveRanks(tiers []game.Tier, ranks []int64, p int32) ([]game.Tier, []int64) {
	for q := range g.Moves(p) {
		tiers = append(tiers, g.TierOf(q))
		ranks = append(ranks, g.TierRank(q))
	}
	return tiers, ranks
}

type walkingEndless struct{ walkingGraph }

func (g walkingEndless) EndlessOutcome(p int32) outcome.Outcome {
	return tierGraphEndless{g.tierGraphGame}.EndlessOutcome(p)
}

// TestWalkerLoopy builds random loopy tier graphs through a Walker:
// the same bytes as without one, and the retrograde analysis's values.
func TestWalkerLoopy(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for iter := range 60 {
		endless := iter%2 == 1
		g := randomTierGraph(r, 1+r.IntN(6), 1+r.IntN(12), endless)
		var plain, fast game.Tiered[int32] = g, walkingGraph{g}
		if endless {
			plain, fast = tierGraphEndless{g}, walkingEndless{walkingGraph{g}}
		}
		if _, ok := fast.(Walker[int32]); !ok {
			t.Fatal("walkingGraph is no Walker")
		}
		d, fastDir := build(t, fast, "graph", Options{Workers: 1 + iter%2})
		_, plainDir := build(t, plain, "graph", Options{Workers: 1 + iter%2})
		sameFiles(t, fastDir, plainDir)
		checkAgainstRetro(t, plain, d)
	}
}
