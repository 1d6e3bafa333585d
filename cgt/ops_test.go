package cgt

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestOverheat checks Overheat(G, S, T) (Berlekamp's overheating, WW
// ch. 6; Siegel, CGT, II.5): n·S (Norton) for an integer n, otherwise
// {Overheat(G^L) + T | Overheat(G^R) − T}. The exact values are worked by
// hand from that definition; on games whose only number followers are
// integers, Overheat(G, 1, T) is heating by T (integers n·1 = n are what
// heating keeps), while a fraction is overheated where heating keeps it.
func TestOverheat(t *testing.T) {
	s := NewSpace()
	for _, c := range []struct{ expr, want string }{
		// 1/2 = {0|1}: {0·1 + * | 1·1 − *} = {*|1*}, which is 0.
		{"Overheat(1/2, 1, *)", "0"},
		// 1/2 by T = 1: {0 + 1 | 1 − 1} = {1|0}; Heat(1/2, 1) is 1/2.
		{"Overheat(1/2, 1, 1)", "{1|0}"},
		{"Heat(1/2, 1)", "1/2"},
		// * = {0|0}: {0 + 1 | 0 − 1}, whatever S is (0·S = 0).
		{"Overheat(*, 1, 1)", "+-1"},
		{"Overheat(*, 2, 1)", "+-1"},
		{"Overheat(*, 1, *)", "0"},
		// {2|1}: {2·1 + 1 | 1·1 − 1} = {3|0}.
		{"Overheat({2|1}, 1, 1)", "{3|0}"},
		// 3/4 = {1/2|1}: Overheat(1/2, 2, 1) = {0 + 1 | 2 − 1} = 1*, and
		// 1·2 = 2, so {1* + 1 | 2 − 1} = {2*|1}.
		{"Overheat(3/4, 2, 1)", "{2*|1}"},
		// Integers are Norton multiples of S: 3 copies of {1|0}, -2 of ^.
		{"Overheat(3, {1|0}, 5)", "{1|0} + {1|0} + {1|0}"},
		{"Overheat(-2, ^, 7)", "vv"},
		{"Overheat(0, {1|0}, 5)", "0"},
	} {
		got, err := s.Parse(c.expr)
		if err != nil {
			t.Errorf("%s: %v", c.expr, err)
			continue
		}
		if want := mustParse(t, s, c.want); got != want {
			t.Errorf("%s = %s, want %s", c.expr, s.String(got), s.String(want))
		}
	}
	// Overheat(G, 1, T) = Heat(G, T) on random games whose number
	// followers are all integers.
	r := rand.New(rand.NewPCG(19, 20))
	gs := randomGames(r, s, 300)
	temps := []Game{s.Integer(1), s.Integer(2), s.Star(), mustParse(t, s, "^"), mustParse(t, s, "{1|0}")}
	checked := 0
	for _, g := range gs {
		fs, ok := s.followers(g, 1<<12)
		if !ok {
			continue
		}
		integral := true
		for _, f := range fs {
			if x, ok := s.IsNumber(f); ok && !x.IsInt() {
				integral = false
			}
		}
		if !integral {
			continue
		}
		for _, T := range temps {
			if o, h := s.overheat(g, s.Integer(1), T, map[Game]Game{}), s.heat(g, T); o != h {
				t.Fatalf("Overheat(%s, 1, %s) = %s, Heat = %s", s.String(g), s.String(T), s.String(o), s.String(h))
			}
		}
		checked++
	}
	if checked < 50 {
		t.Fatalf("only %d games with integer number followers", checked)
	}
}

// TestSubordinate checks Subordinate(G, B), the inverse of the ordinal
// sum B:H = G (CGSuite's Subordinate; PowTo uses it): on Hackenbush
// stalks, whose values are their sign expansions (WW ch. 1), a stalk
// standing on one blue edge subordinated to 1 is the stalk above it; on
// random bases B and games H, whenever B:H can be subordinated to B the
// answer H' gives back B:H' = B:H.
func TestSubordinate(t *testing.T) {
	s := NewSpace()
	for _, c := range []struct{ expr, want string }{
		{"Subordinate(1/2, 1)", "-1"},         // BR = 1:(−1)
		{"Subordinate(3/4, 1)", "-1/2"},       // BRB = 1:(−1:1) = 1:(−1/2)
		{"Subordinate(5/2, 1)", "3/2"},        // BBBR = 1:(1:(1:−1))
		{"Subordinate(3, 1)", "2"},            // BBB
		{"Subordinate(^[3], ^)", "2"},         // ^[3] = ^:2 (Siegel, CGT, II.6)
		{"Subordinate(*3, *)", "*2"},          // *:*2 = *3 (colon principle)
		{"Subordinate({1,+-1|-1}, +-1)", "1"}, // ±1 : 1
	} {
		got, err := s.Parse(c.expr)
		if err != nil {
			t.Errorf("%s: %v", c.expr, err)
			continue
		}
		if want := mustParse(t, s, c.want); got != want {
			t.Errorf("%s = %s, want %s", c.expr, s.String(got), s.String(want))
		}
	}
	for _, e := range []string{"Subordinate(-1, 1)", "Subordinate(1/2, -1)", "Subordinate(^, 1)"} {
		if _, err := s.Parse(e); err == nil || !strings.Contains(err.Error(), "cannot be subordinated") {
			t.Errorf("%s: %v, want 'cannot be subordinated'", e, err)
		}
	}
	// Stalks of blue (B) and red (R) edges from the ground up.
	r := rand.New(rand.NewPCG(21, 22))
	for k := 0; k < 300; k++ {
		w := make([]byte, 1+r.IntN(8))
		for i := range w {
			w[i] = "BR"[r.IntN(2)]
		}
		above := Zero
		for i := len(w) - 1; i >= 0; i-- {
			e := s.Integer(1)
			if w[i] == 'R' {
				e = s.Integer(-1)
			}
			above = s.ordinalSum(e, above)
		}
		g := s.ordinalSum(s.Integer(1), above)
		if sub, ok := s.subordinate(g, s.Left(s.Integer(1)), s.Right(s.Integer(1))); !ok || sub != above {
			t.Fatalf("Subordinate(B%s = %s, 1) = %s (%v), want %s", w, s.String(g), s.String(sub), ok, s.String(above))
		}
	}
	gs := randomGames(r, s, 200)
	inverted := 0
	for k := 0; k < 600; k++ {
		b, h := gs[r.IntN(len(gs))], gs[r.IntN(len(gs))]
		if b == Zero || s.Birthday(b)+s.Birthday(h) > 7 {
			continue
		}
		g := s.ordinalSum(b, h)
		sub, ok := s.subordinate(g, s.Left(b), s.Right(b))
		if !ok {
			continue
		}
		if back := s.ordinalSum(b, sub); back != g {
			t.Fatalf("Subordinate(%s:%s = %s, %s) = %s, but %s:%s = %s", s.String(b), s.String(h), s.String(g),
				s.String(b), s.String(sub), s.String(b), s.String(sub), s.String(back))
		}
		inverted++
	}
	if inverted < 100 {
		t.Fatalf("only %d ordinal sums subordinated", inverted)
	}
}

// TestCoolBelowZeroAndHeatByGames checks cooling by −1 < t < 0 and
// heating by a game that is not a number (CGSuite's Cool and Heat;
// Siegel, CGT, II.5), on values worked by hand from the definitions:
// G_t = {G^L_t − t | G^R_t + t} until G_t is infinitely close to a number
// (a number x = m/2^n is hot below its temperature −1/2^n), and
// ∫^T G = G for a number G, else {∫^T G^L + T | ∫^T G^R − T}.
func TestCoolBelowZeroAndHeatByGames(t *testing.T) {
	s := NewSpace()
	for _, c := range []struct{ expr, want string }{
		{"Cool({3|-3}, -1/2)", "+-7/2"},
		{"Cool(*, -1/2)", "+-1/2"},
		{"Cool(1/2, -3/4)", "{3/4|1/4}"}, // 1/2 = {0|1}, below its temperature −1/2
		{"Cool(1/2, -1/2)", "1/2*"},      // at its temperature: {1/2|1/2}
		{"Cool(1/2, -1/4)", "1/2"},       // above it
		{"Cool(3/2, -3/4)", "{7/4|5/4}"}, // 3/2 = {1|2}
		{"Cool(1, -1/2)", "1"},           // integers have temperature −1
		{"Heat({1|-1}, ^)", "{1^|-1v}"},
		{"Heat(*, *)", "{*|*}"},
		{"Heat(*, ^)", "{^|v}"},
		{"Heat({2|*}, 1)", "{3|{0|-2}}"}, // ∫* = ±1, minus 1
		{"Heat(5/8, {1|0})", "5/8"},
	} {
		got, err := s.Parse(c.expr)
		if err != nil {
			t.Errorf("%s: %v", c.expr, err)
			continue
		}
		if want := mustParse(t, s, c.want); got != want {
			t.Errorf("%s = %s, want %s", c.expr, s.String(got), s.String(want))
		}
	}
}
