package examples

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// everySG searches the Every-SG game of HDU 3595 literally: a position is
// a list of Euclid pairs, a move moves every pair that is not over (a
// positive multiple of the smaller taken from the larger), and the player
// who cannot move loses. Nothing here knows of suspense numbers.
type everySG map[string]bool

func euclidMoves(p [2]int) [][2]int {
	a, b := min(p[0], p[1]), max(p[0], p[1])
	var out [][2]int
	if a == 0 {
		return nil
	}
	for k := 1; k*a <= b; k++ {
		c := b - k*a
		out = append(out, [2]int{min(a, c), max(a, c)})
	}
	return out
}

func sgKey(ps [][2]int) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = fmt.Sprintf("%d %d", p[0], p[1])
	}
	return strings.Join(parts, " / ")
}

func (w everySG) options(ps [][2]int) [][][2]int {
	out := [][][2]int{slices.Clone(ps)}
	moved := false
	for i, p := range ps {
		ms := euclidMoves(p)
		if len(ms) == 0 {
			continue
		}
		moved = true
		var next [][][2]int
		for _, o := range out {
			for _, m := range ms {
				c := slices.Clone(o)
				c[i] = m
				next = append(next, c)
			}
		}
		out = next
	}
	if !moved {
		return nil
	}
	return out
}

func (w everySG) wins(ps [][2]int) bool {
	k := sgKey(ps)
	if v, ok := w[k]; ok {
		return v
	}
	win := false
	for _, o := range w.options(ps) {
		if !w.wins(o) {
			win = true
			break
		}
	}
	w[k] = win
	return win
}

// TestEverySG: the script under --compound continued against the literal
// game, outcome and winning moves, on random sets of two or three pairs.
func TestEverySG(t *testing.T) {
	inst, err := catalog.Lookup("everysg.star")
	if err != nil {
		t.Fatal(err)
	}
	cs, ok := inst.(catalog.CompoundSolver)
	if !ok {
		t.Fatal("a script is not a CompoundSolver")
	}
	kind, err := catalog.ParseCompound("continued")
	if err != nil {
		t.Fatal(err)
	}
	w := everySG{}
	rng := rand.New(rand.NewPCG(35, 95))
	for range 150 {
		n := 1 + rng.IntN(3)
		ps := make([][2]int, n)
		comps := make([][]string, n)
		for i := range ps {
			a, b := rng.IntN(9), 1+rng.IntN(12)
			ps[i] = [2]int{min(a, b), max(a, b)}
			comps[i] = []string{fmt.Sprintf("%d,%d", a, b)}
		}
		r, err := cs.SolveCompound(context.Background(), kind, comps, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		want := "P"
		if w.wins(ps) {
			want = "N"
		}
		var moves []string
		for _, o := range w.options(ps) {
			if !w.wins(o) {
				moves = append(moves, sgKey(o))
			}
		}
		got := slices.Clone(r.WinningMoves)
		slices.Sort(got)
		slices.Sort(moves)
		if r.Outcome != want || r.Position != sgKey(ps) || !slices.Equal(got, moves) {
			t.Fatalf("%s: %s with moves %q, the literal game says %s with %q", sgKey(ps), r.Outcome, got, want, moves)
		}
	}
}
