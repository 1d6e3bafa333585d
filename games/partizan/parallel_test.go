package partizan_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
	"github.com/grundy-go/grundy/games/partizan/domineering"
	"github.com/grundy-go/grundy/games/partizan/hackenbush"
)

// TestParallelAgrees values random Domineering boards and Hackenbush
// trees with one worker and with three: the values must print the same.
func TestParallelAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	ctx := context.Background()
	for k := 0; k < 60; k++ {
		b, _ := domineering.Empty(1+r.IntN(4), 1+r.IntN(4))
		for i := 0; i < int(b.Rows)*int(b.Cols); i++ {
			if r.IntN(5) == 0 {
				b.Filled |= 1 << i
			}
		}
		s1, s2 := cgt.NewSpace(), cgt.NewSpace()
		e1, _ := partizan.New[domineering.Board](s1, domineering.Game{})
		e2, _ := partizan.New[domineering.Board](s2, domineering.Game{})
		g1, err1 := e1.Value(ctx, b)
		g2, err2 := e2.ValueParallel(ctx, 3, b)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if s1.String(g1) != s2.String(g2) {
			t.Fatalf("%s: %s alone, %s in parallel", b, s1.String(g1), s2.String(g2))
		}
	}
	s1, s2 := cgt.NewSpace(), cgt.NewSpace()
	e1, _ := partizan.New[string](s1, hackenbush.Trees{})
	e2, _ := partizan.New[string](s2, hackenbush.Trees{})
	for _, p := range []string{"l[r,lr]", "lrrl", "r[l[r,r],l]", "l", "rl[l,l,r]"} {
		g1, _ := e1.Value(ctx, p)
		g2, err := e2.ValueParallel(ctx, 2, p, p)
		if err != nil {
			t.Fatal(err)
		}
		if want := s1.String(must(s1.Add(g1, g1))); s2.String(g2) != want {
			t.Fatalf("%s twice: %s in parallel, want %s", p, s2.String(g2), want)
		}
	}
}
