package hackenbush_test

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

func cgsValue(t *testing.T, game, pos string) (*reports.CGTReport, error) {
	t.Helper()
	inst, err := catalog.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	return reports.PartizanValue(context.Background(), inst, []string{pos}, catalog.Options{}, reports.CGTOptions{})
}

// TestCGSuiteHackenbush: the Hackenbush and Childish Hackenbush values
// of CGSuite's test suite (lib/core/src/test/scala/org/cgsuite/lang/
// GameGraphTest.scala, "define Hackenbush properly" and "define Childish
// Hackenbush properly"), typed as there. The green girl is Winning Ways
// ch. 7, figure 3. The lollipop with green edges is where the two
// readings of the childish rule part: CGSuite's ({0|^[4]*||vv}) lets a
// green edge be cut whatever falls; childish-hackenbush:all does not.
func TestCGSuiteHackenbush(t *testing.T) {
	for _, c := range []struct{ game, pos, value string }{
		{"hackenbush-graph", "lrlrrllr", "77/128"},
		{"hackenbush-graph", "l(l;rl)", "3/2"},
		{"hackenbush-graph", "eeeeeee", "*7"},
		{"hackenbush-graph", "lrlerrr", "3/4v[3]*"},
		{"hackenbush-graph", "e(ee(e;e);e(eee;ee);e(ee;e))", "*5"},
		{"hackenbush-graph", "e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))", "*2"},
		{"hackenbush", "lrlrrllr", "77/128"},
		{"hackenbush", "l(l;rl)", "3/2"},
		{"hackenbush", "e(ee(e;e);e(eee;ee);e(ee;e))", "*5"},
		{"hackenbush", "lrlerrr", "3/4v[3]*"},
		{"childish-hackenbush", "l(l;rl)", "2"},
		{"childish-hackenbush", ":{ground}llllllrrrr:{ground}", "{4|-2}"},
		{"childish-hackenbush", "r(l:T;r(l:T;r(l:T;r(l:T;rl:T))))", "15/16"},
		{"childish-hackenbush", "(e:B;e:Bllllllrrr:B)", "{0|^[4]*||vv}"},
		{"childish-hackenbush:all", "(e:B;e:Bllllllrrr:B)", "{4*|-1*}"},
	} {
		r, err := cgsValue(t, c.game, c.pos)
		if err != nil || r.Value != c.value {
			t.Errorf("%s %s: %+v %v, want %s", c.game, c.pos, r, err, c.value)
		}
	}
	// CGSuite: ChildishHackenbush("(e:B;e:B;e:Blllllllllrr:B)").AtomicWeight == 3/2.
	r, err := cgsValue(t, "childish-hackenbush", "(e:B;e:B;e:Blllllllllrr:B)")
	if err != nil || r.AtomicWeight == nil || *r.AtomicWeight != "3/2" {
		t.Errorf("lollipop 2: %+v %v, want atomic weight 3/2", r, err)
	}
}

// TestCGSuiteHackenbushErrors: CGSuite refuses a graph that is not
// connected and one with no ground; so does grundy, in one line.
func TestCGSuiteHackenbushErrors(t *testing.T) {
	for _, c := range []struct{ game, pos, msg string }{
		{"hackenbush-graph", "lrlr;lr", "not connected"},
		{"childish-hackenbush", "l;.", "not connected"},
		{"hackenbush-graph", "l-r", `at character 2: this game's edges carry a label`},
		{"hackenbush-graph", "l(r;l", "unmatched '('"},
		{"hackenbush", ":Alll:A", "has a cycle"},
		{"hackenbush", ":A-:A", "edges carry a label"},
		{"hackenbush", ":Al:A", "has a loop"},
		{"hackenbush-graph", strings.Repeat("l", 65), "more than 64 edges"},
	} {
		_, err := cgsValue(t, c.game, c.pos)
		if err == nil || !strings.Contains(err.Error(), c.msg) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s %s: %v, want an error with %q", c.game, c.pos, err, c.msg)
		}
	}
	if _, err := catalog.Lookup("childish-hackenbush:nope"); err == nil {
		t.Errorf("childish-hackenbush:nope: no error")
	}
	for spec, want := range map[string]string{"childish-hackenbush": "childish-hackenbush", "childish-hackenbush:cgsuite": "childish-hackenbush", "childish-hackenbush:all": "childish-hackenbush:all"} {
		if inst, err := catalog.Lookup(spec); err != nil || inst.Spec() != want {
			t.Errorf("%s: %v %v, want spec %s", spec, inst, err, want)
		}
	}
}

// TestCGSuiteMoves: the moves of a position given in CGSuite's notation
// are written in it.
func TestCGSuiteMoves(t *testing.T) {
	inst, _ := catalog.Lookup("childish-hackenbush")
	r, err := inst.Solve(context.Background(), []string{"l(l;rl)"}, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(r.WinningMoves, " "); r.Outcome != "L" || got != "L: lrl L: l(l;r)" {
		t.Errorf("l(l;rl): %s, winning moves %q", r.Outcome, got)
	}
}
