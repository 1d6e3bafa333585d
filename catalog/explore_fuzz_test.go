package catalog

import (
	"context"
	"strings"
	"testing"
	"time"
)

// fuzzExplored are the games whose positions FuzzExplore reads: those
// explored through SuccessorLister, with their own position syntaxes.
var fuzzExplored = []string{"moore:2"}

// FuzzExplore feeds arbitrary positions to the explorers of the games
// listed in fuzzExplored (the partizan games' are fuzzed in
// catalog/partizanreport, the payoff and chance games' beside them, in
// games/pig, games/landlords, games/kuhn and games/tshirts): whatever the
// input, an exploration whose moves read back, or a one-line error; never
// a panic or a hang.
func FuzzExplore(f *testing.F) {
	seeds := []struct {
		game uint8
		pos  string
	}{
		{0, "3 5 6"}, {0, "1000001"},
	}
	for _, s := range seeds {
		f.Add(s.game, s.pos)
	}
	f.Fuzz(func(t *testing.T, game uint8, pos string) {
		spec := fuzzExplored[int(game)%len(fuzzExplored)]
		inst, err := Lookup(spec)
		if err != nil {
			t.Fatal(err)
		}
		ex, _ := AsExplorer(inst)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		x, err := ex.Explore(ctx, []string{pos}, Options{MaxStates: 5000}, 20)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("%s %q: a multi-line error %q", spec, pos, err)
			}
			return
		}
		if x.Report == nil || x.Report.Outcome == "" || x.Board == nil {
			t.Fatalf("%s %q: an incomplete exploration %+v", spec, pos, x)
		}
		for _, m := range x.Moves {
			if m.Position == "" && m.Chance == nil && !m.Terminal {
				t.Fatalf("%s %q: a move to nowhere %+v", spec, pos, m)
			}
		}
	})
}
