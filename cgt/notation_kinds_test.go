package cgt

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// randomOfKind returns a random game of one kind the notation documents:
// numbers (to 2^100), nimbers (to 2^64 − 1), number-up-stars, switches,
// multiple switches, x + Tiny(G) and Miny, up-nths, up-arrows, general
// games and their sums.
func randomOfKind(r *rand.Rand, s *Space, kind int, pool []Game) Game {
	x := newDyadic(int64(r.IntN(1<<20)-1<<19), uint(r.IntN(8)))
	switch kind {
	case 0:
		if r.IntN(4) == 0 {
			return s.Number(x.shift(r.IntN(100)))
		}
		return s.Number(x)
	case 1:
		return s.Nimber64(r.Uint64() >> r.IntN(64))
	case 2:
		return s.numberUpStar(x, r.IntN(2*MaxUpMult-1)-MaxUpMult+1, r.Uint64()>>r.IntN(64))
	case 3:
		g := pool[r.IntN(len(pool))]
		return s.mk([]Game{g}, []Game{s.neg(g)})
	case 4:
		a, b := pool[r.IntN(len(pool))], pool[r.IntN(len(pool))]
		return s.mk([]Game{a, b}, []Game{s.neg(a), s.neg(b)})
	case 5:
		g := pool[r.IntN(len(pool))]
		if r.IntN(2) == 0 {
			return s.add(s.Number(x), s.mk([]Game{Zero}, []Game{s.mk([]Game{Zero}, []Game{s.neg(g)})}))
		}
		return s.add(s.Number(x), s.mk([]Game{s.mk([]Game{g}, []Game{Zero})}, []Game{Zero}))
	case 6:
		up := s.numberUpStar(Dyadic{}, 1, 0)
		n := 1 + r.IntN(6)
		var g Game
		if r.IntN(2) == 0 {
			g = s.pow(up, n)
		} else {
			g = s.powTo(up, n)
		}
		return s.add(g, s.numberUpStar(x, 0, uint64(r.IntN(3))))
	}
	return s.add(pool[r.IntN(len(pool))], pool[r.IntN(len(pool))])
}

// TestRoundTripKinds: parse(print(x)) = x on random values of every
// documented kind, and a fresh Space prints them alike.
func TestRoundTripKinds(t *testing.T) {
	r := rand.New(rand.NewPCG(37, 7))
	s := NewSpace()
	pool := randomGames(r, s, 120)
	for kind := 0; kind <= 7; kind++ {
		for range 150 {
			g := randomOfKind(r, s, kind, pool)
			str := s.String(g)
			h, err := s.Parse(str)
			if err != nil {
				t.Fatalf("kind %d: %s does not parse: %v", kind, str, err)
			}
			if h != g {
				t.Fatalf("kind %d: %s reads back as %s", kind, str, s.String(h))
			}
			s2 := NewSpace()
			if h2, err := s2.Parse(str); err != nil || s2.String(h2) != str {
				t.Fatalf("kind %d: %s prints as %s in a fresh space (%v)", kind, str, s2.String(h2), err)
			}
		}
	}
}

