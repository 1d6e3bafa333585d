package octal

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
	"github.com/grundy-go/grundy/misere"
)

// Misère play (solve --misere): a sum of heaps up to
// impartialgame.QuotientMaxHeap is answered from the game's misère
// quotient (package misere), computed once per game and kept, with the
// remoteness from a search of the sum. Larger heaps are answered from the
// quotient of the heaps up to periodicHeaps when the Plambeck–Siegel
// periodicity test proves it for every heap size (0.75, 0.31, …); else,
// or past the budget, the sum is searched whole.

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
		if oracle == nil && largest > impartialgame.QuotientMaxHeap {
			oracle = g.periodicOracle(ctx, opts)
		}
		if oracle == nil && opts.Method == catalog.ClosedForm {
			return nil, catalog.RefuseMethod(g.rule.Spec, catalog.ClosedForm, "%s has no misère quotient here for heaps up to %d", g.rule.Spec, largest)
		}
	}
	return s.SolveMisereComponents(ctx, heaps, opts, oracle)
}

// periodicHeaps is how far solve --misere computes a quotient to look for
// a period (a fraction of a second for the games of Plambeck and Siegel's
// tables; 0.75's period is proven at 20).
const periodicHeaps = 20

// periodicTime bounds that computation; a game whose quotient takes
// longer (0.104, 0.165) is searched instead.
const periodicTime = time.Second

// periodic holds, by spec, the quotient up to periodicHeaps when the
// periodicity test proved it, or nil when it did not (or failed).
var periodic sync.Map // spec -> *misere.Quotient

// periodicOracle returns the game's quotient as an oracle for heaps of any
// size when the periodicity test proves it, else nil.
func (g *heapRuleGame) periodicOracle(ctx context.Context, opts catalog.Options) *impartialgame.MisereOracle[int] {
	v, ok := periodic.Load(g.rule.Spec)
	if !ok {
		// An optional shortcut, so it gets little: small trials and a
		// second in all; past them the sum is searched, as without it.
		tctx, cancel := context.WithTimeout(ctx, periodicTime)
		var proven *misere.Quotient
		if q, err := misere.Compute(tctx, g.rule, periodicHeaps, misere.Limits{MaxStates: 20_000, Memory: opts.Memory}); err == nil && q.ProvePeriod(g.rule) != nil {
			proven = q
		}
		cancel()
		if ctx.Err() != nil {
			return nil
		}
		v, _ = periodic.LoadOrStore(g.rule.Spec, proven)
	}
	q, _ := v.(*misere.Quotient)
	if q == nil {
		return nil
	}
	p := q.ProvePeriod(g.rule)
	return &impartialgame.MisereOracle[int]{
		Lost: func(parts []int) (bool, bool) {
			x, err := q.Element(parts)
			if err != nil {
				return false, false
			}
			return q.IsP(x), true
		},
		Method: fmt.Sprintf("the misère quotient of the whole game (order %d; Plambeck–Siegel), proven for every heap size by the periodicity test (heap n+%d has heap n's element from heap %d on)", q.Order(), p.Period, p.Preperiod),
	}
}
