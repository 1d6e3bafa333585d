package catalogtest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// HeapWitness solves sums of heaps by the definitions alone, the second
// witness of heap games' closed forms and searches: a position is won when
// some move leaves a position lost for the opponent (under misère play,
// the player who cannot move wins), and its remoteness is 0 at the end,
// 1 + the least remoteness of a move to a lost position when winning,
// else 1 + the greatest (Winning Ways ch. 9). Next gives the heap sizes a
// heap of h may become in one move.
type HeapWitness struct {
	Next   func(h int) []int
	Misere bool
	memo   map[string][2]int
}

// NewHeapWitness returns a witness for the heap game whose moves Next gives.
func NewHeapWitness(next func(h int) []int, misere bool) *HeapWitness {
	return &HeapWitness{Next: next, Misere: misere, memo: map[string][2]int{}}
}

// Moves lists the positions one move leaves, heap by heap.
func (w *HeapWitness) Moves(heaps []int) [][]int {
	var out [][]int
	for i, h := range heaps {
		for _, k := range w.Next(h) {
			next := slices.Clone(heaps)
			next[i] = k
			out = append(out, next)
		}
	}
	return out
}

// Solve says whether the player to move wins, and the remoteness.
func (w *HeapWitness) Solve(heaps []int) (win bool, rem int) {
	key := fmt.Sprint(heaps)
	if e, ok := w.memo[key]; ok {
		return e[0] == 1, e[1]
	}
	bestWin, worst, moved := -1, 0, false
	for _, next := range w.Moves(heaps) {
		moved = true
		wn, r := w.Solve(next)
		if !wn && (bestWin < 0 || r < bestWin) {
			bestWin = r
		}
		worst = max(worst, r)
	}
	switch {
	case !moved:
		win, rem = w.Misere, 0
	case bestWin >= 0:
		win, rem = true, bestWin+1
	default:
		win, rem = false, worst+1
	}
	b := 0
	if win {
		b = 1
	}
	w.memo[key] = [2]int{b, rem}
	return win, rem
}

// Winning lists the positions a winning move leaves.
func (w *HeapWitness) Winning(heaps []int) []string {
	var out []string
	for _, next := range w.Moves(heaps) {
		if win, _ := w.Solve(next); !win {
			out = append(out, catalog.JoinInts(next))
		}
	}
	return out
}

// OutcomeOf is N for a win of the player to move, P otherwise.
func OutcomeOf(win bool) string {
	if win {
		return "N"
	}
	return "P"
}

// RandomHeaps is 1 to count heaps of 0 to maxHeap tokens.
func RandomHeaps(rng *rand.Rand, count, maxHeap int) []int {
	heaps := make([]int, 1+rng.IntN(count))
	for i := range heaps {
		heaps[i] = rng.IntN(maxHeap + 1)
	}
	return heaps
}

// CheckHeapExplore explores heaps with ex and checks the answer against
// w: the position's outcome and remoteness, every distinct move listed and
// solved right (with a Sprague–Grundy value that agrees with its outcome
// when grundy is set), the moves to P-positions exactly the report's
// winning moves, and a board of heaps.
func CheckHeapExplore(t *testing.T, ex catalog.Explorer, spec string, heaps []int, w *HeapWitness, opts catalog.Options, grundy bool) {
	t.Helper()
	pos := catalog.JoinInts(heaps)
	x, err := ex.Explore(context.Background(), []string{pos}, opts, 0)
	if err != nil {
		t.Fatalf("%s %s: %v", spec, pos, err)
	}
	win, rem := w.Solve(heaps)
	if x.Report.Outcome != OutcomeOf(win) || x.Report.Remoteness == nil || *x.Report.Remoteness != rem {
		t.Errorf("%s %s: outcome %s remoteness %v, want %s %d", spec, pos, x.Report.Outcome, x.Report.Remoteness, OutcomeOf(win), rem)
	}
	want := map[string]bool{}
	for _, next := range w.Moves(heaps) {
		want[catalog.JoinInts(next)] = true
	}
	if !x.MovesCounted || x.MovesTotal != len(want) || len(x.Moves) != len(want) {
		t.Errorf("%s %s: %d moves listed of %d (counted %v), want %d", spec, pos, len(x.Moves), x.MovesTotal, x.MovesCounted, len(want))
	}
	var winning []string
	for _, m := range x.Moves {
		if !want[m.Position] {
			t.Errorf("%s %s: move to %s is not a move", spec, pos, m.Position)
			continue
		}
		next, err := catalog.ParseInts([]string{m.Position}, "heap size", 1, catalog.MaxComponents, 100)
		if err != nil {
			t.Fatal(err)
		}
		mw, mr := w.Solve(next)
		if m.Outcome != OutcomeOf(mw) || m.Remoteness == nil || *m.Remoteness != mr {
			t.Errorf("%s %s → %s: outcome %s remoteness %v, want %s %d", spec, pos, m.Position, m.Outcome, m.Remoteness, OutcomeOf(mw), mr)
		}
		if grundy && (m.Grundy == nil || (m.Grundy.Sign() == 0) != !mw) {
			t.Errorf("%s %s → %s: grundy %v disagrees with outcome %s", spec, pos, m.Position, m.Grundy, OutcomeOf(mw))
		}
		if m.Outcome == "P" {
			winning = append(winning, m.Position)
		}
	}
	// The explorer offers every move (a person may click either of two
	// equal heaps); the report lists each move once.
	if !SameSums(x.Report.WinningMoves, winning, " ") {
		t.Errorf("%s %s: moves to P-positions %v, winning_moves %v", spec, pos, winning, x.Report.WinningMoves)
	}
	if x.Board.Kind != catalog.BoardHeaps || len(x.Board.Heaps) != len(heaps) {
		t.Errorf("%s %s: board %+v", spec, pos, x.Board)
	}
}
