package psubtract_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
	_ "github.com/grundy-go/grundy/games/partizan/psubtract"
)

// TestEntry values heaps through the catalog, as 'grundy value
// partizan-subtract:L/R' does; a large heap is valued without running
// out of depth.
func TestEntry(t *testing.T) {
	inst, err := catalog.Lookup("partizan-subtract:1,2/1,2")
	if err != nil {
		t.Fatal(err)
	}
	r, err := reports.PartizanValue(context.Background(), inst, []string{"7", "5"}, catalog.Options{}, reports.CGTOptions{})
	if err != nil || r.Value != "*3" {
		t.Fatalf("7 + 5 with S = {1,2}: %+v, %v", r, err)
	}
	inst, err = catalog.Lookup("partizan-subtract:1/2")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := inst.Solve(context.Background(), []string{"5000"}, catalog.Options{})
	if err != nil {
		t.Fatalf("heap 5000: %v", err)
	}
	if rep.Outcome != "N" || rep.Value != "{1|0}" {
		t.Errorf("1/2, heap 5000: %s %s, want N {1|0} (TestDeep checks it by the definition)", rep.Outcome, rep.Value)
	}
	if _, err := catalog.Lookup("partizan-subtract:1"); err == nil {
		t.Errorf("one set: no error")
	}
}

// TestEntryLarge values heaps of 10^12 from proven periods: L = {2},
// R = {5} has period 7 from heap 0, so heap 10^12+4 has the value of heap
// 5 + 7·700 = 4905, which the evaluator computes directly; L = {1},
// R = {4,5} has no proven period, and says so (never an answer).
func TestEntryLarge(t *testing.T) {
	ctx := context.Background()
	inst, err := catalog.Lookup("partizan-subtract:2/5")
	if err != nil {
		t.Fatal(err)
	}
	far, err := reports.PartizanValue(ctx, inst, []string{"1000000000004"}, catalog.Options{}, reports.CGTOptions{})
	if err != nil {
		t.Fatal(err)
	}
	near, err := reports.PartizanValue(ctx, inst, []string{"4905"}, catalog.Options{}, reports.CGTOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if far.Value != "{1|0}" || near.Value != far.Value {
		t.Errorf("2/5: heap 10^12+4 %s, heap 4905 %s, want {1|0} both", far.Value, near.Value)
	}
	rep, err := inst.Solve(ctx, []string{"1000000000004", "3"}, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// {1|0} + 1 (heap 3 is 1): Left wins whoever starts; her winning
	// move takes 2 from the large heap, to 1 + 1 (heap 10^12+2 is heap 3).
	if rep.Outcome != "L" || rep.Value != "{2|1}" || !slices.Contains(rep.WinningMoves, "L: 1000000000002 3") {
		t.Errorf("2/5, 10^12+4 and 3: %s %s %v", rep.Outcome, rep.Value, rep.WinningMoves)
	}
	inst, err = catalog.Lookup("partizan-subtract:1/4,5")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := inst.Solve(ctx, []string{"1000000000000"}, catalog.Options{}); err == nil || !strings.Contains(err.Error(), "no arithmetic period is proven") {
		t.Errorf("1/4,5 heap 10^12: %v, want no proven period", err)
	}
	for _, bad := range []string{"-1", "1000000000000000001", "x"} {
		if _, err := inst.Solve(ctx, []string{bad}, catalog.Options{}); err == nil {
			t.Errorf("heap %q: no error", bad)
		}
	}
}

// TestSolveLongValue: a value too long to write out (L = {1,3},
// R = {2,3}, heap 100: birthday 67, its tree far larger than memory) is
// reported as such, with the outcome and winning moves, never written
// out in full.
func TestSolveLongValue(t *testing.T) {
	inst, err := catalog.Lookup("partizan-subtract:1,3/2,3")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := inst.Solve(context.Background(), []string{"100"}, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Outcome != "L" || !strings.Contains(fmt.Sprint(rep.Value), "too long") || !slices.Equal(rep.WinningMoves, []string{"L: 99", "L: 97"}) {
		t.Errorf("heap 100: %s %q %v", rep.Outcome, rep.Value, rep.WinningMoves)
	}
}
