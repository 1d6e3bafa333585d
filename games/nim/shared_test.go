package nim

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// nimRemoteness is the remoteness of a Nim position by its definition
// (Winning Ways ch. 9): 0 with no tokens; else 1 + the least remoteness
// of a move to a position the opponent loses, if there is one, else 1 +
// the greatest. A position is lost exactly when its nim-sum is 0
// (Bouton 1901).
func nimRemoteness(heaps []int, memo map[string]int) int {
	hs := slices.Clone(heaps)
	slices.Sort(hs)
	key := fmt.Sprint(hs)
	if r, ok := memo[key]; ok {
		return r
	}
	x := 0
	for _, h := range hs {
		x ^= h
	}
	best, worst, any := -1, 0, false
	for i, h := range hs {
		for k := range h {
			any = true
			next := slices.Clone(hs)
			next[i] = k
			y := x ^ h ^ k
			r := nimRemoteness(next, memo)
			if y == 0 && (best < 0 || r < best) {
				best = r
			}
			worst = max(worst, r)
		}
	}
	r := 0
	switch {
	case !any:
	case x != 0:
		r = best + 1
	default:
		r = worst + 1
	}
	memo[key] = r
	return r
}

// TestSharedSumsAcrossRequests: explorations of random Nim positions, one
// after another as requests come, share one search of sums, and every
// remoteness they give, of the position and of each move, is the
// definition's; the search is kept between them.
func TestSharedSumsAcrossRequests(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(18, 7))
	memo := map[string]int{}
	var kept any
	for trial := range 40 {
		n := 2 + rng.IntN(3)
		heaps := make([]string, n)
		hs := make([]int, n)
		for i := range heaps {
			hs[i] = rng.IntN(9)
			heaps[i] = strconv.Itoa(hs[i])
		}
		x, err := nimGame{}.Explore(ctx, heaps, catalog.Options{}, 0)
		if err != nil {
			t.Fatal(err)
		}
		if x.Report.Remoteness == nil || *x.Report.Remoteness != nimRemoteness(hs, memo) {
			t.Errorf("nim %v: remoteness %v, want %d", hs, x.Report.Remoteness, nimRemoteness(hs, memo))
		}
		for _, m := range x.Moves {
			var after []int
			for _, f := range catalog.Fields([]string{m.Position}) {
				h, _ := strconv.Atoi(f)
				after = append(after, h)
			}
			if want := nimRemoteness(after, memo); m.Remoteness == nil || *m.Remoteness != want {
				t.Fatalf("nim %v, move to %s: remoteness %v, want %d", hs, m.Position, m.Remoteness, want)
			}
		}
		shared.mu.Lock()
		s := shared.sums
		shared.mu.Unlock()
		if s == nil || s.Size() == 0 {
			t.Fatalf("after request %d the shared search is %v", trial, s)
		}
		if trial > 0 && any(s) != kept {
			t.Errorf("request %d made a search of its own; the shared one was free", trial)
		}
		kept = s
	}
}
