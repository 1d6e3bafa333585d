package clobber_test

import (
	"context"
	"strings"
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

// TestVariantsInCatalog: each of CGSuite's variants answers through
// clobber:NAME with its winning moves read back as whole boards, and a
// bad one is named.
func TestVariantsInCatalog(t *testing.T) {
	for _, name := range []string{"kings", "knights", "rooks", "queens", "hot", "anti"} {
		inst, err := catalog.Lookup("clobber:" + name)
		if err != nil {
			t.Fatal(err)
		}
		r, err := inst.Solve(context.Background(), []string{"xo.|ox."}, catalog.Options{})
		if err != nil || r.Game != "clobber:"+name || r.Position != "xo./ox." {
			t.Errorf("clobber:%s: %+v %v", name, r, err)
		}
	}
	if _, err := catalog.Lookup("clobber:bishops"); err == nil || !strings.Contains(err.Error(), `bad variant "bishops"`) {
		t.Errorf("clobber:bishops: %v", err)
	}
}
