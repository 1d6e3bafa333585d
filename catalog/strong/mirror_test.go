package strong_test

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/strong"
	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/games/connect4"
	"github.com/grundy-go/grundy/games/tictactoe"
)

// mirrorMoves is a Connect-4 move string played in the mirrored columns.
func mirrorMoves(w int, s string) string {
	b := []byte(s)
	for i, c := range b {
		b[i] = byte('1'+w-1) - (c - '1')
	}
	return string(b)
}

// randomPlay is a random game of at least min moves (fewer if it ends).
func randomPlay(r *rand.Rand, g connect4.Game, min, spread int) string {
	var moves []byte
	b := connect4.Board{}
	for n := min + r.IntN(spread); len(moves) < n && !g.Over(b); {
		c := r.IntN(g.S.W)
		if !g.S.CanPlay(b, c) {
			continue
		}
		b = g.S.Play(b, c)
		moves = append(moves, byte('1'+c))
	}
	return string(moves)
}

// TestConnect4Mirror: the database ranks one board of each mirror pair
// (connect4 ranking v2), so a position and its mirror image are one
// record. They answer the same, with the winning moves mirrored, and
// both equal the plain search (grundy solve), on 4x4 and on 5x4 (an odd
// width: a middle column, palindromic heights with a stone in it).
func TestConnect4Mirror(t *testing.T) {
	for _, c := range []struct {
		w, h, positions, samples int
		spec                     string
	}{{4, 4, 161029, 60, "connect4:4x4"}, {5, 4, 3945711, 25, "connect4:5x4"}} {
		dir := build(t, c.spec)
		d, err := strong.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		inst, _ := catalog.Lookup(c.spec)
		g, _ := connect4.New(c.w, c.h, 4)
		r := rand.New(rand.NewPCG(3, 4))
		for range c.samples {
			p := randomPlay(r, g, 9, 8)
			m := mirrorMoves(c.w, p)
			sameAsSolve(t, d, inst, []string{p})
			sameAsSolve(t, d, inst, []string{m})
			a, err1 := d.Query([]string{p})
			b, err2 := d.Query([]string{m})
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if a.Outcome != b.Outcome || (a.Remoteness == nil) != (b.Remoteness == nil) || (a.Remoteness != nil && *a.Remoteness != *b.Remoteness) {
				t.Fatalf("%s %s: %+v; mirror image %s: %+v", c.spec, p, a, m, b)
			}
			var mirrored []string
			for _, w := range a.WinningMoves {
				mirrored = append(mirrored, mirrorMoves(c.w, w))
			}
			slices.Sort(mirrored)
			got := slices.Sorted(slices.Values(b.WinningMoves))
			if !slices.Equal(mirrored, got) {
				t.Fatalf("%s %s wins by %v; its mirror image %s by %v", c.spec, p, a.WinningMoves, m, b.WinningMoves)
			}
		}
		d.Close()
		st, err := strong.ReadStats(dir)
		if err != nil || st.Positions != int64(c.positions) {
			t.Fatalf("%s stats: %d positions, %v; Tromp counts %d", c.spec, st.Positions, err, c.positions)
		}
		// About half as many records as positions, and the blocks hold
		// at most a byte a position before compression.
		if st.Records*2 < st.Positions || st.Records >= st.Positions || st.RawPerPosition > 1 {
			t.Errorf("%s: %d records for %d positions, %.3f bytes a position before compression", c.spec, st.Records, st.Positions, st.RawPerPosition)
		}
		t.Logf("%s: %d positions, %d records, %d ranks, %.3f bytes a position before compression, %d on disk",
			c.spec, st.Positions, st.Records, sumRanks(st), st.RawPerPosition, st.Bytes)
	}
}

func sumRanks(st *strong.Stats) int64 {
	var n int64
	for _, t := range st.Tiers {
		n += t.Ranks
	}
	return n
}

