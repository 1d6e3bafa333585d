package impartialgame

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/misere"
)

// TestHeapQuotientPeriod: a quotient whose period the Plambeck–Siegel test
// proves (0.75's, from heaps up to 30) answers sums of heaps of any size,
// and agrees with the quotient computed that far; one without a proven
// period (Kayles' at 30) answers only heaps up to QuotientMaxHeap.
func TestHeapQuotientPeriod(t *testing.T) {
	ctx := context.Background()
	r, err := heap.Parse("octal:0.75")
	if err != nil {
		t.Fatal(err)
	}
	h := &HeapQuotient{Rule: r}
	o, err := h.Oracle(ctx, 100, nil)
	if err != nil || o == nil {
		t.Fatalf("0.75 heaps up to 100: oracle %v, %v", o, err)
	}
	if !strings.Contains(o.Method, "periodicity test") {
		t.Errorf("0.75 heaps up to 100: method %q", o.Method)
	}
	far, err := misere.Compute(ctx, r, 100, misere.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	for _, sum := range [][]int{{100}, {99, 37}, {64, 65, 1}, {31, 47, 88, 2}} {
		x, _ := far.Element(sum)
		if lost, ok := o.Lost(sum); !ok || lost != far.IsP(x) {
			t.Errorf("0.75 %v: oracle %v (%v), the quotient of heaps up to 100 %v", sum, lost, ok, far.IsP(x))
		}
	}
	k, _ := heap.Parse("kayles")
	h = &HeapQuotient{Rule: k}
	if o, err := h.Oracle(ctx, QuotientMaxHeap, nil); err != nil || o == nil {
		t.Errorf("kayles heaps up to %d: oracle %v, %v", QuotientMaxHeap, o, err)
	}
	if o, err := h.Oracle(ctx, QuotientMaxHeap+1, nil); err != nil || o != nil {
		t.Errorf("kayles heaps up to %d: oracle %v, %v; want none (no period proven)", QuotientMaxHeap+1, o, err)
	}
}
