package octal

import (
	"context"
	"slices"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
)

// Misère play (solve --misere): a sum of heaps up to
// impartialgame.QuotientMaxHeap is answered from the game's misère
// quotient (package misere), computed once per game and kept, with the
// remoteness from a search of the sum. Larger heaps are answered from a
// quotient of more heaps (impartialgame.PeriodMaxHeap) when the
// Plambeck–Siegel periodicity test proves it for every heap size (0.75,
// 0.31, Kayles, Guiles, …) or when it reaches them; else, or past the
// budget, the sum is searched whole.

var _ catalog.MisereSolver = (*heapRuleGame)(nil)

// quotients holds each heap game's misère quotient, by spec: instances
// are made afresh for each lookup, the quotient is worth keeping.
var quotients = struct {
	m  map[string]*impartialgame.HeapQuotient
	mu chan struct{}
}{m: map[string]*impartialgame.HeapQuotient{}, mu: make(chan struct{}, 1)}

func (g *heapRuleGame) heapQuotient() *impartialgame.HeapQuotient {
	quotients.mu <- struct{}{}
	defer func() { <-quotients.mu }()
	q, ok := quotients.m[g.rule.Spec]
	if !ok {
		q = &impartialgame.HeapQuotient{Rule: g.rule}
		quotients.m[g.rule.Spec] = q
	}
	return q
}

func (g *heapRuleGame) SolveMisere(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	s := g.search()
	heaps, err := s.Parse(tokens)
	if err != nil {
		return nil, err
	}
	var oracle *impartialgame.MisereOracle[int]
	if opts.Method != catalog.Search {
		largest := 0
		if len(heaps) > 0 {
			largest = slices.Max(heaps)
		}
		if oracle, err = g.heapQuotient().Oracle(ctx, largest, opts.Memory); err != nil {
			return nil, err
		}
		if oracle == nil && opts.Method == catalog.ClosedForm {
			return nil, catalog.RefuseMethod(g.rule.Spec, catalog.ClosedForm, "%s has no misère quotient here for heaps up to %d", g.rule.Spec, largest)
		}
	}
	return s.SolveMisereComponents(ctx, heaps, opts, oracle)
}
