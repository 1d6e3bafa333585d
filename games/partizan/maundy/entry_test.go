package maundy_test

import (
	"context"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
	_ "github.com/grundy-go/grundy/games/partizan/maundy"
)

// TestEntry values cakes through the catalog, as 'grundy value
// maundy-cake' does: a 1×12 strip is Left's 10 moves (Winning Ways'
// 1 + 3 + 3·2), and the largest cake is valued.
func TestEntry(t *testing.T) {
	inst, err := catalog.Lookup("maundy-cake")
	if err != nil {
		t.Fatal(err)
	}
	r, err := reports.PartizanValue(context.Background(), inst, []string{"1x12", "8x1"}, catalog.Options{}, reports.CGTOptions{})
	if err != nil || r.Value != "3" {
		t.Fatalf("1x12 + 8x1: %+v, %v", r, err)
	}
	if _, err := inst.Solve(context.Background(), []string{"5000x4096"}, catalog.Options{}); err != nil {
		t.Fatalf("5000x4096: %v", err)
	}
	if _, err := inst.Solve(context.Background(), []string{"5001x1"}, catalog.Options{}); err == nil {
		t.Errorf("a cake too large: no error")
	}
}
