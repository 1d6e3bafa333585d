package colsnort_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

// TestCGSuiteValues: the values CGSuite's test suite expects
// (lib/core/src/test/scala/org/cgsuite/lang/GameGraphTest.scala, "define
// Col properly"), typed as a researcher types them there, through the
// catalog as 'grundy value' does; and small positions whose values
// follow from the rules at a glance (the tutorial's Col("L-R---L") is
// pinned here as this engine values it, its witness being the GenCol
// test).
func TestCGSuiteValues(t *testing.T) {
	for _, c := range []struct{ game, pos, position, value string }{
		{"col", "R-.-R-.-L-.-R-.-R-.", "R--R--L--R--R-", "7/8"},
		{"snort", "L-.-.-.-L", "L----L", "{4|0,+-1}"},
		{"snort", ".-.-.(-.;-.)", "--(-;-)", "+-{3|2}"},
		{"col", "L-R---L", "L-R---L", "-1"},
		// One tinted vertex: Right may colour it in Col, Left in Snort.
		{"col", "L;", "L;", "-1"},
		{"snort", "L;", "L;", "1"},
		// A strip's L is a coloured vertex: nobody moves.
		{"col", "L", "L", "0"},
		// A 4-cycle in both notations.
		{"col", ":A----:A", ":1----:1", "0"},
		{"col", "....:0-1,1-2,2-3,3-0", "....:0-1,0-3,1-2,2-3", "0"},
		{"fjords", "L-.-R", "L--R", "0"},
		{"fjords", "L;", "L;", "1"},
		// Left colours one, the other stays tinted blue: two moves.
		{"fjords", "L-L", "L-L", "2"},
	} {
		inst, err := catalog.Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		r, err := reports.PartizanValue(context.Background(), inst, []string{c.pos}, catalog.Options{}, reports.CGTOptions{})
		if err != nil || r.Value != c.value || r.Position != c.position {
			t.Errorf("%s %s: %+v %v, want %s = %s", c.game, c.pos, r, err, c.position, c.value)
		}
	}
}

// TestCGSuiteMoves: Solve writes the moves of a position given in
// CGSuite's notation in it: Right colouring each vertex of L-R---L that
// Col lets her (an untinted one or one tinted blue).
func TestCGSuiteMoves(t *testing.T) {
	inst, _ := catalog.Lookup("col")
	r, err := inst.Solve(context.Background(), []string{"L-R---L"}, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"R: R---L", "R: L-R;R-L", "R: L-R-R", "R: L-R--R"}; r.Outcome != "R" || !slices.Equal(r.WinningMoves, want) {
		t.Errorf("col L-R---L: %s, winning moves %q, want R and %q", r.Outcome, r.WinningMoves, want)
	}
}

// TestCGSuiteBadGraphs: one line with the character where it went wrong.
func TestCGSuiteBadGraphs(t *testing.T) {
	for _, c := range []struct{ game, pos, msg string }{
		{"col", "L-R-(", "at character 5: unmatched '('"},
		{"snort", "L--X", `at character 4: "X" is not an edge`},
		{"col", "L>R", "directed edges"},
		{"fjords", "LR", "at character 2"},
		{"fjords", "L-l", `"l" is not an edge`},
		{"col", strings.Repeat("-", 70), "more than 62 vertices"},
	} {
		inst, _ := catalog.Lookup(c.game)
		_, err := reports.PartizanValue(context.Background(), inst, []string{c.pos}, catalog.Options{}, reports.CGTOptions{})
		if err == nil || !strings.Contains(err.Error(), c.msg) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s %s: %v, want an error with %q", c.game, c.pos, err, c.msg)
		}
	}
}
