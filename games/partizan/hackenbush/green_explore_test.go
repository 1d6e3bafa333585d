package hackenbush

import (
	"context"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// The explorer's cuts agree with their definition: walking every position
// below small pictures through the explorer alone, a position's nimber is
// the mex of the nimbers its cuts leave, and its winning moves (Solve's)
// are exactly the cuts to P-positions.
func TestGreenExploreConsistent(t *testing.T) {
	inst, err := catalog.Lookup("green-hackenbush")
	if err != nil {
		t.Fatal(err)
	}
	ex, _ := catalog.AsExplorer(inst)
	memo := map[string]int64{}
	var walk func(pos string) int64
	walk = func(pos string) int64 {
		if v, ok := memo[pos]; ok {
			return v
		}
		if pos == "-" {
			return 0
		}
		x, err := ex.Explore(context.Background(), []string{pos}, catalog.Options{}, 0)
		if err != nil {
			t.Fatalf("%s: %v", pos, err)
		}
		seen := map[int64]bool{}
		wins := map[string]bool{}
		for _, m := range x.Moves {
			v := walk(m.Position)
			if m.Grundy.Int64() != v {
				t.Errorf("%s → %s: listed as *%v, its cuts say *%d", pos, m.Position, m.Grundy, v)
			}
			seen[v] = true
			if v == 0 {
				wins[m.Position] = true
			}
		}
		mex := int64(0)
		for seen[mex] {
			mex++
		}
		if x.Report.Grundy.Int64() != mex {
			t.Errorf("%s: *%v, its cuts say *%d", pos, x.Report.Grundy, mex)
		}
		got := map[string]bool{}
		for _, w := range x.Report.WinningMoves {
			got[w] = true
		}
		if len(got) != len(wins) {
			t.Errorf("%s: winning moves %v, cuts to P %v", pos, x.Report.WinningMoves, wins)
		}
		for w := range wins {
			if !got[w] {
				t.Errorf("%s: cut to %s wins but is not listed", pos, w)
			}
		}
		memo[pos] = mex
		return mex
	}
	for _, pos := range []string{"0-1,1-2,2-0,2-3", "0-1,1-1,1-2,2-0", "0-1,0-1,1-2,1-3,3-4", "0-1,1-2 0-1,0-1"} {
		walk(pos)
	}
	if len(memo) < 20 {
		t.Errorf("only %d positions walked", len(memo))
	}
}
