package lasker

import (
	"context"
	"slices"
	"sync"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
	"github.com/grundy-go/grundy/heap"
)

// Misère play (solve --misere) of Lasker's Nim: a sum of heaps up to
// impartialgame.QuotientMaxHeap is answered from the game's misère
// quotient (package misere, on the heap rule "lasker"), with the
// remoteness from a search of the sum; larger heaps are searched whole
// (impartialgame.Searched.SolveMisereComponents: a sum is one game).

var _ catalog.MisereSolver = instance{}

var laskerQuotient = sync.OnceValues(func() (*impartialgame.HeapQuotient, error) {
	r, err := heap.Parse("lasker")
	if err != nil {
		return nil, err
	}
	return &impartialgame.HeapQuotient{Rule: r}, nil
})

func (g instance) SolveMisere(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	s := g.search()
	heaps, err := s.Parse(tokens)
	if err != nil {
		return nil, err
	}
	var oracle *impartialgame.MisereOracle[int]
	if opts.Method != catalog.Search && len(heaps) > 0 {
		q, err := laskerQuotient()
		if err != nil {
			return nil, err
		}
		if oracle, err = q.Oracle(ctx, slices.Max(heaps), opts.Memory); err != nil {
			return nil, err
		}
	}
	if oracle == nil && opts.Method == catalog.ClosedForm {
		return nil, catalog.RefuseMethod("lasker", catalog.ClosedForm, "lasker has no misère quotient here for these heaps")
	}
	return s.SolveMisereComponents(ctx, heaps, opts, oracle)
}
