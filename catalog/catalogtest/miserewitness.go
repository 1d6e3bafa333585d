package catalogtest

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// MisereWitness decides positions of any game under misère play by the
// definition alone, the second witness of solve --misere: a position is
// won when some move leaves a position lost for the opponent, and a
// position with no move is won (the opponent moved last, and lost).
// Moves gives the whole positions one move leaves (not a sum's parts:
// the witness knows nothing of sums), Key names a position, as the
// report writes it. MemoKey, when set, names positions for the memo
// instead (a sum's parts sorted, say), so that the same position reached
// in another order is decided once.
type MisereWitness[P any] struct {
	Moves   func(P) []P
	Key     func(P) string
	MemoKey func(P) string
	// Sep, when set, is what joins a sum's components in Key's text: the
	// witness lists every order of the components, a report each move
	// once (catalog.MoveSet), and CheckMisere compares them by SameSums.
	Sep  string
	memo map[string]bool
}

// NewMisereWitness returns a witness for the game whose moves are moves.
func NewMisereWitness[P any](moves func(P) []P, key func(P) string) *MisereWitness[P] {
	return &MisereWitness[P]{Moves: moves, Key: key, memo: map[string]bool{}}
}

// Wins reports whether the player to move wins p under misère play.
func (w *MisereWitness[P]) Wins(p P) bool {
	key := w.Key
	if w.MemoKey != nil {
		key = w.MemoKey
	}
	k := key(p)
	if v, ok := w.memo[k]; ok {
		return v
	}
	win := true // no move: the player to move has won
	for i, next := range w.Moves(p) {
		if i == 0 {
			win = false
		}
		if !w.Wins(next) {
			win = true
			break
		}
	}
	w.memo[k] = win
	return win
}

// Winning lists the positions a winning move from p leaves, sorted.
func (w *MisereWitness[P]) Winning(p P) []string {
	var out []string
	for _, next := range w.Moves(p) {
		if !w.Wins(next) {
			out = append(out, w.Key(next))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// SumMoves turns the options of one component into the moves of a whole
// sum: each component in turn replaced, in its place, by the parts each
// of its options leaves.
func SumMoves[P any](options func(P) iter.Seq[[]P]) func([]P) [][]P {
	return func(sum []P) [][]P {
		var out [][]P
		for i, c := range sum {
			for opt := range options(c) {
				next := make([]P, 0, len(sum)-1+len(opt))
				next = append(next, sum[:i]...)
				next = append(next, opt...)
				out = append(out, append(next, sum[i+1:]...))
			}
		}
		return out
	}
}

// SortedSum names a sum of heaps for the memo: its non-empty heaps,
// sorted.
func SortedSum(sum []int) string {
	var hs []int
	for _, h := range sum {
		if h > 0 {
			hs = append(hs, h)
		}
	}
	slices.Sort(hs)
	return fmt.Sprint(hs)
}

// JoinWith writes a sum as its components joined by sep.
func JoinWith[P any](format func(P) string, sep string) func([]P) string {
	return func(sum []P) string {
		parts := make([]string, len(sum))
		for i, c := range sum {
			parts[i] = format(c)
		}
		return strings.Join(parts, sep)
	}
}

// CheckMisere solves tokens with inst's SolveMisere and checks the outcome
// and the set of winning moves against the witness's answer for p.
func CheckMisere[P any](t *testing.T, inst catalog.Instance, tokens []string, opts catalog.Options, w *MisereWitness[P], p P) {
	t.Helper()
	m, ok := inst.(catalog.MisereSolver)
	if !ok {
		t.Fatalf("%s has no SolveMisere", inst.Spec())
	}
	r, err := m.SolveMisere(context.Background(), tokens, opts)
	if err != nil {
		t.Fatalf("%s %q --misere: %v", inst.Spec(), tokens, err)
	}
	if want := OutcomeOf(w.Wins(p)); r.Outcome != want {
		t.Errorf("%s %q --misere: outcome %s, the witness says %s", inst.Spec(), tokens, r.Outcome, want)
	}
	if r.Grundy != nil {
		t.Errorf("%s %q --misere: a Grundy value %v under misère play", inst.Spec(), tokens, r.Grundy)
	}
	if r.MovesIncomplete {
		return
	}
	want := w.Winning(p)
	if w.Sep == "" {
		got := slices.Sorted(slices.Values(r.WinningMoves))
		if !slices.Equal(got, want) {
			t.Errorf("%s %q --misere: winning moves %q, the witness's %q", inst.Spec(), tokens, got, want)
		}
		return
	}
	if !SameSums(r.WinningMoves, want, w.Sep) {
		t.Errorf("%s %q --misere: winning moves %q, the witness's %q (each once, up to the order of the components)", inst.Spec(), tokens, r.WinningMoves, want)
	}
}
