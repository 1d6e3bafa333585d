package misere

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/cgt/notation"
	"github.com/grundy-go/grundy/heap"
)

func kaylesRule(t *testing.T) Rule {
	r, err := heap.Parse("kayles")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func mustParse(t *testing.T, c *Canon, in string) int32 {
	t.Helper()
	g, op, _, err := c.ParseForm(in)
	if err != nil || op != "" {
		t.Fatalf("ParseForm(%q): %v %q", in, err, op)
	}
	return g
}

func mustFormat(t *testing.T, c *Canon, g int32) string {
	t.Helper()
	s, err := c.Format(g)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestCGSuiteNotation: CGSuite's own examples. Its test data
// (lib/core/src/test/scala/org/cgsuite/lang/EvalTest.scala): *[3] is
// *[3], *[[2],0] is *[2#0]. Its help page "Misère Theory": *[2] + *[2]
// is 2 subscript 2 (*[2[2]] in plain text), the game whose only option is
// *[2#] + *[2] is 2 subscript #2#, and Norton's game (*[4] + *[2])# has
// two partitions into primes (the monoid has no unique factorisation).
func TestCGSuiteNotation(t *testing.T) {
	c := NewCanon()
	for in, want := range map[string]string{
		"*[3]":               "*[3]",
		"*[[2],0]":           "*[2#0]",
		"*[2]+*[2]":          "*[2[2]]",
		"*[[*[[2]] + *[2]]]": "*[2[#2#]]",
		"*[4,2]":             "*[4,2]", // CGSuite prints *[42]: see the notation's doc
		"*[[4,2],4,3,1]":     "*[(42)431]",
		"*[[2],2,1,0]":       "*[2#210]",
		"*[0]":               "*[0]",
		"0":                  "*[0]",
		"*":                  "*[1]",
		"*2 + *3":            "*[2[3]]", // not *1: misère heaps do not nim-add
		"*[12]":              "*[&12;]",
		"*[1]+*[1]":          "*[0]", // 1 + 1 = 0 in misère play (ONAG ch. 12)
	} {
		if got := mustFormat(t, c, mustParse(t, c, in)); got != want {
			t.Errorf("%s is written %s, want %s", in, got, want)
		}
	}
	norton := mustParse(t, c, "*[[*[4] + *[2]]]")
	ps, more, err := c.Partitions(norton, 0)
	if err != nil || more || len(ps) != 2 {
		t.Fatalf("Norton's game: partitions %v %v %v, want two", ps, more, err)
	}
	for _, p := range ps {
		sum := int32(0)
		for _, x := range p {
			if !c.prime(x) {
				t.Errorf("Norton's game: %s in a partition is not prime", mustFormat(t, c, x))
			}
			sum = c.sum(sum, x)
		}
		if sum != norton {
			t.Errorf("Norton's game: a partition sums to %s", mustFormat(t, c, sum))
		}
	}
}

// TestGenusPublished: genera of games typed in the notation against
// Winning Ways (ch. 13): nim heaps 0^120, 1^031, 2^20; Kayles' heap 4,
// {*3, *2, *1 + *2, *1 + *1}, is 1^031 and heap 5 is 4^146.
func TestGenusPublished(t *testing.T) {
	c := NewCanon()
	k4 := "[3, 2, *[1]+*[2], *[1]+*[1]]"
	for in, want := range map[string]string{
		"*[0]":   "0^120",
		"*[1]":   "1^031",
		"*[2]":   "2^20",
		"*" + k4: "1^031",
		"*[" + k4 + ", 3, *[1]+*[3], *[2]+*[2], *[1]+*[2]]": "4^146",
	} {
		g := mustParse(t, c, in)
		gen, err := c.Genus(t.Context(), g)
		if err != nil || gen.String() != want {
			t.Errorf("genus of %s = %s %v, want %s", in, gen, err, want)
		}
	}
	// The same game from the heap rules.
	rc, heaps, err := HeapForms(t.Context(), kaylesRule(t), 5, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := mustFormat(t, rc, heaps[5])
	if got := mustFormat(t, c, mustParse(t, c, "*["+k4+", 3, *[1]+*[3], *[2]+*[2], *[1]+*[2]]")); got != want {
		t.Errorf("Kayles' heap 5 typed: %s, from the rules: %s", got, want)
	}
}

// optTree is an impartial game given by its options, for the plain search.
type optTree []optTree

func randTree(r *rand.Rand, depth int) optTree {
	if depth == 0 {
		return nil
	}
	n := r.IntN(4)
	t := make(optTree, n)
	for i := range t {
		t[i] = randTree(r, r.IntN(depth))
	}
	return t
}

// misereWins is a plain search of a sum of trees under misère play: the
// player who cannot move wins.
func misereWins(parts []optTree) bool {
	moved := false
	for i, p := range parts {
		for _, o := range p {
			moved = true
			next := slices.Clone(parts)
			next[i] = o
			if !misereWins(next) {
				return true
			}
		}
	}
	return !moved
}

func (c *Canon) fromTree(t optTree) int32 {
	opts := make([]int32, len(t))
	for i, o := range t {
		opts[i] = c.fromTree(o)
	}
	return c.game(opts)
}

// text writes a optTree in CGSuite's input notation, [ … ] lists.
func (t optTree) text() string {
	parts := make([]string, len(t))
	for i, o := range t {
		parts[i] = o.text()
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// TestRandomForms: on random games and sums of two, the canonical form
// typed in CGSuite's notation is the one Canon.Game builds, its outcome
// is a plain misère search's, its text reads back to it (in this Canon
// and a fresh one), and exactly one of G, G + *1 is an option of the
// other (the parity the printer relies on).
func TestRandomForms(t *testing.T) {
	r := rand.New(rand.NewPCG(37, 1))
	c := NewCanon()
	for i := range 400 {
		a, b := randTree(r, 4), randTree(r, 4)
		ga, gb := c.fromTree(a), c.fromTree(b)
		s := c.sum(ga, gb)
		typed := mustParse(t, c, "*["+a.text()+"] + *["+b.text()+"]")
		if len(a) == 0 || len(b) == 0 {
			typed = c.sum(c.fromTree(a), c.fromTree(b))
		}
		if typed != s {
			t.Fatalf("case %d: typed %s, built %s", i, mustFormat(t, c, typed), mustFormat(t, c, s))
		}
		if got, want := !c.IsP(s), misereWins([]optTree{a, b}); got != want {
			t.Fatalf("case %d: %s: the player to move wins %v by the form, %v by search", i, mustFormat(t, c, s), got, want)
		}
		for _, g := range []int32{ga, gb, s} {
			str := mustFormat(t, c, g)
			if back := mustParse(t, c, str); back != g {
				t.Fatalf("case %d: %s reads back as %s", i, str, mustFormat(t, c, back))
			}
			fresh := NewCanon()
			if again := mustFormat(t, fresh, mustParse(t, fresh, str)); again != str {
				t.Fatalf("case %d: %s reads in a fresh Canon as %s", i, str, again)
			}
			g1 := c.sum(g, c.one())
			if c.hasOption(g, g1) == c.hasOption(g1, g) {
				t.Fatalf("case %d: %s: parity undecided", i, str)
			}
		}
	}
}

// TestPartsExhaustive: every game born by day 4 (22 of them, ONAG ch.
// 12) and the sums of two: the 2-partitions found are exactly those an
// exhaustive search of the pairs finds, for every sum of even games.
func TestPartsExhaustive(t *testing.T) {
	c := NewCanon()
	days := []int32{0}
	for range 4 {
		var next []int32
		for mask := 0; mask < 1<<len(days); mask++ {
			var opts []int32
			for i, g := range days {
				if mask&(1<<i) != 0 {
					opts = append(opts, g)
				}
			}
			g := c.game(opts)
			if !slices.Contains(next, g) {
				next = append(next, g)
			}
		}
		days = next
	}
	if len(days) != 22 {
		t.Fatalf("%d games born by day 4, want 22 (ONAG ch. 12)", len(days))
	}
	var evens []int32
	for _, g := range days {
		if !c.odd(g) {
			evens = append(evens, g)
		}
	}
	for _, x := range evens {
		for _, y := range evens {
			g := c.sum(x, y)
			if d, ok := c.subtract(g, x); !ok || d != y {
				t.Errorf("%s = %s + %s, but %s − %s gives %v %v", mustFormat(t, c, g), mustFormat(t, c, x), mustFormat(t, c, y),
					mustFormat(t, c, g), mustFormat(t, c, x), d, ok)
			}
		}
	}
	// Every pair found is a true partition.
	for _, x := range evens {
		for _, y := range evens {
			g := c.sum(x, y)
			pairs := c.pairs2(g)
			for i := 0; i < len(pairs); i += 2 {
				if c.sum(pairs[i], pairs[i+1]) != g {
					t.Fatalf("%s: a false pair", mustFormat(t, c, g))
				}
			}
		}
	}
}

// TestMate: 0 and *1 are each other's mates, and every other nim heap is
// its own (ONAG ch. 12).
func TestMate(t *testing.T) {
	c := NewCanon()
	for n := range 8 {
		m, err := c.Mate(c.Nim(n))
		want := c.Nim(n)
		switch n {
		case 0:
			want = c.Nim(1)
		case 1:
			want = 0
		}
		if err != nil || m != want {
			t.Errorf("mate of *%d: %s", n, mustFormat(t, c, m))
		}
	}
}

func TestParseFormErrors(t *testing.T) {
	c := NewCanon()
	for in, want := range map[string]struct {
		pos int
		msg string
	}{
		"*[2":        {1, "unbalanced"},
		"*[]":        {1, "empty"},
		"3":          {0, "write the nim heap 3 as *[3]"},
		"*[2] + ":    {7, "found the end"},
		"*[2) ]":     {3, "closes"},
		"*[2x]":      {3, "unexpected \"x\""},
		"*[2[-4]]":   {4, "not a part"},
		"*[99999]":   {2, "too large"},
		"*[(2)]":     {3, "two of them"},
		"*[2] == *[": {9, "unbalanced"},
		"{1|0}":      {0, "unexpected"},
		"*[2,[3,]]":  {7, "found the end"},
		"*[2] *[3]":  {5, "unexpected"},
		"*[&12]":     {2, "&n;"},
		"*[2[]]":     {3, "empty subscript"},
		"((((*[2]))": {10, "expected ')'"},
	} {
		_, _, _, err := c.ParseForm(in)
		var e *notation.Error
		if !errors.As(err, &e) || !strings.Contains(e.Msg, want.msg) || e.Pos != want.pos {
			t.Errorf("ParseForm(%q) = %v, want an error at %d containing %q", in, err, want.pos, want.msg)
		}
	}
}

func FuzzParseForm(f *testing.F) {
	for _, s := range []string{"*[3]", "*[[2],0]", "*[2[#2#]]", "*[(42)431]", "*[2[##1]]", "*[4,2] == *[[4],[2]]", "*[&12;]", "*[2[2]]+*3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		c := NewCanon()
		c.MaxGames = 1 << 14
		g, op, _, err := c.ParseForm(in)
		if err != nil || op != "" {
			return
		}
		str, err := c.Format(g)
		if err != nil {
			return
		}
		back, _, _, err := c.ParseForm(str)
		if err != nil || back != g {
			t.Fatalf("%q → %q reads back as %v, %v", in, str, back, err)
		}
	})
}
