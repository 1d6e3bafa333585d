package clobber_test

import (
	"context"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
	_ "github.com/grundy-go/grundy/games/partizan/clobber"
)

// TestEntry values positions through the catalog, as 'grundy value
// clobber' does: a sum of boards, and the winning moves of Solve as whole
// boards.
func TestEntry(t *testing.T) {
	inst, err := catalog.Lookup("clobber")
	if err != nil {
		t.Fatal(err)
	}
	r, err := reports.PartizanValue(context.Background(), inst, []string{"xxo", "xoo"}, catalog.Options{}, reports.CGTOptions{})
	if err != nil || r.Value != "0" || r.Position != "xxo xoo" {
		t.Fatalf("xxo + xoo: %+v, %v", r, err)
	}
	rep, err := inst.Solve(context.Background(), []string{"xxo"}, catalog.Options{})
	if err != nil || rep.Outcome != "L" {
		t.Fatalf("xxo: %+v, %v", rep, err)
	}
	if _, err := inst.Solve(context.Background(), []string{"xq"}, catalog.Options{}); err == nil {
		t.Errorf("a bad board: no error")
	}
}
