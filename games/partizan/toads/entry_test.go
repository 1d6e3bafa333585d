package toads_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	_ "github.com/grundy-go/grundy/games/partizan/toads"
)

// TestEntry pins Solve on Toads and Frogs (Winning Ways ch. 1): T.F is
// *, T.TFF is ↑ (Left wins by jumping, to .TTFF), a blocked strip TF is 0,
// and the alias "toads" names the same game.
func TestEntry(t *testing.T) {
	inst, err := catalog.Lookup("toads")
	if err != nil {
		t.Fatal(err)
	}
	if inst.Spec() != "toads-and-frogs" {
		t.Errorf("spec %q", inst.Spec())
	}
	for _, c := range []struct {
		pos, wantPos, outcome, value string
		wins                         []string
	}{
		{"T.F", "T.F", "N", "*", []string{"L: .TF", "R: TF."}},
		{"t.tff", "T.TFF", "L", "^", []string{"L: .TTFF"}},
		{"TF", "TF", "P", "0", nil},
	} {
		r, err := inst.Solve(context.Background(), strings.Fields(c.pos), catalog.Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.pos, err)
		}
		if r.Position != c.wantPos || r.Outcome != c.outcome || r.Value != c.value || !slices.Equal(r.WinningMoves, c.wins) {
			t.Errorf("%s: %s %s = %v, winning moves %q; want %s %s = %s, %q", c.pos, r.Position, r.Outcome, r.Value, r.WinningMoves, c.wantPos, c.outcome, c.value, c.wins)
		}
	}
}

// TestCGSuiteStrips pins CGSuite's own test of its strip games
// (GameStripTest): ToadsAndFrogs("ttttt..fffff"), GenToadsAndFrogs(2)
// ("tttt..fff") and ElephantsAndRhinos("tttt..fff"), each in CGSuite's
// printing.
func TestCGSuiteStrips(t *testing.T) {
	for _, c := range []struct{ game, pos, value string }{
		{"toads-and-frogs", "ttttt..fffff", "+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}"},
		{"toads-and-frogs:2", "tttt..fff", "{1/2*|v}"},
		{"elephants-and-rhinos", "tttt..fff", "1"},
		{"toads-and-frogs:0", "tttt..fff", "1"},
	} {
		inst, err := catalog.Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		r, err := inst.Solve(context.Background(), []string{c.pos}, catalog.Options{})
		if err != nil {
			t.Fatalf("%s %s: %v", c.game, c.pos, err)
		}
		if r.Value != c.value {
			t.Errorf("%s %s = %v, CGSuite %s", c.game, c.pos, r.Value, c.value)
		}
	}
	if _, err := catalog.Lookup("toads-and-frogs:x"); err == nil || !strings.Contains(err.Error(), "bad jump") {
		t.Errorf("toads-and-frogs:x: %v", err)
	}
}
