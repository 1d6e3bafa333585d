package wythoff

import (
	"fmt"
	"math/big"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
)

// The misère closed form against the witness (the definition on the
// game's moves) on every pair up to 60, outcome and winning moves; the
// search (--method search) on a sample.
func TestMisereAgainstSearch(t *testing.T) {
	w := catalogtest.NewMisereWitness(func(p Pos) []Pos { return slices.Collect(Game{}.Moves(p)) },
		func(p Pos) string { return fmt.Sprintf("%d %d", p.A, p.B) })
	for a := 0; a <= 60; a++ {
		for b := 0; b <= 60; b++ {
			p := Pos{A: a, B: b}
			if got, want := MisereIsP(big.NewInt(int64(a)), big.NewInt(int64(b))), !w.Wins(p); got != want {
				t.Fatalf("(%d, %d): MisereIsP %v, the witness %v", a, b, got, want)
			}
			var moves []string
			for _, m := range MisereWinningMoves(big.NewInt(int64(a)), big.NewInt(int64(b))) {
				moves = append(moves, m[0].String()+" "+m[1].String())
			}
			slices.Sort(moves)
			if want := w.Winning(p); !slices.Equal(moves, want) {
				t.Fatalf("(%d, %d): winning moves %q, the witness %q", a, b, moves, want)
			}
			if a <= 12 && b <= 12 {
				tok := []string{fmt.Sprint(a), fmt.Sprint(b)}
				catalogtest.CheckMisere(t, instance{}, tok, catalog.Options{}, w, p)
				catalogtest.CheckMisere(t, instance{}, tok, catalog.Options{Method: catalog.Search}, w, p)
			}
		}
	}
	// Heaps of any size: the closed form alone.
	r, err := instance{}.SolveMisere(t.Context(), []string{"1000000000000", "1618033988749"}, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Remoteness != nil || r.Grundy != nil {
		t.Errorf("huge heaps: remoteness %v grundy %v, want null", r.Remoteness, r.Grundy)
	}
}
