package subtraction

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
	"github.com/grundy-go/grundy/heap"
)

// Misère play (solve --misere) of subtraction games: S-Nim and Bash's game
// on sums of heaps up to impartialgame.QuotientMaxHeap are answered from
// the game's misère quotient (package misere) with the remoteness from a
// search of the sum; larger heaps too when the periodicity test proves
// the quotient for every heap (impartialgame.HeapQuotient computes it up
// to PeriodMaxHeap heaps for that: subtract:5,9,13's period 18 needs 31),
// else they are searched whole (fib, and S-Nim sets the heap engine does
// not take, are always searched). Bash's game on one heap has a closed
// form (misere-bash).

var (
	_ catalog.MisereSolver = (*heapGame)(nil)
	_ catalog.MisereSolver = (*subtractGame)(nil)
	_ catalog.MisereSolver = (*bashGame)(nil)
)

// quotients holds each game's misère quotient, by spec: instances are
// made afresh for each lookup, the quotient is worth keeping.
var quotients sync.Map // spec -> *impartialgame.HeapQuotient

func heapQuotient(r *heap.Rule) *impartialgame.HeapQuotient {
	q, _ := quotients.LoadOrStore(r.Spec, &impartialgame.HeapQuotient{Rule: r})
	return q.(*impartialgame.HeapQuotient)
}

func (g *subtractGame) SolveMisere(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	heaps, err := g.Parse(tokens)
	if err != nil {
		return nil, err
	}
	var oracle *impartialgame.MisereOracle[int]
	if g.rule != nil && opts.Method != catalog.Search && len(heaps) > 0 {
		if oracle, err = heapQuotient(g.rule).Oracle(ctx, slices.Max(heaps), opts.Memory); err != nil {
			return nil, err
		}
	}
	if oracle == nil && opts.Method == catalog.ClosedForm {
		return nil, catalog.RefuseMethod(g.Name, catalog.ClosedForm, "%s has no misère quotient here for these heaps", g.Name)
	}
	return g.SolveMisereComponents(ctx, heaps, opts, oracle)
}

// SolveMisere answers bash:M under misère play: one heap by the closed form
// of misere-bash:M, a sum as S-Nim with S = {1, …, M}.
func (b *bashGame) SolveMisere(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if b.misere {
		return nil, fmt.Errorf("--misere: %s is misère play already; misère play of bash:%d is what it solves", b.spec, b.m)
	}
	if len(tokens) == 1 && opts.Method != catalog.Search {
		r, err := b.solveMisere(tokens, opts)
		if err != nil {
			return nil, err
		}
		r.Game = b.spec
		r.Extra = map[string]any{"misere": true}
		return r, nil
	}
	amounts := make([]string, b.m)
	for i := range amounts {
		amounts[i] = strconv.Itoa(i + 1)
	}
	inst, err := newSubtract(strings.Join(amounts, ","))
	if err != nil {
		return nil, err
	}
	r, err := inst.(*subtractGame).SolveMisere(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	r.Game = b.spec
	return r, nil
}
