package impartialgame

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/misere"
)

// QuotientMaxHeap is how far solve --misere first computes a heap game's
// misère quotient: sums of heaps up to it are answered from the quotient,
// and larger heaps too when the Plambeck–Siegel periodicity test proves
// the quotient for every heap size; other sums are searched.
// (MisereSolver's method makes this cheap: Kayles' quotient to heap 30 is
// a few milliseconds.)
const QuotientMaxHeap = 30

// PeriodMaxHeap is how far solve --misere goes on, for a finite octal or
// hexadecimal code whose heaps up to QuotientMaxHeap prove no period,
// when a sum has a larger heap: the quotient is computed to 60, 120, 240
// and 480 heaps until the periodicity test proves one, all within
// quotientTime (Kayles' period 12 from heap 71 needs heaps up to 166,
// Guiles' period 10 from 66 up to 152: both are proven at 240 in a
// fraction of a second). The largest quotient computed answers the heaps
// it reaches even when no period is proven.
const PeriodMaxHeap = 480

// quotientStates bounds each verification of a quotient computed for
// solve --misere, and quotientTime each computation (the one to
// QuotientMaxHeap or the largest heap, and the look for a period past it,
// all its bounds together): a game whose quotient grows past them (0.35,
// 0.76, …) is searched instead.
const (
	quotientStates = 300_000
	quotientTime   = time.Second
)

// HeapQuotient is the misère quotient of a heap game, computed when first
// needed and kept: up to QuotientMaxHeap, or when that fails within its
// budget, up to the largest heap asked about; for a larger heap of a
// finite code, further until a period is proven (PeriodMaxHeap). It is
// safe for concurrent use.
type HeapQuotient struct {
	Rule misere.Rule
	mu   sync.Mutex
	q    *misere.Quotient
	// period is the quotient's proven period, when the rule is a finite
	// code and the periodicity test proves one: then q answers every heap.
	period *misere.Period
	// failed is the least heap bound at which the computation failed
	// (over its budget, or no recalibration worked); 0 when none has.
	failed int
	// looked is set once the look for a period past QuotientMaxHeap has
	// been made (it is made once).
	looked bool
}

// Oracle returns the quotient as a misère oracle for sums of heaps up to
// largest, or nil when the quotient does not reach largest (no period
// proven) or could not be computed within its budget.
func (h *HeapQuotient) Oracle(ctx context.Context, largest int, mem *budget.Bytes) (*MisereOracle[int], error) {
	q, err := h.Quotient(ctx, largest, mem)
	if q == nil || err != nil {
		return nil, err
	}
	method := fmt.Sprintf("the misère quotient of the heaps up to %d (order %d; Plambeck–Siegel), proven by its own search", q.Upto, q.Order())
	if largest > q.Upto {
		method = fmt.Sprintf("the misère quotient of the whole game (order %d; Plambeck–Siegel), proven for every heap size by the periodicity test (heap n+%d has heap n's element from heap %d on)", q.Order(), h.period.Period, h.period.Preperiod)
	}
	return &MisereOracle[int]{
		Lost: func(parts []int) (bool, bool) {
			x, err := q.Element(parts)
			if err != nil {
				return false, false
			}
			return q.IsP(x), true
		},
		Method: method,
	}, nil
}

// Quotient returns the quotient for heaps up to at least largest (or of
// every heap, its period proven), or nil when it is not available (see
// Oracle); err is the context's.
func (h *HeapQuotient) Quotient(ctx context.Context, largest int, mem *budget.Bytes) (*misere.Quotient, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	covers := func() bool { return h.q != nil && (h.q.Upto >= largest || h.period != nil) }
	limits := misere.Limits{MaxStates: quotientStates, Memory: mem}
	for _, upto := range []int{QuotientMaxHeap, largest} {
		if covers() {
			return h.q, nil
		}
		if upto > QuotientMaxHeap || (h.failed > 0 && upto >= h.failed) || (h.q != nil && h.q.Upto >= upto) {
			continue
		}
		tctx, cancel := context.WithTimeout(ctx, quotientTime)
		q, err := misere.Compute(tctx, h.Rule, upto, limits)
		cancel()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err != nil {
			h.failed = upto
			continue
		}
		h.q, h.period = q, nil
		if fr, ok := h.Rule.(misere.FiniteRule); ok {
			h.period = q.ProvePeriod(fr)
		}
	}
	// A larger heap of a finite code: look for a period further on, once.
	// A quotient to more heaps costs at least the one to fewer, so none is
	// tried when the one to QuotientMaxHeap failed.
	fr, finite := h.Rule.(misere.FiniteRule)
	if !covers() && !h.looked && finite && fr.Finite() && h.q != nil && h.q.Upto >= QuotientMaxHeap {
		tctx, cancel := context.WithTimeout(ctx, quotientTime)
		for upto := 2 * QuotientMaxHeap; upto <= PeriodMaxHeap && h.period == nil; upto *= 2 {
			q, err := misere.Compute(tctx, h.Rule, upto, limits)
			if err != nil {
				break
			}
			h.q, h.period = q, q.ProvePeriod(fr)
		}
		cancel()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		h.looked = true
	}
	if covers() {
		return h.q, nil
	}
	return nil, nil
}
