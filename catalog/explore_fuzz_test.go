package catalog

import (
	"context"
	"strings"
	"testing"
	"time"
)

// fuzzExplored are the games whose positions FuzzExplore reads: those
// explored through SuccessorLister, with their own position syntaxes.
var fuzzExplored = []string{"domineering", "hackenbush", "toads", "cutcake", "col", "snort", "moore:2", "pig:12", "landlords", "kuhn", "tshirts"}

// FuzzExplore feeds arbitrary positions to the explorers of the partizan,
// payoff and chance games: whatever the input, an exploration whose moves
// read back, or a one-line error; never a panic or a hang.
func FuzzExplore(f *testing.F) {
	seeds := []struct {
		game uint8
		pos  string
	}{
		{0, "2x2"}, {0, "..#|...|#.."}, {0, "9x9"}, {1, "lr l[r,lr]"}, {1, "-"}, {1, "l["}, {2, "TT..FF"}, {2, "TFX"},
		{3, "3x4 2x2"}, {3, "0x4"}, {4, "L...R"}, {4, "LL"}, {5, "....."}, {6, "3 5 6"}, {6, "1000001"},
		{7, "0 0 0"}, {7, "11 11 11"}, {7, "12 0 0"}, {8, "1 1"}, {8, "0 0"}, {8, "3000 1"}, {9, "deal"},
		{9, "KQ check bet call"}, {9, "KK"}, {9, "JQ check check fold"}, {10, "3 1 2 / 1 2 3 / 2 3 1"},
		{10, "3 1 2 / 1 2 3 / 2 3 1 / deleted 1 2"}, {10, "3 1 2 / 1 2 3 / 2 3 1 / deleted 1 2 3"}, {10, "1 / 1 / 1 / deleted 1"},
		{10, "2 1 / 1 2 / 1 2 / deleted 2 2"},
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
