package eatcake

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
)

// plain values a cake by the rules alone: every column Left may eat and
// every row Right may eat (both halves, no transposition), each option
// the sum of the pieces it leaves; its own memo.
func plain(s *cgt.Space, c Cake, memo map[Cake]cgt.Game) cgt.Game {
	if v, ok := memo[c]; ok {
		return v
	}
	side := func(n int, whole func(int) Cake) []cgt.Game {
		var out []cgt.Game
		for i := 0; i < n; i++ {
			v := cgt.Zero
			for _, k := range []int{i, n - 1 - i} {
				if k > 0 {
					v = must(s.Add(v, plain(s, whole(k), memo)))
				}
			}
			out = append(out, v)
		}
		return out
	}
	L := side(c.Cols, func(k int) Cake { return Cake{Rows: c.Rows, Cols: k} })
	R := side(c.Rows, func(k int) Cake { return Cake{Rows: k, Cols: c.Cols} })
	v := must(s.Make(L, R))
	memo[c] = v
	return v
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestAgainstPlain: every cake up to 7×7 against the plain valuation,
// each value all-small and the negative of its transpose's, 1×1 = *.
func TestAgainstPlain(t *testing.T) {
	s := cgt.NewSpace()
	e, err := partizan.New[Cake](s, Game{})
	if err != nil {
		t.Fatal(err)
	}
	memo := map[Cake]cgt.Game{}
	ctx := context.Background()
	for r := 1; r <= 7; r++ {
		for c := 1; c <= 7; c++ {
			v, err := e.Value(ctx, Cake{Rows: r, Cols: c})
			if err != nil {
				t.Fatal(err)
			}
			if want := plain(s, Cake{Rows: r, Cols: c}, memo); v != want {
				t.Fatalf("%dx%d: %s, the rules give %s", r, c, s.String(v), s.String(want))
			}
			if !s.IsAllSmall(v) {
				t.Errorf("%dx%d = %s is not all-small", r, c, s.String(v))
			}
			if tr := plain(s, Cake{Rows: c, Cols: r}, memo); tr != must(s.Neg(v)) {
				t.Errorf("%dx%d = %s, its transpose %s: not negatives", r, c, s.String(v), s.String(tr))
			}
		}
	}
	if v := memo[Cake{Rows: 1, Cols: 1}]; v != s.Star() {
		t.Errorf("1x1 = %s, want *", s.String(v))
	}
}

// TestSums: random sums of up to three cakes are valued as the sum of
// their values.
func TestSums(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 8))
	s := cgt.NewSpace()
	e, _ := partizan.New[Cake](s, Game{})
	memo := map[Cake]cgt.Game{}
	for range 200 {
		var cakes []Cake
		want := cgt.Zero
		for range 1 + r.IntN(3) {
			c := Cake{Rows: 1 + r.IntN(6), Cols: 1 + r.IntN(6)}
			cakes = append(cakes, c)
			want = must(s.Add(want, plain(s, c, memo)))
		}
		got, err := e.Value(context.Background(), cakes...)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("%v: %s, want %s", cakes, s.String(got), s.String(want))
		}
	}
}
