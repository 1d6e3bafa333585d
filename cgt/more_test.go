package cgt

import (
	"math/rand/v2"
	"testing"
)

func mustParse(t *testing.T, s *Space, e string) Game {
	t.Helper()
	g, err := s.Parse(e)
	if err != nil {
		t.Fatalf("%s: %v", e, err)
	}
	return g
}

// TestCoolHeat checks cooling and heating on values from Winning Ways,
// ch. 6 (cooling ±1 by 1 gives *; heating * by 1 gives ±1) and Siegel,
// CGT, II.5 (cooling by more than the temperature gives the mean).
func TestCoolHeat(t *testing.T) {
	s := NewSpace()
	for _, c := range []struct {
		g string
		t Dyadic
		w string
	}{
		{"+-1", Int(1), "*"},
		{"+-1", newDyadic(1, 1), "+-1/2"},
		{"{2|-1/2}", newDyadic(5, 2), "3/4*"},
		{"{2|-1/2}", Int(2), "3/4"},
		{"{2|-1/2}", newDyadic(1, 1), "{3/2|0}"},
		{"{3||2*|1*}", newDyadic(3, 2), "9/4*"},
		{"5/8", Int(3), "5/8"},
	} {
		g := mustParse(t, s, c.g)
		if got := s.cool(g, c.t); got != mustParse(t, s, c.w) {
			t.Errorf("Cool(%s, %v) = %s, want %s", c.g, c.t, s.String(got), c.w)
		}
	}
	if got := s.heat(s.Star(), s.Integer(1)); got != mustParse(t, s, "+-1") {
		t.Errorf("Heat(*, 1) = %s, want +-1", s.String(got))
	}
	if got := s.heat(s.nimber(2), s.Integer(1)); got != mustParse(t, s, "{1,{2|0}|-1,{0|-2}}") {
		t.Errorf("Heat(*2, 1) = %s", s.String(got))
	}
	// Cooling undoes heating on nimbers and switches of numbers.
	for _, e := range []string{"*", "*2", "*3", "+-1", "{3|1}"} {
		g := mustParse(t, s, e)
		if back := s.cool(s.heat(g, s.Integer(1)), Int(1)); back != g {
			t.Errorf("Cool(Heat(%s, 1), 1) = %s", e, s.String(back))
		}
	}
}

// randomAllSmall makes all-small games: every position has options for
// both players or for neither.
func randomAllSmall(r *rand.Rand, s *Space, n int) []Game {
	pool := []Game{Zero}
	for len(pool) < n {
		var L, R []Game
		for k := 1 + r.IntN(2); k > 0; k-- {
			L = append(L, pool[r.IntN(len(pool))])
		}
		for k := 1 + r.IntN(2); k > 0; k-- {
			R = append(R, pool[r.IntN(len(pool))])
		}
		g := s.mk(L, R)
		if !s.isAllSmall(g) {
			panic("a game made of all-small options is not all-small")
		}
		pool = append(pool, g)
	}
	return pool
}

// TestAtomicWeight checks the atomic weights of Winning Ways ch. 7-8 and
// Lessons in Play ch. 9 (aw(n·↑ + *k) = n) and the laws of the atomic
// weight calculus on random all-small games: it is additive, and the
// two-ahead rule holds (aw ≥ 2 ⇒ G > 0; aw ≥ 1 ⇒ Left wins moving first).
func TestAtomicWeight(t *testing.T) {
	s := NewSpace()
	for _, c := range []struct{ g, w string }{
		{"^", "1"}, {"^*", "1"}, {"^^*", "2"}, {"v", "-1"}, {"*", "0"}, {"*5", "0"}, {"0", "0"},
		{"{0|^*}", "2"}, {"^3*2", "3"},
	} {
		w, ok := s.atomicWeightOf(mustParse(t, s, c.g))
		if !ok || w != mustParse(t, s, c.w) {
			t.Errorf("aw(%s) = %s (%v), want %s", c.g, s.String(w), ok, c.w)
		}
	}
	for _, e := range []string{"1", "{1|0}", "Tiny(1)", "1/2^"} {
		if _, ok := s.atomicWeightOf(mustParse(t, s, e)); ok {
			t.Errorf("aw(%s) defined, but it is not all-small", e)
		}
	}
	r := rand.New(rand.NewPCG(11, 12))
	gs := randomAllSmall(r, s, 300)
	for k := 0; k < 2000; k++ {
		a, b := gs[r.IntN(len(gs))], gs[r.IntN(len(gs))]
		wa, _ := s.atomicWeightOf(a)
		wb, _ := s.atomicWeightOf(b)
		wab, ok := s.atomicWeightOf(s.add(a, b))
		if !ok || wab != s.add(wa, wb) {
			t.Fatalf("aw(%s + %s) = %s, want %s + %s", s.String(a), s.String(b), s.String(wab), s.String(wa), s.String(wb))
		}
		if s.leq(s.Integer(2), wa) && !s.less(Zero, a) {
			t.Fatalf("aw(%s) = %s ≥ 2 but the game is not positive", s.String(a), s.String(wa))
		}
		if s.leq(s.Integer(1), wa) && !(s.outcomeOf(a).String() == "L" || s.outcomeOf(a).String() == "N") {
			t.Fatalf("aw(%s) = %s ≥ 1 but Left loses moving first", s.String(a), s.String(wa))
		}
	}
}

