package impartialgame

import (
	"context"
	"fmt"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/heap"
)

// A heap rule with finitely many digits (a finite subtraction set, an
// octal game) is ultimately periodic, and the heap engine proves its
// period from enough values (heap.FindPeriod: state repetition, or the
// Guy–Smith theorem). From then on G(n) = G(a + (n−a) mod p) for every
// n ≥ a: a closed form found by computation, which answers heaps far
// beyond what can be computed. The adapters of games/subtraction and
// games/octal answer huge heaps from it.

// maxPeriodValues bounds the values ProvenPeriod computes while looking
// for a proof; rules whose period is not proven by then are searched.
const maxPeriodValues = 1 << 24

// ProvenPeriod computes values of a finite rule until its period is
// proven, within maxPeriodValues values.
func ProvenPeriod(ctx context.Context, rule *heap.Rule, opts catalog.Options) (*heap.Values, heap.Period, error) {
	for n := 4096; ; n *= 4 {
		n = min(n, maxPeriodValues)
		v, err := heap.Compute(ctx, rule, n, heap.Options{Progress: opts.Progress})
		if err != nil {
			return nil, heap.Period{}, err
		}
		p := heap.FindPeriod(v, rule)
		if p.Found && p.Proven {
			return v, p, nil
		}
		if n == maxPeriodValues {
			return nil, p, fmt.Errorf("%s: no period proven within %d values, so heaps this large have no answer here; smaller heaps are computed directly (see 'grundy games' for the limit)", rule.Spec, n)
		}
	}
}
