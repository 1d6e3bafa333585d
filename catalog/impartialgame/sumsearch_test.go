package impartialgame

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/internal/memtest"
)

// heapNim is Nim on one heap: a move leaves any smaller heap. It is
// written here because games/nim registers itself with the catalog, so
// the catalog's own tests cannot import it.
type heapNim struct{}

func (heapNim) Moves(h int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for k := h - 1; k >= 0; k-- {
			if !yield(k) {
				return
			}
		}
	}
}

// nimHeap is Nim on one heap, as the toolkit takes it.
var nimHeap = game.AsSplitting[int](heapNim{})

// ruleGame is a heap rule on one heap, a move leaving up to three heaps
// (as games/octal's Game, which the catalog's tests cannot import).
type ruleGame struct{ rule *heap.Rule }

func (g ruleGame) Options(n int) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		zero := []int{0}
		g.rule.EachOption(n, func(h []int) bool {
			if len(h) == 0 {
				return yield(zero)
			}
			return yield(h)
		})
	}
}

// TestSumSearchEqualParts checks the search, which moves in one of equal
// parts only, against the definition on sums with many equal heaps.
func TestSumSearchEqualParts(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 13))
	memo := map[string]int{}
	for range 40 {
		heaps := make([]int, 2+rng.IntN(5))
		for i := range heaps {
			heaps[i] = 1 + rng.IntN(3)
		}
		s := NewSumSearch(nimHeap, strconv.Itoa, false, nil)
		got, err := s.Remoteness(context.Background(), heaps)
		if err != nil || got == nil {
			t.Fatalf("%v: %v %v", heaps, got, err)
		}
		if want := bruteRemoteness(nimTake, heaps, memo); *got != want {
			t.Fatalf("%v: remoteness %d, want %d", heaps, *got, want)
		}
	}
}

// TestSumSearchWorkBudget: a sum of thousands of parts is searched within
// the work budget, which stops it (remoteness unknown) long before the
// move budget would, and a cancelled context stops it after a bounded
// amount of work whatever the number of memo entries.
func TestSumSearchWorkBudget(t *testing.T) {
	rule, err := heap.Parse("kayles")
	if err != nil {
		t.Fatal(err)
	}
	g := ruleGame{rule}
	heaps := make([]int, 3000)
	for i := range heaps {
		heaps[i] = 1 + i%4
	}
	s := NewSumSearch[int](g, strconv.Itoa, false, nil)
	var rem *int
	a := memtest.Allocated(func() { rem, err = s.Remoteness(context.Background(), heaps) })
	if err != nil || rem != nil {
		t.Fatalf("remoteness %v, %v; want unknown", catalogtest.FormatRemoteness(rem), err)
	}
	if s.budget <= 0 || a > 2*SumSearchMaxWork {
		t.Fatalf("moves left %d, allocated %d: want the work budget (%d) to stop the search", s.budget, a, SumSearchMaxWork)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s = NewSumSearch[int](g, strconv.Itoa, false, nil)
	if _, err := s.Remoteness(ctx, heaps); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v, want context.Canceled", err)
	}
	if spent := SumSearchMaxWork - s.work; spent > 2*sumCheckEvery {
		t.Fatalf("cancelled search spent %d bytes of work, want at most %d", spent, 2*sumCheckEvery)
	}
}

// TestSumSearchMemoryBudget: the memo charges the memory budget while it
// grows, gives up (remoteness unknown) when the budget runs out, and
// gives back what it charged.
func TestSumSearchMemoryBudget(t *testing.T) {
	mem := budget.NewBytes(10_000)
	s := NewSumSearch(nimHeap, strconv.Itoa, false, mem)
	rem, err := s.Remoteness(context.Background(), []int{10, 11, 12, 13})
	if err != nil || rem != nil {
		t.Fatalf("remoteness %v, %v; want unknown", catalogtest.FormatRemoteness(rem), err)
	}
	if mem.Used() == 0 {
		t.Fatal("the memo charged nothing")
	}
	s.Release()
	if mem.Used() != 0 {
		t.Fatalf("%d bytes still charged after release", mem.Used())
	}
	// With room, the same search answers.
	r, err := SumRemoteness(context.Background(), nimHeap, strconv.Itoa, []int{3, 4, 5}, budget.NewBytes(1<<20))
	if err != nil || r == nil {
		t.Fatalf("nim 3 4 5: %v %v", catalogtest.FormatRemoteness(r), err)
	}
}

// bruteRemoteness is the remoteness of a sum of heaps where take(h) lists
// the heaps a move can leave from h.
func bruteRemoteness(take func(int) []int, heaps []int, memo map[string]int) int {
	next := func(hs []int) [][]int {
		var out [][]int
		for i, h := range hs {
			for _, to := range take(h) {
				q := slices.Clone(hs)
				q[i] = to
				out = append(out, q)
			}
		}
		return out
	}
	return catalogtest.RemotenessByDefinition(heaps, next, func(hs []int) string { return fmt.Sprint(hs) }, memo)
}

func nimTake(h int) []int {
	var out []int
	for k := 0; k < h; k++ {
		out = append(out, k)
	}
	return out
}

// TestMisereSearchProgress: the misère search of a whole sum, which can
// run for minutes, tells opts.Progress how many sums it has memoized
// every 65,536 of them. Seven Nim heaps of 13 reach every multiset of
// seven heaps up to 13 without the empty ones, C(20, 7) = 77,520 sums,
// the empty sum answered without the memo.
func TestMisereSearchProgress(t *testing.T) {
	s := &Searched[int]{
		Name: "nim", Game: nimHeap, Format: strconv.Itoa,
		Parse: func(tokens []string) ([]int, error) {
			out := make([]int, len(tokens))
			for i, tok := range tokens {
				n, err := strconv.Atoi(tok)
				if err != nil {
					return nil, err
				}
				out[i] = n
			}
			return out, nil
		},
	}
	var calls []int
	opts := catalog.Options{Progress: func(n int) { calls = append(calls, n) }}
	r, err := s.SolveMisere(context.Background(), []string{"13", "13", "13", "13", "13", "13", "13"}, opts)
	if err != nil {
		t.Fatal(err)
	}
	// Misère Nim: a sum with a heap above 1 is won exactly when its nim-sum is not 0.
	if r.Outcome != "N" || !slices.Equal(calls, []int{65536}) {
		t.Fatalf("outcome %s, progress %v; want N and one report at 65536 sums", r.Outcome, calls)
	}
	if r.Method != "search of the whole sum under misère play (77519 sums)" {
		t.Fatalf("method %q", r.Method)
	}
}
