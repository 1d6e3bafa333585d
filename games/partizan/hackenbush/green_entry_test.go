package hackenbush

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// TestGreenSolveImpartial: solve answers green-hackenbush as an impartial
// game, its grundy value the nim-sum of the pictures' plain mex values,
// and its winning moves exactly the cuts that leave a sum of value 0,
// each written as the position it leaves (checked on random sums of two
// pictures against the mex rule).
func TestGreenSolveImpartial(t *testing.T) {
	inst, err := catalog.Lookup("green-hackenbush")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(32, 3))
	memo := map[string]int{}
	for range 300 {
		a, b := randomPicture(r, 6, "g"), randomPicture(r, 6, "g")
		if len(a) == 0 || len(b) == 0 {
			continue
		}
		va, vb := plainMex(a, memo), plainMex(b, memo)
		rep, err := inst.Solve(context.Background(), []string{a.String(), b.String()}, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Grundy == nil || rep.Grundy.Int64() != int64(va^vb) || rep.Outcome != catalog.OutcomeOfValue(rep.Grundy) {
			t.Fatalf("%s %s: grundy %v %s, want %d", a, b, rep.Grundy, rep.Outcome, va^vb)
		}
		var want []string
		for i, e := range a {
			_ = e
			rest := slices.Delete(slices.Clone(a), i, i+1).grounded()
			if plainMex(rest, memo) == vb {
				want = append(want, strings.TrimPrefix(rest.String()+" "+b.String(), " "))
			}
		}
		for i := range b {
			rest := slices.Delete(slices.Clone(b), i, i+1).grounded()
			if plainMex(rest, memo) == va {
				want = append(want, strings.TrimSuffix(a.String()+" "+rest.String(), " "))
			}
		}
		if va == vb {
			want = nil
		}
		got := slices.Clone(rep.WinningMoves)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("%s %s: winning moves %q, want %q", a, b, got, want)
		}
	}
}
