package impartialgame

import (
	"context"
	"fmt"
	"sync"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/misere"
)

// QuotientMaxHeap bounds the heaps for which solve --misere computes a
// heap game's misère quotient; sums with larger heaps are searched.
// Quotients grow with the heaps (Kayles': order 24 from heap 12 on, and a
// second of trials at that heap), so beyond this a search of the sum is
// the quicker answer.
const QuotientMaxHeap = 12

// quotientStates bounds each trial of a quotient computed for solve
// --misere (a fraction of a second); past it the sum is searched.
const quotientStates = 300_000

// HeapQuotient is the misère quotient of a heap game, computed when first
// needed up to the largest heap asked about, and kept (a larger heap asked
// later computes it again). It is safe for concurrent use.
type HeapQuotient struct {
	Rule misere.Rule
	mu   sync.Mutex
	q    *misere.Quotient
	// failed is the least heap bound at which the computation failed
	// (over its budget, or no trial worked); 0 when none has.
	failed int
}

// Oracle returns the quotient as a misère oracle for sums of heaps up to
// largest, or nil when largest is beyond QuotientMaxHeap or the quotient
// could not be computed within its budget.
func (h *HeapQuotient) Oracle(ctx context.Context, largest int, mem *budget.Bytes) (*MisereOracle[int], error) {
	q, err := h.Quotient(ctx, largest, mem)
	if q == nil || err != nil {
		return nil, err
	}
	return &MisereOracle[int]{
		Lost: func(parts []int) (bool, bool) {
			x, err := q.Element(parts)
			if err != nil {
				return false, false
			}
			return q.IsP(x), true
		},
		Method: fmt.Sprintf("the misère quotient of the heaps up to %d (order %d; Plambeck–Siegel), proven by its own search", q.Upto, q.Order()),
	}, nil
}

// Quotient returns the quotient for heaps up to at least largest, or nil
// when it is not available (see Oracle); err is the context's.
func (h *HeapQuotient) Quotient(ctx context.Context, largest int, mem *budget.Bytes) (*misere.Quotient, error) {
	if largest > QuotientMaxHeap {
		return nil, nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.q != nil && h.q.Upto >= largest {
		return h.q, nil
	}
	upto := largest
	if h.failed > 0 && upto >= h.failed {
		return nil, nil
	}
	q, err := misere.Compute(ctx, h.Rule, upto, misere.Limits{MaxStates: quotientStates, Memory: mem})
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		h.failed = upto
		return nil, nil
	}
	h.q = q
	return q, nil
}
