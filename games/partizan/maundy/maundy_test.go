package maundy

import (
	"context"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
)

// plain values a cake by the definition, a move's d equal pieces added up
// as d copies: the witness for the evaluator.
func plain(s *cgt.Space, c Cake, memo map[Cake]cgt.Game) cgt.Game {
	if v, ok := memo[c]; ok {
		return v
	}
	var L, R []cgt.Game
	for d := 2; d <= c.Cols; d++ {
		if c.Cols%d == 0 {
			L = append(L, copies(s, plain(s, Cake{Rows: c.Rows, Cols: c.Cols / d}, memo), d))
		}
	}
	for d := 2; d <= c.Rows; d++ {
		if c.Rows%d == 0 {
			R = append(R, copies(s, plain(s, Cake{Rows: c.Rows / d, Cols: c.Cols}, memo), d))
		}
	}
	v, err := s.Make(L, R)
	if err != nil {
		panic(err)
	}
	memo[c] = v
	return v
}

func copies(s *cgt.Space, g cgt.Game, d int) cgt.Game {
	gs := make([]cgt.Game, d)
	for i := range gs {
		gs[i] = g
	}
	v, err := s.Sum(gs...)
	if err != nil {
		panic(err)
	}
	return v
}

// strip is Winning Ways' count of Left's moves in a 1×w strip: 1 + p₁ +
// p₁p₂ + … for w = p₁p₂⋯p_k, primes in decreasing order.
func strip(w int) int64 {
	var primes []int
	for p := 2; p*p <= w; p++ {
		for w%p == 0 {
			primes = append([]int{p}, primes...)
			w /= p
		}
	}
	if w > 1 {
		primes = append([]int{w}, primes...)
	}
	var total, prod int64 = 0, 1
	for i := 0; i < len(primes); i++ {
		total += prod
		prod *= int64(primes[i])
	}
	return total
}

func TestAgainstPlain(t *testing.T) {
	s := cgt.NewSpace()
	e, err := partizan.New[Cake](s, Game{})
	if err != nil {
		t.Fatal(err)
	}
	memo := map[Cake]cgt.Game{}
	for r := 1; r <= 30; r++ {
		for c := 1; c <= 30; c++ {
			v, err := e.Value(context.Background(), Cake{Rows: r, Cols: c})
			if err != nil {
				t.Fatal(err)
			}
			if want := plain(s, Cake{Rows: r, Cols: c}, memo); v != want {
				t.Fatalf("%dx%d: %s, the definition gives %s", r, c, s.String(v), s.String(want))
			}
			if _, ok := s.IsNumber(v); !ok {
				t.Fatalf("%dx%d: %s is not a number", r, c, s.String(v))
			}
		}
	}
}

// TestStrips checks 1×w and w×1 against Winning Ways' formula, w ≤ 1000.
func TestStrips(t *testing.T) {
	s := cgt.NewSpace()
	e, err := partizan.New[Cake](s, Game{})
	if err != nil {
		t.Fatal(err)
	}
	for w := 1; w <= 1000; w++ {
		v, err := e.Value(context.Background(), Cake{Rows: 1, Cols: w})
		if err != nil {
			t.Fatal(err)
		}
		if v != s.Integer(strip(w)) {
			t.Fatalf("1x%d: %s, want %d", w, s.String(v), strip(w))
		}
		if v, _ := e.Value(context.Background(), Cake{Rows: w, Cols: 1}); v != s.Integer(-strip(w)) {
			t.Fatalf("%dx1: %s, want %d", w, s.String(v), -strip(w))
		}
	}
	if strip(12) != 10 || strip(8) != 7 || strip(7) != 1 {
		t.Fatalf("strip: 12 -> %d, 8 -> %d, 7 -> %d", strip(12), strip(8), strip(7))
	}
}

func TestParse(t *testing.T) {
	for _, bad := range []string{"3", "0x4", "3x-1", "ax2"} {
		if _, err := Parse([]string{bad}); err == nil {
			t.Errorf("Parse(%q): no error", bad)
		}
	}
	if cs, err := Parse([]string{"6x12 2x3"}); err != nil || len(cs) != 2 || cs[0] != (Cake{Rows: 6, Cols: 12}) {
		t.Errorf("Parse: %v %v", cs, err)
	}
}