// TestMethodSyntaxes: every game-valued row of the method table gives the
// same game written as a function, Name(G, args), as a method,
// G.Name(args), and as an infix operator, G Name H, when it takes one
// argument.
func TestMethodSyntaxes(t *testing.T) {
	r := rand.New(rand.NewPCG(37, 8))
	s := NewSpace()
	pool := randomGames(r, s, 60)
	small := func() string {
		for {
			g := pool[r.IntN(len(pool))]
			if s.Birthday(g) <= 3 {
				return s.String(g)
			}
		}
	}
	args := map[string][]string{
		"Cool": {"1/2"}, "Heat": {"1"}, "Overheat": {"1", "1"}, "NortonProduct": {"^"}, "OrdinalSum": {""},
		"OrdinalProduct": {""}, "ConwayProduct": {""}, "ConjunctiveSum": {""}, "SelectiveSum": {""},
		"CGSuiteSelectiveSum": {""}, "PowTo": {"2"}, "Pow": {"3/2"}, "Max": {"1/4"}, "Min": {"1/4"}, "Stop": {"Left"},
		"Options": {"Right"}, "Subordinate": {"1"}, "Div": {"2"},
	}
	for _, f := range methodTable {
		if !f.method {
			continue
		}
		name := f.names[0]
		checked := 0
		for range 40 {
			g := small()
			if f.names[0] == "Max" || f.names[0] == "Min" || f.names[0] == "Floor" || f.names[0] == "Ceiling" ||
				f.names[0] == "Abs" || f.names[0] == "Numerator" || f.names[0] == "Denominator" || f.names[0] == "Reciprocal" {
				g = strconv.Itoa(r.IntN(9)+1) + "/" + strconv.Itoa(1<<r.IntN(4))
			}
			if name == "Pow" {
				g = "{0|" + small() + "}"
			}
			as := slices.Clone(args[name])
			if len(as) != len(f.params) {
				as = nil
				for range f.params {
					as = append(as, small())
				}
			}
			for i := range as {
				if as[i] == "" {
					as[i] = small()
				}
			}
			list := ""
			for _, a := range as {
				list += ", " + a
			}
			function := name + "(" + g + list + ")"
			method := "(" + g + ")." + name
			if len(as) > 0 {
				method += "(" + list[2:] + ")"
			}
			texts := []string{function, method}
			if len(as) == 1 && f.params[0] == argGame {
				texts = append(texts, "("+g+") "+name+" ("+as[0]+")")
			}
			var want *Result
			for _, e := range texts {
				got, err := s.Evaluate(e)
				if err != nil {
					if want != nil {
						t.Fatalf("%s: %v, but %s gave %s", e, err, texts[0], s.String(want.G))
					}
					break // outside the method's domain, in every syntax
				}
				if want == nil {
					want = got
					continue
				}
				if got.G != want.G || (got.Value == nil) != (want.Value == nil) || got.Value != nil && *got.Value != *want.Value {
					t.Fatalf("%s differs from %s", e, texts[0])
				}
			}
			if want != nil {
				checked++
			}
		}
		if checked == 0 && name != "NimValue" && name != "UptimalExpansion" && name != "AtomicWeight" {
			t.Errorf("%s: no case in its domain", name)
		}
	}
}

// FuzzNotation reads arbitrary text as CGSuite's notation: no input
// panics or hangs, every game read prints as text that reads back as
// it, and a method's value that is not a game has a text.
func FuzzNotation(f *testing.F) {
	for _, seed := range []string{"3 * 5", "3*5", "2 ^ 3", "(1/2)^4", "5 * 3 ^ 2 / 4", "17 % 5", "*(3+5)", "^(2)*(1+1)",
		"^.Pow(2)", "^.PowTo(5).Subordinate('{*|*}')", "{3||2+*|1+*}.Cool(1/4)", "* Heat 2", "3 Max 5",
		"'{*|*}':3", "(('{*|*}') ConjunctiveSum (3)).CanonicalForm", "'{*|*}' SelectiveSum '{0|*}'",
		"^.IsInfinitesimal", "{1|*}.Options(Left)", "(+-1).OutcomeClass", "^[3].UptimalExpansion",
		"{'{*|*}':1|-1}", "-'{1|0}' : 1", "*18446744073709551615 ConwayProduct *4294967296", "5*{3||2|1}",
		"(*+*)*3", "10*(1+^.Pow(2)+*4)", "^ * 3", "3.*5", "1/0", "2^(2^100)"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		s := NewSpace()
		s.MaxNodes = 1 << 16
		s.MaxSteps = 1 << 18
		r, err := s.Evaluate(in)
		if err != nil || r.Op != "" {
			return
		}
		if r.Value != nil {
			if r.Value.Text == "" {
				t.Fatalf("%q: a %s without a text", in, r.Value.Kind)
			}
			return
		}
		str := s.String(r.G)
		if len(str) > MaxInputLen {
			return
		}
		h, err := s.Parse(str)
		if err != nil {
			t.Fatalf("%q → %q does not parse: %v", in, str, err)
		}
		if h != r.G {
			t.Fatalf("%q → %q parses to another game %q", in, str, s.String(h))
		}
	})
}
