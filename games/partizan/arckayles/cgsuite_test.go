package arckayles_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
	"github.com/grundy-go/grundy/games/partizan/arckayles"
)

func catalogValue(t *testing.T, game string, pos ...string) (string, error) {
	t.Helper()
	inst, err := catalog.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	r, err := reports.PartizanValue(context.Background(), inst, pos, catalog.Options{}, reports.CGTOptions{})
	if err != nil {
		return "", err
	}
	return r.Value, nil
}

// The nim values CGSuite's test suite expects (lib/core/src/test/scala/
// org/cgsuite/lang/GameGraphTest.scala, "define ArcKayles properly"):
// Arc Kayles on the path of n vertices is Dawson's Kayles, and with a
// loop at every vertex Kayles, for n from 1 to 50.
var (
	cgsuitePaths       = "0,1,1,2,0,3,1,1,0,3,3,2,2,4,0,5,2,2,3,3,0,1,1,3,0,2,1,1,0,4,5,2,7,4,0,1,1,2,0,3,1,1,0,3,3,2,2,4,4,5"
	cgsuiteLoopedPaths = "1,2,3,1,4,3,2,1,4,2,6,4,1,2,7,1,4,3,2,1,4,6,7,4,1,2,8,5,4,7,2,1,8,6,7,4,1,2,3,1,4,7,2,1,8,2,7,4,1,2"
)

func nimber(k string) string {
	switch k {
	case "0":
		return "0"
	case "1":
		return "*"
	}
	return "*" + k
}

// One evaluator a game serves every n (its memo shared); the catalog's
// path, a new evaluator each time, is checked for n = 20.
func TestCGSuiteArcKaylesPaths(t *testing.T) {
	want := strings.Split(cgsuitePaths, ",")
	wantLooped := strings.Split(cgsuiteLoopedPaths, ",")
	s := cgt.NewSpace()
	evals := map[string]*partizan.Evaluator[string]{}
	rules := map[string]arckayles.Game{"arc-kayles": {Rule: arckayles.Plain}, "weighted-arc-kayles": {Rule: arckayles.Weighted}}
	for name, g := range rules {
		evals[name], _ = partizan.New[string](s, g)
	}
	eval := func(game, pos string) (string, error) {
		parts, err := rules[game].Parse([]string{pos})
		if err != nil {
			return "", err
		}
		v, err := evals[game].Value(context.Background(), parts...)
		return s.String(v), err
	}
	for n := 1; n <= 50; n++ {
		path := "." + strings.Repeat("-", n-1)
		// A loop at vertex i: ":i-:i", then on to the next vertex.
		var looped strings.Builder
		for i := 1; i <= n; i++ {
			if i > 1 {
				looped.WriteByte('-')
			}
			fmt.Fprintf(&looped, ":{%d}-:{%d}", i, i)
		}
		for _, game := range []string{"arc-kayles", "weighted-arc-kayles"} {
			value := eval
			if n == 20 {
				value = func(game, pos string) (string, error) { return catalogValue(t, game, pos) }
			}
			if got, err := value(game, path); err != nil || got != nimber(want[n-1]) {
				t.Errorf("%s on the path of %d: %s %v, want %s (CGSuite)", game, n, got, err, nimber(want[n-1]))
			}
			if got, err := value(game, looped.String()); err != nil || got != nimber(wantLooped[n-1]) {
				t.Errorf("%s on the looped path of %d: %s %v, want %s (CGSuite)", game, n, got, err, nimber(wantLooped[n-1]))
			}
		}
	}
}

// TestCGSuitePartizanArcKayles: the values of CGSuite's test suite
// (GameGraphTest.scala, "define Partizan Arc Kayles properly"), and a
// few more read off the rules by hand.
func TestCGSuitePartizanArcKayles(t *testing.T) {
	for _, c := range []struct{ game, pos, want string }{
		{"partizan-arc-kayles", "llr", "1/2"},
		{"partizan-arc-kayles", "lrlr(ll;ree(rl;l))", "{3*|2*||3/2,3/2*|1/2*}"},
		// By hand: one blue edge is 1; a green edge is *; a blue triangle
		// is 1 (any move removes two of its three vertices).
		{"partizan-arc-kayles", "l", "1"},
		{"partizan-arc-kayles", "e", "*"},
		{"partizan-arc-kayles", ":All:Al", "1"},
		// Weighted: an edge between weights 2 and 3 allows two moves, 0;
		// 2-1-2 is one move, *.
		{"weighted-arc-kayles", "2-3", "0"},
		{"weighted-arc-kayles", "2-1-2", "*"},
		{"weighted-arc-kayles", "{12}-0-5", "0"},
	} {
		if got, err := catalogValue(t, c.game, c.pos); err != nil || got != c.want {
			t.Errorf("%s %s: %s %v, want %s", c.game, c.pos, got, err, c.want)
		}
	}
}

// TestBadPositions: one line, the offset, no panic.
func TestBadPositions(t *testing.T) {
	for _, c := range []struct{ game, pos, msg string }{
		{"partizan-arc-kayles", "l-r", `bad graph "l-r" at character 2`},
		{"partizan-arc-kayles", "l(l;r", "unmatched '('"},
		{"arc-kayles", "L-R", `"L" is not an edge`},
		{"weighted-arc-kayles", "{99999999}-1", "weights are whole numbers"},
		{"weighted-arc-kayles", "2-x", `"x" is not an edge`},
	} {
		_, err := catalogValue(t, c.game, c.pos)
		if err == nil || !strings.Contains(err.Error(), c.msg) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s %s: %v, want an error with %q", c.game, c.pos, err, c.msg)
		}
	}
}
