package lasker

import (
	"context"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
	"github.com/grundy-go/grundy/compound"
)

// The catalog's adapter of Lasker's Nim: "grundy solve lasker H…"
// answers by the closed form on heaps of any size, listing every winning
// take and split, and for small positions also by the search (Game), for
// the remoteness.

func init() {
	catalog.Register(catalog.Entry{
		Name:     "lasker",
		Position: "heap sizes, e.g. 3 4 (any size); several heaps make a sum",
		Summary:  "Lasker's Nim: take any positive number of tokens from one heap, or split a heap into two non-empty heaps",
		Example:  "solve lasker 3 4",
		Kind:     "impartial",
		Make:     func(string) (catalog.Instance, error) { return instance{}, nil },
	})
}

const (
	// maxLaskerSearchHeap bounds heaps searched move by move (a heap of n
	// has about 3n/2 options).
	maxLaskerSearchHeap = 5_000
	// laskerSplitBudget bounds the splits WinningMoves enumerates; beyond
	// it, split moves are not listed and the list is marked incomplete.
	laskerSplitBudget = 2_000_000
)

// laskerQuickTokens bounds the tokens of a position for which Auto also
// searches, for the remoteness.
const laskerQuickTokens = 16

// laskerTotal returns the number of tokens, or -1 if it is large.
func laskerTotal(heaps []*big.Int) int {
	t := 0
	for _, h := range heaps {
		if !h.IsInt64() || h.Int64() > 1000 {
			return -1
		}
		t += int(h.Int64())
		if t > 1000 {
			return -1
		}
	}
	return t
}

type instance struct{}

var (
	_ catalog.Tabler   = instance{}
	_ catalog.Explorer = instance{}
)

func (instance) Spec() string { return "lasker" }

func (instance) search() *impartialgame.Searched[int] {
	return &impartialgame.Searched[int]{
		Name: "lasker",
		Game: Game{},
		Parse: func(t []string) ([]int, error) {
			return catalog.ParseInts(t, "heap size", 1, catalog.MaxComponents, maxLaskerSearchHeap)
		},
		Format: strconv.Itoa,
	}
}

func (g instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.Search {
		return g.search().Solve(ctx, tokens, opts)
	}
	heaps, err := catalog.ParseNaturals(tokens, "heap size", 1, catalog.MaxComponents)
	if err != nil {
		return nil, err
	}
	s := Sum(heaps)
	r := &catalog.Report{
		Game:     "lasker",
		Position: catalog.JoinBig(heaps),
		Outcome:  catalog.OutcomeOfValue(s),
		Grundy:   s,
		Method:   "closed form: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3 (Winning Ways), nim-summed over the heaps",
	}
	if total := laskerTotal(heaps); total >= 0 && total <= laskerQuickTokens {
		// Small enough to search: the search adds the remoteness.
		small, _ := catalog.SmallInts(heaps, "heap size", maxLaskerSearchHeap)
		if err := impartialgame.FillFromSearch(ctx, g.search(), small, opts, r); err != nil {
			return nil, err
		}
	}
	if s.Sign() == 0 {
		return r, nil
	}
	// Winning moves as descriptors first: formatting each as a whole
	// position is left to AddMoves, which stops at a sane total size.
	type move struct {
		heap  int
		to    *big.Int // a take leaving to, or nil for a split
		split int64    // the smaller part of a split
	}
	var moves []move
	budget := laskerSplitBudget
	skipped := false
	for i, h := range heaps {
		v := Value(h)
		t := new(big.Int).Xor(v, s)
		if m := TakeTo(h, t); m != nil {
			moves = append(moves, move{heap: i, to: m})
		}
		if !h.IsInt64() || h.Int64()/2 > int64(budget) {
			skipped = true
			continue
		}
		budget -= int(h.Int64() / 2)
		if !t.IsInt64() {
			continue
		}
		for _, a := range SplitsTo(h.Int64(), t.Int64()) {
			moves = append(moves, move{heap: i, split: a})
		}
	}
	if skipped && len(moves) == 0 {
		// Exhibit one winning split: a heap of value v > v ⊕ s exists;
		// if its take is impossible it is 4k+3 aiming at 4k+3, which the
		// split 1 + (4k+2) reaches (1 ⊕ (4k+2) = 4k+3).
		for i, h := range heaps {
			v := Value(h)
			t := new(big.Int).Xor(v, s)
			if t.Cmp(v) < 0 && t.Cmp(h) == 0 && h.Bit(0) == 1 && h.Bit(1) == 1 {
				moves = append(moves, move{heap: i, split: 1})
				break
			}
		}
	}
	moves = catalog.DistinctMoves(moves, func(m move) (string, []string) {
		h := heaps[m.heap]
		if m.to != nil {
			return h.String(), []string{m.to.String()}
		}
		return h.String(), []string{strconv.FormatInt(m.split, 10), new(big.Int).Sub(h, big.NewInt(m.split)).String()}
	})
	r.AddMoves(len(moves), func(k int) string {
		m := moves[k]
		var sb strings.Builder
		for i, h := range heaps {
			if i > 0 {
				sb.WriteByte(' ')
			}
			switch {
			case i != m.heap:
				sb.WriteString(h.String())
			case m.to != nil:
				sb.WriteString(m.to.String())
			default:
				sb.WriteString(strconv.FormatInt(m.split, 10))
				sb.WriteByte(' ')
				sb.WriteString(new(big.Int).Sub(h, big.NewInt(m.split)).String())
			}
		}
		return sb.String()
	})

	if skipped {
		r.MoveCount = 0 // unknown: the splits of some heaps were not counted
		r.MovesIncomplete = true
		r.Notes = append(r.Notes, "winning splits of heaps this large are not listed (there can be astronomically many); every winning take is")
	}
	return r, nil
}

// Table gives G(0..upto-1) from the closed form, or from the search with
// --method search.
func (g instance) Table(ctx context.Context, upto int, opts catalog.Options) (*catalog.Table, error) {
	if opts.Method == catalog.Search {
		if upto > maxLaskerSearchHeap {
			return nil, budget.Exceed(budget.Size, maxLaskerSearchHeap, "a table of %d values: searched Lasker tables go up to %d", upto, maxLaskerSearchHeap)
		}
		return impartialgame.HeapTable(ctx, "lasker", Game{}, func(n int) int { return n }, upto, opts)
	}
	if upto < 0 {
		return nil, fmt.Errorf("a table's length must not be negative, got %d", upto)
	}
	t := &catalog.Table{Game: "lasker", Values: make([]uint64, upto), Caption: "G(n) of Lasker's Nim: n, except that 4k+3 and 4k+4 swap; 0 marks a P-position"}
	for n := range t.Values {
		t.Values[n] = uint64(Value64(int64(n)))
	}
	return t, nil
}

// Explore lists the moves found by the search adapter; each position's
// own report is Solve's.
func (g instance) Explore(ctx context.Context, tokens []string, opts catalog.Options, maxMoves int) (*catalog.Exploration, error) {
	return impartialgame.BySearch(g, g.search()).Explore(ctx, tokens, opts, maxMoves)
}

// SolveCompound solves a compound of positions (solve --compound) by the
// search adapter's remoteness and suspense numbers.
func (g instance) SolveCompound(ctx context.Context, kind compound.Kind, components [][]string, opts catalog.Options) (*catalog.Report, error) {
	return g.search().SolveCompound(ctx, kind, components, opts)
}
