package psubtract

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games/partizan"
)

// MaxHeap bounds a heap: the evaluator values every smaller heap, and a
// heap's canonical form may grow with it (for L = {1,3}, R = {2,3} the
// birthday is about 2n/3: heap 1000 takes 0.3 s, heap 3000 about 10 s of
// CPU and 250 MB), so the memory budget, not this bound, is what stops a
// large heap of such a game.
const MaxHeap = 5000

// MaxAmount bounds an amount of a subtraction set.
const MaxAmount = 1000

// Game is a partizan subtraction game: Left removes an amount of L, Right
// one of R.
type Game struct{ L, R []int }

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.Partizan[int]  = Game{}
	_ game.Formatter[int] = Game{}
)

func take(n int, set []int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for _, k := range set {
			if k <= n && !yield(n-k) {
				return
			}
		}
	}
}

// LeftMoves removes an amount of L.
func (g Game) LeftMoves(n int) iter.Seq[int] { return take(n, g.L) }

// RightMoves removes an amount of R.
func (g Game) RightMoves(n int) iter.Seq[int] { return take(n, g.R) }

// Format writes a heap.
func (Game) Format(n int) string { return strconv.Itoa(n) }

// Spec writes the game as partizan-subtract:L/R.
func (g Game) Spec() string {
	return "partizan-subtract:" + join(g.L) + "/" + join(g.R)
}

func join(set []int) string {
	s := make([]string, len(set))
	for i, k := range set {
		s[i] = strconv.Itoa(k)
	}
	return strings.Join(s, ",")
}

// New reads the parameters L/R: two comma-separated sets of positive
// amounts.
func New(params string) (Game, error) {
	l, r, ok := strings.Cut(params, "/")
	if !ok {
		return Game{}, fmt.Errorf("bad sets %q: write Left's set and Right's set separated by '/', e.g. partizan-subtract:1,3/2,3", params)
	}
	var g Game
	var err error
	if g.L, err = parseSet(l, "Left's"); err != nil {
		return Game{}, err
	}
	if g.R, err = parseSet(r, "Right's"); err != nil {
		return Game{}, err
	}
	return g, nil
}

func parseSet(text, whose string) ([]int, error) {
	var set []int
	for _, f := range strings.Split(text, ",") {
		k, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || k < 1 || k > MaxAmount {
			return nil, fmt.Errorf("bad amount %q in %s set: expected integers from 1 to %d separated by commas", f, whose, MaxAmount)
		}
		set = append(set, k)
	}
	slices.Sort(set)
	return slices.Compact(set), nil
}

// Parse reads heap sizes, several making a sum.
func Parse(tokens []string) ([]int, error) {
	var out []int
	for _, tok := range tokens {
		for _, f := range strings.Fields(tok) {
			n, err := strconv.Atoi(f)
			if err != nil || n < 0 || n > MaxHeap {
				return nil, fmt.Errorf("bad heap %q: expected a heap size from 0 to %d", f, MaxHeap)
			}
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no heap given: write heap sizes, e.g. 10 7")
	}
	return out, nil
}

// Values returns the values of the heaps 0 … n−1 in s, valued bottom up.
func (g Game) Values(ctx context.Context, s *cgt.Space, n int) ([]cgt.Game, error) {
	e, err := partizan.New[int](s, g)
	if err != nil {
		return nil, err
	}
	out := make([]cgt.Game, n)
	for m := range n {
		if out[m], err = e.Value(ctx, m); err != nil {
			return nil, err
		}
	}
	return out, nil
}
