package tier

import (
	"context"
	"encoding/binary"
	"fmt"
	"iter"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/retro"
)

// discoverOpts sees a random tier graph through Discover: its tiers by
// number, keys that scramble the nodes (so ranks are not node order).
func discoverOpts(g *tierGraphGame) DiscoverOptions[int32] {
	return DiscoverOptions[int32]{
		TierOf: func(p int32) (game.Tier, error) { return game.Tier(g.tierOf[p]), nil },
		Key: func(dst []byte, p int32) ([]byte, error) {
			return binary.BigEndian.AppendUint32(dst, uint32(p)*2654435761), nil
		},
	}
}

// TestDiscoverAgreesWithRetro: random loopy and acyclic tier graphs,
// their tiers discovered from the start alone, solved tier by tier, equal
// the retrograde analysis of the original game's whole graph.
func TestDiscoverAgreesWithRetro(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for iter := range 200 {
		endless := iter%3 == 2
		g := randomTierGraph(r, 1+r.IntN(6), 1+r.IntN(12), endless)
		var orig game.Tiered[int32] = g
		if endless {
			orig = tierGraphEndless{g}
		}
		disc, err := Discover[int32](context.Background(), orig, 0, discoverOpts(g))
		if err != nil {
			t.Fatal(err)
		}
		d, _ := build(t, disc.WithEndless(), "discovered", Options{Workers: 1 + iter%2})
		w := newWhole(orig)
		var e game.Enumerable[int32] = w
		if endless {
			e = wholeEndless[int32]{w}
		}
		tab, err := retro.SolveGame(context.Background(), e, retro.GameOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if disc.Positions() != int64(len(w.pos)) || d.Stats().Total.Positions() != int64(len(w.pos)) {
			t.Fatalf("%d: discovered %d positions, the database holds %d, %d are reachable", iter, disc.Positions(), d.Stats().Total.Positions(), len(w.pos))
		}
		for _, p := range w.pos {
			tr, rank := disc.TierOf(p), disc.TierRank(p)
			if tr != orig.TierOf(p) {
				t.Fatalf("%d: %d is in tier %d, discovered in %d", iter, p, orig.TierOf(p), tr)
			}
			key, _ := discoverOpts(g).Key(nil, p)
			if kr, ok := disc.Rank(tr, key); !ok || kr != rank {
				t.Fatalf("%d: %d has rank %d, by its key %d %v", iter, p, rank, kr, ok)
			}
			if q, ok := disc.TierUnrank(tr, rank); !ok || q != p {
				t.Fatalf("%d: unrank(%d, %d) = %d %v, want %d", iter, tr, rank, q, ok, p)
			}
			o, rem, ok, err := d.Lookup(uint64(tr), rank)
			wo, wrem, _ := tab.Lookup(p)
			if err != nil || !ok || o != wo || rem != wrem {
				t.Fatalf("%d: %d: %v %d (%v %v), retro says %v %d", iter, p, o, rem, ok, err, wo, wrem)
			}
		}
		// Keys come sorted, and TierLoopy says whether moves stay.
		for _, tr := range disc.Tiers() {
			var prev []byte
			n := 0
			for k := range disc.Keys(tr) {
				if prev != nil && string(prev) >= string(k) {
					t.Fatalf("%d: tier %d's keys are not sorted", iter, tr)
				}
				prev, n = k, n+1
			}
			if int64(n) != disc.TierSize(tr) {
				t.Fatalf("%d: tier %d has %d keys and %d ranks", iter, tr, n, disc.TierSize(tr))
			}
		}
	}
}

// backGame moves 0 → 1 → 2 → 0 with tiers 0, 1, 2 by node: the last
// move goes back to an earlier tier.
type backGame struct{}

func (backGame) Moves(p int) iter.Seq[int] {
	return func(yield func(int) bool) { yield((p + 1) % 3) }
}

func TestDiscoverErrors(t *testing.T) {
	ctx := context.Background()
	opts := DiscoverOptions[int]{
		TierOf: func(p int) (game.Tier, error) { return game.Tier(p), nil },
		Key:    func(dst []byte, p int) ([]byte, error) { return append(dst, byte(p)), nil },
		Format: func(p int) string { return fmt.Sprintf("<%d>", p) },
	}
	_, err := Discover[int](ctx, backGame{}, 0, opts)
	if err == nil || !strings.Contains(err.Error(), "the move <2> → <0> goes from tier 2 to the earlier tier 0") {
		t.Errorf("a move back: %v", err)
	}
	same := opts
	same.TierOf = func(int) (game.Tier, error) { return 0, nil }
	same.Key = func(dst []byte, p int) ([]byte, error) { return append(dst, byte(p%2)), nil }
	if _, err := Discover[int](ctx, backGame{}, 0, same); err == nil || !strings.Contains(err.Error(), "have the same key") {
		t.Errorf("equal keys: %v", err)
	}
	bad := opts
	bad.TierOf = func(p int) (game.Tier, error) {
		if p == 2 {
			return 0, fmt.Errorf("no tier for <2>")
		}
		return game.Tier(p), nil
	}
	if _, err := Discover[int](ctx, backGame{}, 0, bad); err == nil || err.Error() != "no tier for <2>" {
		t.Errorf("tier error: %v", err)
	}
	mem := opts
	mem.Memory = budget.NewBytes(1000)
	mem.TierOf = func(int) (game.Tier, error) { return 0, nil }
	if _, err := Discover[int](ctx, backGame{}, 0, mem); err == nil || !strings.Contains(err.Error(), "memory budget") {
		t.Errorf("memory: %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Discover[int](cctx, backGame{}, 0, opts); err != context.Canceled {
		t.Errorf("cancelled: %v", err)
	}
}
