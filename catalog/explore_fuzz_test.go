package catalog

import (
	"context"
	"strings"
	"testing"
	"time"
)

// fuzzExplored are the games whose positions FuzzExplore reads: those
// explored through SuccessorLister, with their own position syntaxes.
var fuzzExplored = []string{"moore:2", "pig:12", "landlords", "kuhn", "tshirts"}

// FuzzExplore feeds arbitrary positions to the explorers of the payoff
// and chance games (the partizan games' are fuzzed in
// catalog/partizanreport): whatever the input, an exploration whose moves
// read back, or a one-line error; never a panic or a hang.
func FuzzExplore(f *testing.F) {
	seeds := []struct {
		game uint8
		pos  string
	}{
		{0, "3 5 6"}, {0, "1000001"}, {1, "0 0 0"}, {1, "11 11 11"}, {1, "12 0 0"}, {2, "1 1"}, {2, "0 0"},
		{2, "3000 1"}, {3, "deal"}, {3, "KQ check bet call"}, {3, "KK"}, {3, "JQ check check fold"},
		{4, "3 1 2 / 1 2 3 / 2 3 1"}, {4, "3 1 2 / 1 2 3 / 2 3 1 / deleted 1 2"},
		{4, "3 1 2 / 1 2 3 / 2 3 1 / deleted 1 2 3"}, {4, "1 / 1 / 1 / deleted 1"},
		{4, "2 1 / 1 2 / 1 2 / deleted 2 2"},
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
