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
// and agrees with the quotient computed that far; one whose period needs
// more heaps (Kayles') is computed further until the test proves it; one
// without a period answers only the heaps its quotient reaches.
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
	// Kayles' heaps up to 30 prove no period; a larger heap makes the
	// look go on (60, 120, 240 heaps), and the test proves period 12 from
	// heap 71 at 240 (it needs 166; Sibert and Conway's period, Plambeck
	// and Siegel's quotient of order 40).
	k, _ := heap.Parse("kayles")
	h = &HeapQuotient{Rule: k}
	if o, err := h.Oracle(ctx, QuotientMaxHeap, nil); err != nil || o == nil || !strings.Contains(o.Method, "heaps up to 30 (order 40;") {
		t.Errorf("kayles heaps up to %d: oracle %v, %v", QuotientMaxHeap, o, err)
	}
	o, err = h.Oracle(ctx, 2000, nil)
	if err != nil || o == nil {
		t.Fatalf("kayles heaps up to 2000: oracle %v, %v", o, err)
	}
	if want := "the misère quotient of the whole game (order 40; Plambeck–Siegel), proven for every heap size by the periodicity test (heap n+12 has heap n's element from heap 71 on)"; o.Method != want {
		t.Errorf("kayles heaps up to 2000: method %q, want %q", o.Method, want)
	}
	if h.q.Upto != 240 || *h.period != (misere.Period{Preperiod: 71, Period: 12, NeedsUpto: 166}) {
		t.Errorf("kayles: quotient to %d, period %+v; want 240 and period 12 from 71", h.q.Upto, *h.period)
	}
	kq, err := misere.Compute(ctx, k, 300, misere.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	for _, sum := range [][]int{{300}, {299, 37}, {1999, 1000, 1}, {250, 251, 252, 253}, {71, 83}, {72, 84}} {
		// Heaps past 300 by the period from heap 71, by hand.
		var red []int
		for _, n := range sum {
			if n > 300 {
				n = 71 + (n-71)%12
			}
			red = append(red, n)
		}
		x, err := kq.Element(red)
		if err != nil {
			t.Fatal(err)
		}
		lost := kq.IsP(x)
		if got, ok := o.Lost(sum); !ok || got != lost {
			t.Errorf("kayles %v: oracle lost=%v (%v), the quotient of heaps up to 300 lost=%v", sum, got, ok, lost)
		}
	}
	// 0.56 shows no period to 480 heaps: heaps up to the quotient
	// computed are answered from it, larger ones are not.
	r56, _ := heap.Parse("octal:0.56")
	h = &HeapQuotient{Rule: r56}
	if o, err := h.Oracle(ctx, 100, nil); err != nil || o == nil || strings.Contains(o.Method, "periodicity") {
		t.Errorf("0.56 heaps up to 100: oracle %v, %v", o, err)
	}
	if o, err := h.Oracle(ctx, PeriodMaxHeap+1, nil); err != nil || o != nil {
		t.Errorf("0.56 heaps up to %d: oracle %v, %v; want none (no period proven)", PeriodMaxHeap+1, o, err)
	}
	// Lasker's Nim is no finite code: no look past QuotientMaxHeap.
	rl, _ := heap.Parse("lasker")
	h = &HeapQuotient{Rule: rl}
	if o, err := h.Oracle(ctx, QuotientMaxHeap+1, nil); err != nil || o != nil || h.q == nil || h.q.Upto != QuotientMaxHeap {
		t.Errorf("lasker heaps up to %d: oracle %v, %v; want none, the quotient to %d kept", QuotientMaxHeap+1, o, err, QuotientMaxHeap)
	}
}
