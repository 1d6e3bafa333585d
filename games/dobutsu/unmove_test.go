package dobutsu

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/tier"
)

// TestUnmovesUndoMoves: for positions met on random games and random
// positions, every move's position lists the position it came from
// among its un-moves (the very position, not only one of its orbit),
// and every un-move of a position has that position among its moves.
func TestUnmovesUndoMoves(t *testing.T) {
	g := New(Standard)
	rng := rand.New(rand.NewPCG(11, 12))
	ps := playouts(g, 20000, 13)
	for range 20000 {
		ps = append(ps, randomPos(rng, Standard))
	}
	var ms, us []Pos
	checked := 0
	for _, p := range ps {
		ms = g.AppendMoves(ms[:0], p)
		for _, q := range ms {
			us = g.AppendUnmoves(us[:0], q)
			if !slices.Contains(us, p) {
				t.Fatalf("%s → %s: the un-moves of %s leave out %s", g.Format(p), g.Format(q), g.Format(q), g.Format(p))
			}
			checked++
		}
		for _, u := range g.AppendUnmoves(us[:0], p) {
			if !slices.Contains(g.AppendMoves(nil, u), p) {
				t.Fatalf("%s is an un-move of %s but has no move to it", g.Format(u), g.Format(p))
			}
			checked++
		}
	}
	t.Logf("%d moves and un-moves checked", checked)
}

// TestUnmovesExactly: in the games with fewer pieces, whose positions
// reachable from the start are few enough to list (no symmetry), each
// one's un-moves that play reaches are exactly the reachable positions
// with a move to it, each once.
func TestUnmovesExactly(t *testing.T) {
	for _, r := range []Rules{{0, 0, 2}, {2, 0, 0}, {0, 2, 0}} {
		g := New(r)
		seen := map[Pos]bool{g.Start(): true}
		order := []Pos{g.Start()}
		parents := map[Pos][]Pos{}
		for i := 0; i < len(order); i++ {
			p := order[i]
			for _, q := range g.AppendMoves(nil, p) {
				if !slices.Contains(parents[q], p) {
					parents[q] = append(parents[q], p)
				}
				if !seen[q] {
					seen[q] = true
					order = append(order, q)
				}
			}
		}
		for _, q := range order {
			var got []Pos
			for _, u := range g.AppendUnmoves(nil, q) {
				if slices.Contains(got, u) {
					t.Fatalf("%v: %s: the un-move %s twice", r, g.Format(q), g.Format(u))
				}
				got = append(got, u)
			}
			got = slices.DeleteFunc(got, func(u Pos) bool { return !seen[u] })
			want := parents[q]
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("%v: %s: reachable un-moves %d, reachable parents %d", r, g.Format(q), len(got), len(want))
			}
		}
		t.Logf("%v: %d positions reachable", r, len(order))
	}
}

// graphPath is the game without its un-moves: the method of that name
// with another signature hides Game's, so the tier solver solves the
// loopy tier by its graph.
type graphPath struct{ *Game }

func (graphPath) AppendUnmoves() {}

// TestUnmoveDatabaseSameBytes: the games with fewer pieces built by
// un-moves and by the tier's graph give the same files, byte for byte
// (TestDatabaseAgainstPlain checks their values against the plain
// analysis).
func TestUnmoveDatabaseSameBytes(t *testing.T) {
	if _, ok := any(graphPath{}).(game.TierUnmover[Pos]); ok {
		t.Fatal("graphPath still lists un-moves")
	}
	cases := []Rules{{0, 0, 2}, {2, 0, 0}, {0, 2, 0}}
	if os.Getenv("GRUNDY_DOBUTSU_LONG") != "" {
		cases = append(cases, Rules{2, 2, 0}, Rules{2, 0, 2})
	}
	for _, r := range cases {
		g := New(r)
		a := buildFiles(t, g, g)
		b := buildFiles(t, g, graphPath{g})
		if len(a) != len(b) {
			t.Fatalf("%v: %d files by un-moves, %d by the graph", r, len(a), len(b))
		}
		for name, data := range a {
			if !bytes.Equal(data, b[name]) {
				t.Fatalf("%v: %s differs between the un-move and the graph builds", r, name)
			}
		}
	}
}

// buildFiles builds tg (g or a wrapper of it) and reads every file of
// the database.
func buildFiles(t *testing.T, g *Game, tg game.Tiered[Pos]) map[string][]byte {
	t.Helper()
	dir := t.TempDir()
	b, err := db.Create(dir, g.Spec())
	if err != nil {
		t.Fatal(err)
	}
	_, err = tier.Solve(context.Background(), tg, b, tier.Options{Workers: 2})
	b.Close()
	if err != nil {
		t.Fatal(err)
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, e := range ents {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = data
	}
	return files
}
