package psubtract

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
)

// plain values a heap by the definition {n−l | n−r}, with its own memo:
// the witness for the evaluator.
func plain(s *cgt.Space, g Game, n int, memo map[int]cgt.Game) cgt.Game {
	if v, ok := memo[n]; ok {
		return v
	}
	var L, R []cgt.Game
	for _, k := range g.L {
		if k <= n {
			L = append(L, plain(s, g, n-k, memo))
		}
	}
	for _, k := range g.R {
		if k <= n {
			R = append(R, plain(s, g, n-k, memo))
		}
	}
	v, err := s.Make(L, R)
	if err != nil {
		panic(err)
	}
	memo[n] = v
	return v
}

func randomSet(r *rand.Rand) []int {
	var set []int
	for k := 1; k <= 6; k++ {
		if r.IntN(3) == 0 {
			set = append(set, k)
		}
	}
	if set == nil {
		set = []int{1 + r.IntN(6)}
	}
	return set
}

// TestAgainstPlain checks 60 random pairs of sets over {1..6}, heaps up
// to 40, and a sum of three heaps against the sum of their values.
func TestAgainstPlain(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 31))
	ctx := context.Background()
	for k := 0; k < 60; k++ {
		g := Game{L: randomSet(r), R: randomSet(r)}
		s := cgt.NewSpace()
		vals, err := g.Values(ctx, s, 41)
		if err != nil {
			t.Fatal(err)
		}
		memo := map[int]cgt.Game{}
		for n, v := range vals {
			if want := plain(s, g, n, memo); v != want {
				t.Fatalf("%s heap %d: %s, the definition gives %s", g.Spec(), n, s.String(v), s.String(want))
			}
		}
		e, _ := partizan.New[int](s, g)
		a, b, c := r.IntN(41), r.IntN(41), r.IntN(41)
		sum, err := e.Value(ctx, a, b, c)
		if err != nil {
			t.Fatal(err)
		}
		if want, _ := s.Sum(vals[a], vals[b], vals[c]); sum != want {
			t.Fatalf("%s: %d+%d+%d = %s, want %s", g.Spec(), a, b, c, s.String(sum), s.String(want))
		}
	}
}

// TestImpartial: with L = R the game is S-Nim, whose nim-sequences
// Winning Ways (ch. 4) gives: S = {1,2}: 0,1,2 repeated; S = {1,3,4}:
// 0,1,0,1,2,3,2 repeated; S = {2,3}: 0,0,1,1,2 repeated.
func TestImpartial(t *testing.T) {
	for _, c := range []struct {
		set    []int
		period []int
	}{
		{[]int{1, 2}, []int{0, 1, 2}},
		{[]int{1, 3, 4}, []int{0, 1, 0, 1, 2, 3, 2}},
		{[]int{2, 3}, []int{0, 0, 1, 1, 2}},
	} {
		g := Game{L: c.set, R: c.set}
		s := cgt.NewSpace()
		vals, err := g.Values(context.Background(), s, 60)
		if err != nil {
			t.Fatal(err)
		}
		for n, v := range vals {
			if k, ok := s.IsNimber(v); !ok || k != c.period[n%len(c.period)] {
				t.Fatalf("S = %v, heap %d: %s, want *%d", c.set, n, s.String(v), c.period[n%len(c.period)])
			}
		}
	}
}

func TestParse(t *testing.T) {
	for _, bad := range []string{"1,2", "1,x/2", "0/1", "1/", "1/1001"} {
		if _, err := New(bad); err == nil {
			t.Errorf("New(%q): no error", bad)
		}
	}
	g, err := New("3,1,3/2")
	if err != nil || g.Spec() != "partizan-subtract:1,3/2" {
		t.Errorf("New: %v %v", g, err)
	}
	for _, bad := range []string{"-1", "x", "5001"} {
		if _, err := Parse([]string{bad}); err == nil {
			t.Errorf("Parse(%q): no error", bad)
		}
	}
	if _, err := Parse(nil); err == nil {
		t.Errorf("Parse(nil): no error")
	}
}

// TestDeep values the largest heap of L = {1}, R = {2} both ways.
func TestDeep(t *testing.T) {
	g := Game{L: []int{1}, R: []int{2}}
	s := cgt.NewSpace()
	e, _ := partizan.New[int](s, g)
	v, err := e.Value(context.Background(), MaxHeap)
	if err != nil {
		t.Fatal(err)
	}
	if want := plain(s, g, MaxHeap, map[int]cgt.Game{}); v != want || s.String(v) != "{1|0}" {
		t.Fatalf("heap %d: %s, the definition gives %s", MaxHeap, s.String(v), s.String(want))
	}
}
