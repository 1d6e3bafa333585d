package cgt

import (
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
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

// TestDeepArguments: operations that follow an argument option by option
// refuse one born after MaxDeepBirthday with a *budget.Exceeded, and Pow
// and PowTo an exponent born after MaxUpPower, instead of overflowing the
// Go stack (numbers such as 10^8 are stored by value; issue 19) or
// filling the memory with uptimal expansions (Pow(^, 100000) took
// 22 GB); and Tiny(10^8) is valued, its atomic weight found without
// following 10^8's options.
func TestDeepArguments(t *testing.T) {
	s := NewSpace()
	for _, e := range []string{
		"OrdinalSum(*, 100000000)", "*:100000000", "1:100000000", "Subordinate(100000000, 1)",
		"OrdinalProduct(*, 100000000)", "OrdinalProduct(100000000, *)",
		"SelectiveSum(100000000, *)", "SelectiveSum(*, 100000000)", "ConjunctiveSum(100000000, 100000000)",
		"OrdinalSum(^, 65537)",
	} {
		_, err := s.Parse(e)
		if !budget.Over(err, budget.Depth) || !strings.Contains(err.Error(), "too deep to follow option by option (at most day 65536)") {
			t.Errorf("%s: %v, want the depth limit", e, err)
		}
	}
	for _, e := range []string{"Pow(^, 100000)", "Pow(^, 1000000000)", "PowTo(^, 8191/2)", "PowTo(^, 4097)", "Pow(^, 1180591620717411303424)"} {
		if _, err := s.Parse(e); err == nil || !strings.Contains(err.Error(), "must be born by day 4096") {
			t.Errorf("%s: %v, want the exponent's bound", e, err)
		}
	}
	for _, c := range []struct{ expr, want string }{
		{"ConjunctiveSum(100000000, *)", "1"}, // play ends with *
		{"Subordinate(65536, 1)", "65535"},
		{"SelectiveSum(1000, *)", "1000*"},
		{"OrdinalSum(100000000, *)", "100000000*"}, // deep on the left is fine
		{"Pow(^, 4096)", "^<4096>"},
		{"PowTo(^, 8189/2)", "^:Subordinate(8189/2, 1)"},
		{"PowTo(^, 5/2)", "^:(3/2)"},
		{"Tiny(100000000)", "{0||0|-100000000}"},
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
	if w, ok, err := s.AtomicWeight(mustParse(t, s, "Tiny(100000000)")); err != nil || !ok || w != Zero {
		t.Errorf("aw(Tiny(10^8)) = %s (%v, %v), want 0", s.String(w), ok, err)
	}
	// Uptimal expansions stop at MaxUpPower digits: ^:4095 = ^[4096]
	// prints so, ^:4096 in braces around it (and reads back).
	if got := s.String(mustParse(t, s, "^:4095")); got != "^[4096]" {
		t.Errorf("^:4095 prints as %.40s", got)
	}
	g := mustParse(t, s, "^:4096")
	if got := s.String(g); got != "{^[4096]|*}" || mustParse(t, s, got) != g {
		t.Errorf("^:4096 prints as %.40s", got)
	}
}

// TestFarStar: a number-up-star's far star, found without its options,
// passes every nimber in its canonical game tree (walked here).
func TestFarStar(t *testing.T) {
	s := NewSpace()
	var most func(g Game, seen map[Game]bool) int
	most = func(g Game, seen map[Game]bool) int {
		if seen[g] {
			return -1
		}
		seen[g] = true
		m := -1
		if k, ok := s.IsNimber(g); ok {
			m = k
		}
		for _, o := range append(append([]Game(nil), s.Left(g)...), s.Right(g)...) {
			m = max(m, most(o, seen))
		}
		return m
	}
	for _, x := range []Dyadic{Int(0), Int(3), Int(-2), newDyadic(3, 2), newDyadic(-5, 3)} {
		for n := -5; n <= 5; n++ {
			for k := 0; k <= 9; k++ {
				g := s.numberUpStar(x, n, uint64(k))
				if m, fs := most(g, map[Game]bool{}), s.farStar(g); fs <= uint64(m) {
					t.Fatalf("farStar(%s) = %d, but *%d is a follower", s.String(g), fs, m)
				}
			}
		}
	}
}

// TestDescribeTextBound: Describe writes each property up to
// maxPropertyText bytes and TooLongText past it, for a sum of switches
// whose options and freeze have texts that double with each switch; the
// properties that are short stay exact.
func TestDescribeTextBound(t *testing.T) {
	saved := maxPropertyText
	maxPropertyText = 200
	defer func() { maxPropertyText = saved }()
	s := NewSpace()
	g := mustParse(t, s, "{1|-1}+{2|-2}+{3|-3}+{4|-4}+{5|-5}+{6|-6}+{7|-7}+{8|-8}")
	if _, ok := s.StringLimit(s.Left(g)[0], 200); ok {
		t.Fatal("the left option's text fits in 200 bytes: the test needs a longer game")
	}
	p, err := s.Describe(g)
	if err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string]string{"left options": p.LeftOptions, "right options": p.RightOptions, "companion": p.Companion} {
		if got != TooLongText {
			t.Errorf("%s = %.60s…, want %q", name, got, TooLongText)
		}
	}
	// ±1 + … + ±8 is its own reduced canonical form (too long), and it
	// freezes to *: cooling is additive, ±n cooled by 8 is 0 for n < 8
	// and {8−8|−8+8} = * for n = 8.
	if p.ReducedCanonicalForm != TooLongText || p.Freeze != "*" || p.StopCount != s.stopCount(g, map[Game]*big.Int{}).String() {
		t.Errorf("rcf %.40s, freeze %s, stop count %s", p.ReducedCanonicalForm, p.Freeze, p.StopCount)
	}
	small, err := s.Describe(mustParse(t, s, "{1|-1}+{2|-2}"))
	if err != nil || small.LeftOptions != "{{3|1}}" || small.RightOptions != "{{-1|-3}}" {
		t.Errorf("±1 + ±2: options %v %v (%v)", small.LeftOptions, small.RightOptions, err)
	}
}
