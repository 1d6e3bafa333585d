package ptb

import (
	"fmt"
	"iter"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap"
)

// MaxHeap bounds a heap: canonical forms of partizan heap games grow
// with the heap, so memory (the budget) stops most games well before.
const MaxHeap = 1000

// Game is the partizan take-and-break game of Left's and Right's codes.
type Game struct{ Left, Right *heap.Rule }

var _ game.PartizanSplitting[int] = Game{}

// Parse reads the codes spec[start:], LEFT/RIGHT, errors pointing into
// spec (one code alone is both players': an impartial game).
func Parse(spec string, start int) (Game, error) {
	slash := strings.IndexByte(spec[start:], '/')
	if slash < 0 {
		r, err := heap.ParseTB(spec, start, len(spec))
		return Game{r, r}, err
	}
	l, err := heap.ParseTB(spec, start, start+slash)
	if err != nil {
		return Game{}, err
	}
	r, err := heap.ParseTB(spec, start+slash+1, len(spec))
	return Game{l, r}, err
}

// Spec writes the codes as Parse reads them.
func (g Game) Spec() string {
	l := strings.TrimPrefix(g.Left.Spec, "tb:")
	r := strings.TrimPrefix(g.Right.Spec, "tb:")
	return l + "/" + r
}

func heaps(r *heap.Rule, n int) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		r.EachOption(n, func(h []int) bool { return yield(h) })
	}
}

// LeftOptions are the heaps Left's code leaves of a heap of n.
func (g Game) LeftOptions(n int) iter.Seq[[]int] { return heaps(g.Left, n) }

// RightOptions are the heaps Right's code leaves.
func (g Game) RightOptions(n int) iter.Seq[[]int] { return heaps(g.Right, n) }

// Format writes a heap.
func (Game) Format(n int) string { return strconv.Itoa(n) }

// ParseHeaps reads heap sizes, several making a sum.
func ParseHeaps(tokens []string) ([]int, error) {
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