// TestOrdinalSum checks ordinal sums against Hackenbush strings: a stalk
// is the ordinal sum of its edges, ±1 each, and its value is given by
// Berlekamp's sign expansion (Winning Ways ch. 1), computed here apart.
func TestOrdinalSum(t *testing.T) {
	s := NewSpace()
	r := rand.New(rand.NewPCG(13, 14))
	for k := 0; k < 500; k++ {
		n := 1 + r.IntN(12)
		g := Zero
		var want Dyadic
		first := true
		var firstSign int
		exp := uint(0)
		for i := 0; i < n; i++ {
			sign := 1 - 2*r.IntN(2)
			g = s.ordinalSum(g, s.Integer(int64(sign)))
			if first || exp == 0 && sign == firstSign {
				want = want.add(Int(int64(sign)))
				firstSign, first = sign, false
				continue
			}
			exp++
			want = want.add(newDyadic(int64(sign), exp))
		}
		if x, ok := s.IsNumber(g); !ok || x != want {
			t.Fatalf("stalk %d: ordinal sum %s, sign expansion %v", k, s.String(g), want)
		}
	}
	for _, c := range []struct{ g, h, w string }{
		{"*", "*", "*2"}, {"1", "1", "2"}, {"1", "-1", "1/2"}, {"0", "^", "^"}, {"*2", "*3", "*5"},
		{"{1|-1}", "1", "{1,{1|-1}|-1}"},
	} {
		if got := s.ordinalSum(mustParse(t, s, c.g), mustParse(t, s, c.h)); got != mustParse(t, s, c.w) {
			t.Errorf("%s:%s = %s, want %s", c.g, c.h, s.String(got), c.w)
		}
	}
}

// TestNorton checks Norton multiplication where its value is fixed by
// definition: n.U is n copies of U, and G.1 = G.
func TestNorton(t *testing.T) {
	s := NewSpace()
	r := rand.New(rand.NewPCG(15, 16))
	gs := randomGames(r, s, 120)
	for _, g := range gs {
		if got := s.nortonMultiply(g, s.Integer(1)); got != g {
			t.Fatalf("%s.1 = %s", s.String(g), s.String(got))
		}
	}
	for _, u := range gs[:40] {
		for n := -4; n <= 4; n++ {
			want := Zero
			for i := 0; i < n; i++ {
				want = s.add(want, u)
			}
			for i := 0; i > n; i-- {
				want = s.sub(want, u)
			}
			if got := s.nortonMultiply(s.Integer(int64(n)), u); got != want {
				t.Fatalf("%d.%s = %s, want %s", n, s.String(u), s.String(got), s.String(want))
			}
		}
	}
}

// TestThermographLaws checks thermographs on random games: the walls at
// temperature 0 are the stops (for games whose temperature is at least
// 0), the temperature of a sum is at most the larger temperature, and the
// mast lies between the stops (Siegel, CGT, II.5).
func TestThermographLaws(t *testing.T) {
	s := NewSpace()
	r := rand.New(rand.NewPCG(17, 18))
	gs := randomGames(r, s, 300)
	checked := 0
	defer func() {
		if checked < 100 { // the random games must be hot enough to test something
			t.Errorf("only %d cooled games checked", checked)
		}
	}()
	for _, g := range gs {
		th := s.thermograph(g)
		if th.Temperature.Sign() >= 0 {
			if th.Left.at(Dyadic{}) != s.leftStop(g) || th.Right.at(Dyadic{}) != s.rightStop(g) {
				t.Fatalf("%s: walls at 0 are %v, %v; stops %v, %v", s.String(g),
					th.Left.at(Dyadic{}), th.Right.at(Dyadic{}), s.leftStop(g), s.rightStop(g))
			}
		}
		// The walls at t are the stops of g cooled by t (the definition of
		// the thermograph, Siegel, CGT, II.5).
		for _, tt := range []Dyadic{Int(0), newDyadic(1, 2), newDyadic(1, 1), newDyadic(3, 2), Int(1), Int(2)} {
			if th.Temperature.Less(tt) {
				continue
			}
			c := s.cool(g, tt)
			checked++
			if s.leftStop(c) != th.Left.at(tt) || s.rightStop(c) != th.Right.at(tt) {
				t.Fatalf("%s cooled by %v = %s has stops %v, %v; walls at %v are %v, %v", s.String(g), tt, s.String(c),
					s.leftStop(c), s.rightStop(c), tt, th.Left.at(tt), th.Right.at(tt))
			}
		}
		if len(s.thermographSVG(g)) == 0 {
			t.Fatal("empty SVG")
		}
	}
	for k := 0; k < 2000; k++ {
		a, b := gs[r.IntN(len(gs))], gs[r.IntN(len(gs))]
		ta, tb, tab := s.temperature(a), s.temperature(b), s.temperature(s.add(a, b))
		hi := ta
		if hi.Less(tb) {
			hi = tb
		}
		if hi.Less(tab) && tab.Sign() > 0 {
			t.Fatalf("temperature of %s + %s is %v, above %v and %v", s.String(a), s.String(b), tab, ta, tb)
		}
	}
}

func TestStringLimit(t *testing.T) {
	s := NewSpace()
	g := mustParse(t, s, "{3||2*|1*} + {2|0||-1} + Tiny(2)")
	full := s.String(g)
	if str, ok := s.StringLimit(g, 1<<20); !ok || str != full {
		t.Fatalf("StringLimit with room: %q %v, want %q", str, ok, full)
	}
	if _, ok := s.StringLimit(g, 10); ok {
		t.Fatalf("StringLimit(10) wrote %d bytes", len(full))
	}
}