// TestFormat1 reads databases written in format 1 (a record for every
// rank) by the grundy before format 2, kept in testdata. Both were built
// with rankings since replaced (tic-tac-toe's before its symmetry,
// Connect-4's before the mirror symmetry), so the front end refuses them,
// never reading them with the new ranks; package db still reads their
// records: tic-tac-toe's, by the ranking it was built with, every
// reachable board's record is its value in a new build.
func TestFormat1(t *testing.T) {
	v1ttt := filepath.Join("testdata", "v1-tictactoe")
	old, err := db.Open(v1ttt, "tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	if old.Manifest().Format != 1 {
		t.Fatalf("the fixture is format %d", old.Manifest().Format)
	}
	const wantTTT = "built with tictactoe ranking v1; rebuild"
	if _, err := strong.Open(v1ttt); err == nil || !strings.Contains(err.Error(), wantTTT) {
		t.Errorf("Open of a tictactoe database of ranking v1: %v; want %q", err, wantTTT)
	}
	dir := build(t, "tictactoe")
	cur, err := strong.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer cur.Close()
	if cur.Manifest().Format != db.WriteFormat {
		t.Fatalf("a new build is format %d", cur.Manifest().Format)
	}
	g := tictactoe.Game{}
	for p := range g.From(0) {
		// Ranking v1's rank: the board's own (the representative of a
		// board's orbit is one of its images, ranked the same way).
		v1rank := v1Rank(p)
		o, rem, ok, err := old.Lookup(uint64(g.TierOf(p)), v1rank)
		b, err2 := cur.Query([]string{g.Format(p)})
		if err != nil || err2 != nil || !ok || o.String() != b.Outcome || (b.Remoteness == nil) != (rem == db.NoRemoteness) ||
			(b.Remoteness != nil && uint32(*b.Remoteness) != rem) {
			t.Fatalf("%s: format 1 %v %d %v %v, format %d %+v %v", g.Format(p), o, rem, ok, err, db.FormatVersion, b, err2)
		}
	}
	for _, dir := range []string{v1ttt, dir} {
		st, err := strong.ReadStats(dir)
		if err != nil || st.Positions != 5478 || st.Outcomes != (strong.Outcomes{N: 2836, P: 1574, D: 1068}) {
			t.Fatalf("%s: %+v, %v", dir, st, err)
		}
	}
	v1 := filepath.Join("testdata", "v1-connect4-4x4")
	const want = "built with connect4 ranking v1; rebuild"
	if _, err := strong.Open(v1); err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
		t.Errorf("Open of a connect4 database of ranking v1: %v; want %q", err, want)
	}
	if _, err := strong.Query(v1, []string{"1122"}); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Query: %v", err)
	}
	inst, _ := catalog.Lookup("connect4:4x4")
	if _, err := strong.OpenFor(v1, inst); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("OpenFor: %v", err)
	}
	// A build into it is refused too, not mixed with the old files.
	tmp := t.TempDir()
	if err := os.CopyFS(tmp, os.DirFS(v1)); err != nil {
		t.Fatal(err)
	}
	if _, err := strong.Build(context.Background(), inst, tmp, strong.BuildOptions{}); err == nil {
		t.Error("a build into a format 1 database of the same game was not refused")
	}
}

// v1Rank is tic-tac-toe's rank of ranking v1 (each board its own): the
// rank of the occupied cells among the sets of their size times
// C(n, ceil(n/2)), plus the rank of the X's among the occupied cells, in
// the combinatorial number system.
func v1Rank(p tictactoe.Pos) int64 {
	binom := func(n, k int) int64 {
		if k < 0 || k > n {
			return 0
		}
		r := int64(1)
		for i := range k {
			r = r * int64(n-i) / int64(i+1)
		}
		return r
	}
	colex := func(s uint32) int64 {
		var r int64
		k := 0
		for i := range 9 {
			if s>>i&1 == 1 {
				k++
				r += binom(i, k)
			}
		}
		return r
	}
	occ := p.X() | p.O()
	var xs uint32
	i, n := 0, 0
	for c := range 9 {
		if occ>>c&1 == 1 {
			if p.X()>>c&1 == 1 {
				xs |= 1 << i
			}
			i++
			n++
		}
	}
	return colex(occ)*binom(n, (n+1)/2) + colex(xs)
}
