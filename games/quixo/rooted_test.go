package quixo

import (
	"context"
	"iter"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/retro"
)

// listedTerminal lists the positions reachable from root (From), for
// retro.SolveGame to read.
type listedTerminal struct {
	*Game
	root Pos
}

func (l listedTerminal) Positions() iter.Seq[Pos] { return l.From(l.root) }

// TestRootedSameAsListed: retro.SolveFrom, finding the positions itself
// from the root, numbers them as From lists them for retro.SolveGame and
// gives every one the same outcome and remoteness; and under a memory
// budget it charges no less.
func TestRootedSameAsListed(t *testing.T) {
	g := mustGame(t, 3)
	for _, s := range []string{"", "X...O....:X", "XO.OX....:O", "XX.OO....:X"} {
		root, err := g.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		memA, memB := budget.NewBytes(1<<30), budget.NewBytes(1<<30)
		a, err := retro.SolveFrom[Pos](context.Background(), g, root, retro.GameOptions{Memory: memA})
		if err != nil {
			t.Fatal(err)
		}
		b, err := retro.SolveGame[Pos](context.Background(), listedTerminal{g, root}, retro.GameOptions{Memory: memB})
		if err != nil {
			t.Fatal(err)
		}
		if a.Len() != b.Len() || a.Len() < 100 {
			t.Fatalf("%q: %d positions from the root, %d listed", s, a.Len(), b.Len())
		}
		for v := range a.Len() {
			p := a.Position(v)
			if q := b.Position(v); q != p {
				t.Fatalf("%q: position %d is %s from the root, %s listed", s, v, g.Format(p), g.Format(q))
			}
			oa, ra, _ := a.Lookup(p)
			ob, rb, _ := b.Lookup(p)
			if oa != ob || ra != rb {
				t.Fatalf("%q: %s is %v in %d from the root, %v in %d listed", s, g.Format(p), oa, ra, ob, rb)
			}
		}
		if memA.Used() < memB.Used() {
			t.Errorf("%q: %d bytes charged from the root, %d listed", s, memA.Used(), memB.Used())
		}
	}
}
