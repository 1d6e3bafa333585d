package cgt

import (
	"strconv"
	"testing"
)

// TestIntegerMethods: CGSuite's Lb, Isqrt and NimInverse against plain
// searches — the largest k with 2^k ≤ n, the largest r with r² ≤ n, the
// m with n NimProduct m = 1 — and their refusals of the integers they do
// not take, with CGSuite's messages (aaron-siegel/cgsuite, GameTest.scala,
// game.Integer; also testdata/cgsuite_ops.txt).
func TestIntegerMethods(t *testing.T) {
	s := NewSpace()
	eval := func(expr string) string {
		t.Helper()
		g, err := s.Parse(expr)
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		return s.String(g)
	}
	for n := 1; n <= 600; n++ {
		k := 0
		for 1<<(k+1) <= n {
			k++
		}
		r := 0
		for (r+1)*(r+1) <= n {
			r++
		}
		if got := eval(strconv.Itoa(n) + ".Lb"); got != strconv.Itoa(k) {
			t.Errorf("%d.Lb = %s, want %d", n, got, k)
		}
		if got := eval(strconv.Itoa(n) + ".Isqrt"); got != strconv.Itoa(r) {
			t.Errorf("%d.Isqrt = %s, want %d", n, got, r)
		}
		if n < 256 {
			inv := eval(strconv.Itoa(n) + ".NimInverse")
			if got := eval(strconv.Itoa(n) + " NimProduct " + inv); got != "1" {
				t.Errorf("%d NimProduct %d.NimInverse (%s) = %s", n, n, inv, got)
			}
			for m := 1; m < 256; m++ {
				if m != atoi(t, inv) && eval(strconv.Itoa(n)+" NimProduct "+strconv.Itoa(m)) == "1" {
					t.Errorf("%d NimProduct %d = 1 too", n, m)
				}
			}
		}
	}
	for _, c := range []struct{ expr, want string }{
		{"(2 ^ 100).Lb", "100"}, {"(2 ^ 100 - 1).Lb", "99"}, {"(10 ^ 40).Isqrt", "100000000000000000000"},
		{"0.Isqrt", "0"}, {"16.NimInverse", "170"},
	} {
		if got := eval(c.expr); got != c.want {
			t.Errorf("%s = %s, want %s", c.expr, got, c.want)
		}
	}
	for _, c := range []struct{ expr, msg string }{
		{"0.Lb", "column 1: Argument to Lb is not strictly positive: 0"},
		{"(-32).Lb", "column 1: Argument to Lb is not strictly positive: -32"},
		{"(-1).Isqrt", "column 1: Argument to Isqrt is negative: -1"},
		{"0.NimInverse", "column 1: NimInverse applies only to positive integers."},
		{"(1/2).Lb", "column 1: Lb applies to integers"},
	} {
		if _, err := s.Parse(c.expr); err == nil || err.Error() != c.msg {
			t.Errorf("%s: %v, want %s", c.expr, err, c.msg)
		}
	}
}

func atoi(t *testing.T, s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestPowToBaseNotPositive: G.PowTo(n) is G : n.Subordinate(1) = {0,
// G^→(n−1) | H} (CGSuite's CanonicalShortGame.powTo), which the quick
// iteration {G^→(n−1) | H} equals only when the Left option 0 is
// dominated: for {0|-2} it is not (found by cgt/stopper's independent
// construction, TestPowShortExponents there). The ordinal sum is
// written out here by hand.
func TestPowToBaseNotPositive(t *testing.T) {
	s := NewSpace()
	for _, c := range []struct{ expr, want string }{
		{"{0|-2}.PowTo(2)", "{0,{0|-2}|-2}"},
		{"{0|-2}.PowTo(3)", "{0,{0,{0|-2}|-2}|-2}"},
		{"{0|-2}.Pow(2)", "Tiny(2)"}, // {0 | H − G^→1} = {0 | −2 − {0|−2}} = {0 | {0|−2}}
		{"^.PowTo(3)", "^[3]"},
	} {
		g, err := s.Parse(c.expr)
		if err != nil {
			t.Fatalf("%s: %v", c.expr, err)
		}
		w, err := s.Parse(c.want)
		if err != nil {
			t.Fatalf("%s: %v", c.want, err)
		}
		if g != w {
			t.Errorf("%s = %s, want %s", c.expr, s.String(g), s.String(w))
		}
	}
}
