package psubtract_test

import (
	"context"
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
