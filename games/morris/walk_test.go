package morris

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/tier"
)

// TestWalkTier: WalkTier gives what TierUnrank gives, rank by rank, on
// random runs of marked ranks (dense and sparse, from random bases) of
// every tier of every variant, ranks past the tier's end and tiers that
// fold into another among them.
func TestWalkTier(t *testing.T) {
	if _, ok := any((*Game)(nil)).(tier.Walker[Pos]); !ok {
		t.Fatal("*Game is not a tier.Walker")
	}
	rng := rand.New(rand.NewPCG(34, 14))
	visited, legal := 0, 0
	for _, g := range unmoveGames(t) {
		var tiers []game.Tier
		for wh := 0; wh <= g.Men; wh++ {
			for bh := 0; bh <= g.Men; bh++ {
				for wb := 0; wb+wh <= g.Men; wb++ {
					for bb := 0; bb+bh <= g.Men && wb+bb <= g.Board.N(); bb++ {
						tiers = append(tiers, MakeTier(wh, bh, wb, bb))
					}
				}
			}
		}
		for range 60 {
			tr := tiers[rng.IntN(len(tiers))]
			size := max(g.TierSize(tr), 1)
			base := rng.Int64N(size+64) &^ 63
			words := make([]uint64, 1+rng.IntN(40))
			for i := range words {
				if rng.IntN(3) == 0 {
					words[i] = ^uint64(0)
				} else {
					words[i] = rng.Uint64() & rng.Uint64()
				}
			}
			last := int64(-1)
			err := g.WalkTier(tr, base, words, func(r int64, p Pos, ok bool) error {
				if r <= last || words[(r-base)>>6]>>((r-base)&63)&1 == 0 {
					t.Fatalf("%s %s: rank %d visited after %d, or not marked", g.Spec(), g.TierName(tr), r, last)
				}
				last = r
				q, qok := g.TierUnrank(tr, r)
				if p != q || ok != qok {
					t.Fatalf("%s %s rank %d: WalkTier %x %v, TierUnrank %x %v", g.Spec(), g.TierName(tr), r, p, ok, q, qok)
				}
				visited++
				if ok {
					legal++
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	if visited < 100000 || legal < 10000 {
		t.Errorf("only %d ranks walked, %d of them legal", visited, legal)
	}
}

// TestAppendMoveRanks: AppendMoveRanks is each move's TierOf and
// TierRank in AppendMoves' order, on positions of random games, random
// positions (legal or not) and nearly symmetric ones of every variant.
func TestAppendMoveRanks(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 15))
	n := 0
	for _, g := range unmoveGames(t) {
		var tiers, wantT []game.Tier
		var ranks, wantR []int64
		var ms []Pos
		for _, p := range testPositions(g, rng, 10, 1000) {
			tiers, ranks = g.AppendMoveRanks(tiers[:0], ranks[:0], p)
			wantT, wantR = wantT[:0], wantR[:0]
			for _, q := range g.AppendMoves(ms[:0], p) {
				wantT = append(wantT, g.TierOf(q))
				wantR = append(wantR, g.TierRank(q))
			}
			if !slices.Equal(tiers, wantT) || !slices.Equal(ranks, wantR) {
				t.Fatalf("%s: %s: AppendMoveRanks %v %v, want %v %v", g.Spec(), g.Format(p), tiers, ranks, wantT, wantR)
			}
			n += len(ranks)
		}
	}
	if n < 10000 {
		t.Errorf("only %d moves compared", n)
	}
}

// plainPath is the game without its fast paths for the tier solver
// (Walker, DistinctMoves): methods of those names with other signatures
// hide Game's.
type plainPath struct{ *Game }

func (plainPath) WalkTier()        {}
func (plainPath) AppendMoveRanks() {}
func (plainPath) MovesDistinct()   {}

// TestFastPathsSameBytes: databases built with the tier solver's fast
// paths (Walker, DistinctMoves) and without them are the same files,
// byte for byte, on three men's morris (each variant), six men's board
// with three men each under Lasker's rule (flying and not), and an
// endgame of six men's morris with four men each.
func TestFastPathsSameBytes(t *testing.T) {
	for _, ok := range []bool{
		func() bool { _, ok := any(plainPath{}).(tier.Walker[Pos]); return ok }(),
		func() bool { _, ok := any(plainPath{}).(tier.DistinctMoves[Pos]); return ok }(),
	} {
		if ok {
			t.Fatal("plainPath still has a fast path")
		}
	}
	var gs []*Game
	for _, spec := range []string{"3", "3:fly", "3:diag"} {
		gs = append(gs, mustGame(t, spec))
	}
	for _, c := range unmoveRules {
		if c.rules.Men == 3 {
			gs = append(gs, New(c.spec, c.rules))
		}
	}
	type build struct {
		g     *Game
		start Pos
	}
	var bs []build
	for _, g := range gs {
		bs = append(bs, build{g, g.Start()})
	}
	g6 := mustGame(t, "6")
	bs = append(bs, build{g6, endgamePosition(t, g6, rand.New(rand.NewPCG(6, 34)), 4, 4)})
	for _, c := range bs {
		g := c.g
		a, na := buildFilesFrom(t, g, g, "levels", c.start)
		b, nb := buildFilesFrom(t, g, plainPath{g}, "levels", c.start)
		if len(a) != len(b) || na != nb {
			t.Fatalf("%s: %d files and %d positions with the fast paths, %d and %d without", g.Spec(), len(a), na, len(b), nb)
		}
		for name, data := range a {
			if !bytes.Equal(data, b[name]) {
				t.Fatalf("%s: %s differs between the builds with and without the fast paths", g.Spec(), name)
			}
		}
		t.Logf("%s from %s: %d files, %d positions, the same bytes", g.Spec(), g.Format(c.start), len(a), na)
	}
}
