package octal

import (
	"context"
	"fmt"
	"math/big"
	"strconv"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
)

// The explorer's move list of a heap game comes from one table of heap
// values, not from a search per move: a position a move leaves is a sum of
// heaps, and its Sprague–Grundy value is the nim-sum of the table's values
// of its heaps (Sprague–Grundy theorem), so each move costs a few look-ups.
// The table is the one Solve computes (heap.Compute by the sparse-space
// method), or, past what is computed, the proven period (Guy–Smith).
//
// Remoteness is not a function of heap values; it comes from the search
// of the sum (impartialgame.SumSearch, as the CLI's --method search
// gives it), tried only for positions of at most exploreRemotenessTokens
// tokens, where it finishes within its budget in tens of milliseconds.
// Past that the search gives up after a whole budget of moves (a few
// tenths of a second, for nothing) for nearly every position, so it is
// not tried and the remoteness is unknown (null), as the CLI reports it.

// exploreRemotenessTokens bounds the tokens of a position whose moves'
// remoteness is searched.
const exploreRemotenessTokens = 30

// Explore lists the moves of a sum of heaps with their values from the
// heap value table; the position's own report is Solve's.
func (g *heapRuleGame) Explore(ctx context.Context, tokens []string, opts catalog.Options, maxMoves int) (*catalog.Exploration, error) {
	if opts.Method == catalog.Search {
		return impartialgame.BySearch(g, g.search()).Explore(ctx, tokens, opts, maxMoves)
	}
	report, err := g.Solve(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	limit := g.maxHeap()
	if g.periodic() {
		limit = maxPeriodicHeap
	}
	heaps, err := catalog.ParseInts(tokens, "heap size", 1, catalog.MaxComponents, limit)
	if err != nil {
		return nil, err
	}
	at, err := g.valueTable(ctx, heaps, opts)
	if err != nil {
		return nil, err
	}
	value := func(_ context.Context, hs []int) (string, *big.Int, error) {
		var x uint32
		for _, h := range hs {
			x ^= at(h)
		}
		v := new(big.Int).SetUint64(uint64(x))
		return catalog.OutcomeOfValue(v), v, nil
	}
	total := 0
	for _, h := range heaps {
		total += min(h, exploreRemotenessTokens+1)
	}
	remoteness := func(context.Context, []int) (*int, error) { return nil, nil }
	if total <= exploreRemotenessTokens {
		s := g.search()
		sums := impartialgame.NewSumSearch(s.Game, s.Format, false, opts.Memory)
		defer sums.Release()
		_, remoteness = impartialgame.NormalPlay(s.Solver(opts), sums)
	}
	return impartialgame.ExploreHeaps(ctx, report, heaps, Game{Rule: g.rule}, value, remoteness, maxMoves)
}

// valueTable returns G(n) for every heap n that a move from heaps can
// leave (none is larger than the largest heap): the computed values when
// the largest heap is within what Solve computes, else the proven period.
func (g *heapRuleGame) valueTable(ctx context.Context, heaps []int, opts catalog.Options) (func(int) uint32, error) {
	largest := 0
	for _, h := range heaps {
		largest = max(largest, h)
	}
	if largest > g.maxHeap() {
		if !g.periodic() {
			return nil, fmt.Errorf("%w: heap %s: at most %d", catalog.ErrTooLargeToExplore, strconv.Itoa(largest), g.maxHeap())
		}
		q, _, err := g.proven(ctx, opts)
		if err != nil {
			return nil, err
		}
		return q.at, nil
	}
	vals, err := g.values(ctx, largest+1, opts)
	if err != nil {
		return nil, err
	}
	return vals.At, nil
}
