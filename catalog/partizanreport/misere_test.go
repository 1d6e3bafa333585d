package partizanreport_test

import (
	"iter"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/grundy-go/grundy/games/partizan/domineering"
	"github.com/grundy-go/grundy/games/partizan/toads"
)

// plainMisere decides positions under misère play by trying every line of
// play on whole positions, with the game's own moves: a player with no
// move wins. It shares nothing with the misère forms.
type plainMisere[P comparable] struct {
	left, right func(P) iter.Seq[P]
	memo        map[P][2]int8
}

func newPlain[P comparable](left, right func(P) iter.Seq[P]) *plainMisere[P] {
	return &plainMisere[P]{left: left, right: right, memo: map[P][2]int8{}}
}

// wins reports whether the player (0 Left, 1 Right) wins moving first.
func (w *plainMisere[P]) wins(p P, side int) bool {
	m := w.memo[p]
	if m[side] != 0 {
		return m[side] > 0
	}
	moves := w.left
	if side == 1 {
		moves = w.right
	}
	win, moved := false, false
	for q := range moves(p) {
		moved = true
		if !w.wins(q, 1-side) {
			win = true
			break
		}
	}
	win = win || !moved
	m = w.memo[p]
	m[side] = 1
	if !win {
		m[side] = -1
	}
	w.memo[p] = m
	return win
}

func (w *plainMisere[P]) outcome(p P) string {
	switch l, r := w.wins(p, 0), w.wins(p, 1); {
	case l && r:
		return "N"
	case l:
		return "L"
	case r:
		return "R"
	}
	return "P"
}

func solveMisere(t *testing.T, spec, pos string) *catalog.Report {
	t.Helper()
	inst, err := catalog.Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	f, ok := inst.(reports.MisereFormer)
	if !ok {
		t.Fatalf("%s has no misère forms", spec)
	}
	r, err := reports.SolveMiserePartizan(t.Context(), f, strings.Fields(pos), catalog.Options{})
	if err != nil {
		t.Fatalf("%s %s --misere: %v", spec, pos, err)
	}
	return r
}

// TestMisereDomineering checks the misère outcome and winning moves of
// Domineering boards up to 4×4, empty and with cells filled at random,
// against plain search of the whole board. The forms are built from
// regions, some of them transposed (partizan.Negation): a region's form
// must then be conjugated, which an earlier version missed (4×4 came out
// L, not N).
func TestMisereDomineering(t *testing.T) {
	var g domineering.Game
	w := newPlain(g.LeftMoves, g.RightMoves)
	rng := rand.New(rand.NewPCG(21, 22))
	seen := map[string]int{}
	for rows := 1; rows <= 4; rows++ {
		for cols := 1; cols <= 4; cols++ {
			for i := range 6 {
				b, err := domineering.Empty(rows, cols)
				if err != nil {
					t.Fatal(err)
				}
				if i > 0 {
					b.Filled = rng.Uint64() & rng.Uint64() & (1<<(rows*cols) - 1)
				}
				pos := b.String()
				r := solveMisere(t, "domineering", pos)
				want := w.outcome(b)
				seen[want]++
				if r.Outcome != want {
					t.Fatalf("domineering %s --misere: outcome %s, plain search %s", pos, r.Outcome, want)
				}
				var moves []string
				for q := range g.LeftMoves(b) {
					if !w.wins(q, 1) {
						moves = append(moves, "L: "+q.String())
					}
				}
				for q := range g.RightMoves(b) {
					if !w.wins(q, 0) {
						moves = append(moves, "R: "+q.String())
					}
				}
				got := slices.Sorted(slices.Values(r.WinningMoves))
				slices.Sort(moves)
				if !slices.Equal(got, moves) {
					t.Fatalf("domineering %s --misere: winning moves %q, plain search %q", pos, got, moves)
				}
			}
		}
	}
	for _, o := range []string{"L", "R", "N", "P"} {
		if seen[o] == 0 {
			t.Errorf("no board of outcome %s: the test is too narrow (%v)", o, seen)
		}
	}
}

// TestMisereToads checks misère outcomes of random Toads and Frogs
// strips against plain search of the whole strip (Clobber's test is in
// its package: importing it here would register it for this package's
// other tests).
func TestMisereToads(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	tf := newPlain(toads.Standard.LeftMoves, toads.Standard.RightMoves)
	seen := map[string]int{}
	for range 300 {
		var b strings.Builder
		for range 2 + rng.IntN(7) {
			b.WriteByte("TF.."[rng.IntN(4)])
		}
		strip := b.String()
		r := solveMisere(t, "toads-and-frogs", strip)
		if want := tf.outcome(strip); r.Outcome != want {
			t.Fatalf("toads-and-frogs %s --misere: outcome %s, plain search %s", strip, r.Outcome, want)
		}
		seen[r.Outcome]++
	}
	for _, o := range []string{"L", "R", "N", "P"} {
		if seen[o] == 0 {
			t.Errorf("no position of outcome %s: the test is too narrow (%v)", o, seen)
		}
	}
}
