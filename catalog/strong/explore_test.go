package strong_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/strong"
	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/games/connect4"
	"github.com/grundy-go/grundy/games/tictactoe"
)

// sameAsExplore checks that the database's exploration of a position is
// the search's, field for field (the explorer's JSON).
func sameAsExplore(t *testing.T, d *strong.DB, inst catalog.Instance, tokens []string) {
	t.Helper()
	ex, ok := catalog.AsExplorer(inst)
	if !ok {
		t.Fatalf("%s has no explorer", inst.Spec())
	}
	want, err := ex.Explore(context.Background(), tokens, catalog.Options{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	got, err := d.Explore(tokens, 0)
	if err != nil {
		t.Fatalf("%q: %v", tokens, err)
	}
	w, _ := json.Marshal(want)
	g, _ := json.Marshal(got)
	if !bytes.Equal(w, g) {
		t.Fatalf("%q:\ndatabase %s\nsearch   %s", tokens, g, w)
	}
}

func TestExploreTicTacToe(t *testing.T) {
	dir := build(t, "tictactoe")
	inst, _ := catalog.Lookup("ttt")
	d, err := strong.OpenFor(dir, inst)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if st, err := d.Start(); err != nil || st != "........." {
		t.Errorf("start %q, %v", st, err)
	}
	n := 0
	for p := range (tictactoe.Game{}).From(0) {
		if n++; n%7 == 0 {
			sameAsExplore(t, d, inst, []string{tictactoe.Game{}.Format(p)})
		}
	}
	x, err := d.Explore(nil, 3)
	if err != nil || len(x.Moves) != 3 || x.MovesTotal != 9 || !x.MovesCounted || x.Board.Kind != catalog.BoardGrid {
		t.Errorf("three moves of the start: %+v, %v", x, err)
	}
}

func TestExploreConnect4(t *testing.T) {
	const spec = "connect4:4x4"
	dir := build(t, spec)
	inst, _ := catalog.Lookup(spec)
	d, err := strong.OpenFor(dir, inst)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	g, _ := connect4.New(4, 4, 4)
	r := rand.New(rand.NewPCG(5, 6))
	for range 100 {
		var moves []byte
		b := connect4.Board{}
		for n := 7 + r.IntN(10); len(moves) < n && !g.Over(b); {
			c := r.IntN(4)
			if !g.S.CanPlay(b, c) {
				continue
			}
			b = g.S.Play(b, c)
			moves = append(moves, byte('1'+c))
		}
		sameAsExplore(t, d, inst, []string{string(moves)})
	}
	// Another game's database, named both.
	ttt, _ := catalog.Lookup("tictactoe")
	var ge *db.GameError
	if _, err := strong.OpenFor(dir, ttt); !errors.As(err, &ge) || ge.Got != spec || ge.Want != "tictactoe" {
		t.Errorf("tictactoe over a connect4 database: %v", err)
	}
	nim, _ := catalog.Lookup("nim")
	if _, err := strong.OpenFor(dir, nim); !errors.Is(err, strong.ErrNotTierable) {
		t.Errorf("nim: %v", err)
	}
}

// TestDamaged: a damaged tier file is a *DataError, never an answer.
func TestDamaged(t *testing.T) {
	dir := build(t, "tictactoe")
	files, _ := filepath.Glob(filepath.Join(dir, "tier-*.grt"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		b[70] ^= 0x5a // in the first block
		if err := os.WriteFile(f, b, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	d, err := strong.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var de *strong.DataError
	if _, err := d.Explore([]string{"X...O...."}, 0); !errors.As(err, &de) || de.Dir != dir {
		t.Errorf("explore: %v", err)
	}
	if _, err := d.Query([]string{"X...O...."}); !errors.As(err, &de) {
		t.Errorf("query: %v", err)
	}
}
