package partizan

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/cgt/notation"
)

func TestPrintParseRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	tb := NewTable()
	for range 2000 {
		g := tb.load(randomTree(rng, 5))
		for _, x := range []Game{g, must(tb.Canonical(g))} {
			s := tb.String(x)
			back, rel, _, err := tb.Parse(s)
			if err != nil || rel != "" || back != x {
				t.Fatalf("%s read back as %s (%v)", s, tb.String(back), err)
			}
		}
	}
}

func TestStringLimit(t *testing.T) {
	tb := NewTable()
	g, _, _, err := tb.Parse("{{2|0}|-1} + {*2|{1|}}")
	if err != nil {
		t.Fatal(err)
	}
	full := tb.String(g)
	if s, ok := tb.StringLimit(g, len(full)); !ok || s != full {
		t.Errorf("StringLimit(%d) = %q, %v; want the whole %q", len(full), s, ok, full)
	}
	if _, ok := tb.StringLimit(g, len(full)-1); ok {
		t.Errorf("StringLimit(%d) of a text of %d bytes is ok", len(full)-1, len(full))
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestKnownForms pins small misère facts with their sources.
func TestKnownForms(t *testing.T) {
	tb := NewTable()
	for _, c := range []struct {
		expr, canonical string
		outcome         Outcome
	}{
		// 0, * and the integers are their own canonical forms; a player
		// with no move wins: o(0) = N, o(*) = P, o(1) = R (Siegel,
		// Combinatorial Game Theory, V.6).
		{"0", "0", N},
		{"*", "*", P},
		{"1", "1", R},
		{"-1", "-1", L},
		{"2", "2", R},
		{"*2", "*2", N},
		{"{0|*}", "^", R},
		// 1 and 2 are incomparable (neither 0 ≥ 1 nor 1 ≥ 0 holds for
		// their Left options), so neither Left option dominates.
		{"{1,2|}", "{1,2|}", R},
		// A reversible option, checked by hand with the test of the
		// package doc: in G = {{|1}|}, {|1} ≥ 0 (TestRelations), so G ≥ 1,
		// and the Left option {|1} reverses through 1 ≤ G: it is replaced
		// by 1's Left option 0, and G = {0|} = 1.
		{"{{|1}|}", "1", R},
		// The sum * + * is the form {*|*}: no simplification applies in
		// general play (see TestImpartialFiner).
		{"*+*", "{*|*}", N},
		// CGSuite's slashes.
		{"{2|0||-1}", "{2|0||-1}", L},
		{"{{2|0}|-1}", "{2|0||-1}", L},
	} {
		g, _, _, err := tb.Parse(c.expr)
		if err != nil {
			t.Fatalf("%s: %v", c.expr, err)
		}
		cf := must(tb.Canonical(g))
		if got := tb.String(cf); got != c.canonical {
			t.Errorf("%s: canonical form %s, want %s", c.expr, got, c.canonical)
		}
		if got := tb.Outcome(g); got != c.outcome {
			t.Errorf("%s: outcome %v, want %v", c.expr, got, c.outcome)
		}
	}
}

// TestConjugateNotInverse pins Mesdal and Ottaway's theorem: in general
// misère play G + Ḡ ≠ 0 for every G ≠ 0.
func TestConjugateNotInverse(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	tb := NewTable()
	for range 500 {
		g := must(tb.Canonical(tb.load(randomTree(rng, 4))))
		s := must(tb.Sum(g, must(tb.Conjugate(g))))
		if eq := must(tb.Equal(s, Zero)); eq != (g == Zero) {
			t.Fatalf("%s + its conjugate = 0: %v", tb.String(g), eq)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tb := NewTable()
	for _, c := range []struct {
		src string
		pos int
	}{
		{"{0|", 0},
		{"{0}", 0},
		{"1/2", 1},
		{"{0|*} + ", 8},
		{"{0|x}", 3},
		{"(1", 2},
		{"{0|0|0}", 4},
		{"99999999999", 0},
		{"*5000", 1},
	} {
		_, _, _, err := tb.Parse(c.src)
		var ne *notation.Error
		if !errors.As(err, &ne) {
			t.Errorf("%q: error %v, want a notation error", c.src, err)
			continue
		}
		if ne.Pos != c.pos {
			t.Errorf("%q: error at %d (%v), want %d", c.src, ne.Pos, err, c.pos)
		}
	}
}

func TestRelations(t *testing.T) {
	tb := NewTable()
	for _, c := range []struct {
		expr string
		want bool
	}{
		{"{|1} >= 0", true}, // Left's end, Right's move answered by 1's move to 0
		{"0 >= {|1}", false},
		{"1 >= 0", false}, // the proviso: 0 is a Left end, 1 is not
		{"1 || 0", true},
		{"*+* == 0", false},
		{"{0,1|} == {0,1|}", true},
		{"^ != v", true},
	} {
		g, rel, h, err := tb.Parse(c.expr)
		if err != nil {
			t.Fatalf("%s: %v", c.expr, err)
		}
		if got := must(tb.Holds(g, rel, h)); got != c.want {
			t.Errorf("%s: %v, want %v", c.expr, got, c.want)
		}
	}
}

// TestMemoryBudget: a Table past its memory budget stops with the
// budget's error, naming it, instead of growing.
func TestMemoryBudget(t *testing.T) {
	tb := NewTable()
	tb.Memory = budget.NewBytes(64 << 10)
	g, _, _, err := tb.Parse("{2|0||-1} + {1|{*|-1}} + ^ + *3 + {1|-1}")
	if err == nil {
		_, err = tb.Canonical(g)
	}
	if !budget.Over(err, budget.Memory) {
		t.Fatalf("error %v, want the memory budget's", err)
	}
}

// reversed is t with every side's options in the opposite order.
func reversed(t *tree) *tree {
	out := &tree{}
	for i := len(t.l) - 1; i >= 0; i-- {
		out.l = append(out.l, reversed(t.l[i]))
	}
	for i := len(t.r) - 1; i >= 0; i-- {
		out.r = append(out.r, reversed(t.r[i]))
	}
	return out
}

// TestPrintSameInEveryTable: a form is written alike whatever Table holds
// it and whatever order its games were stored in (ids differ: one Table
// stores each random form as drawn, the other a thousand other forms
// first, then the form with every side's options reversed), and so is its
// canonical form; the options listed (LeftOrdered, RightOrdered) are in
// the written order. Before the print order, {1,*|-1,*} (a Domineering
// region's misère form) also came out as {*,1|*,-1}.
func TestPrintSameInEveryTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	a, b := NewTable(), NewTable()
	for range 1000 {
		b.load(randomTree(rng, 4))
	}
	differ := 0
	for range 2000 {
		tr := randomTree(rng, 5)
		ga, gb := a.load(tr), b.load(reversed(tr))
		if a.String(ga) != b.String(gb) {
			t.Fatalf("one form written two ways: %s and %s", a.String(ga), b.String(gb))
		}
		ca, cb := must(a.Canonical(ga)), must(b.Canonical(gb))
		if a.String(ca) != b.String(cb) {
			t.Fatalf("one canonical form written two ways: %s and %s", a.String(ca), b.String(cb))
		}
		var sa, sb []string
		for _, o := range a.LeftOrdered(ca) {
			sa = append(sa, a.String(o))
		}
		for _, o := range b.LeftOrdered(cb) {
			sb = append(sb, b.String(o))
		}
		if !slices.Equal(sa, sb) {
			t.Fatalf("%s: Left's options listed as %v and %v", a.String(ca), sa, sb)
		}
		if !slices.Equal(a.Left(ga), a.LeftOrdered(ga)) {
			differ++
		}
	}
	if differ == 0 {
		t.Error("no form had its options stored in another order than written: the test shows nothing")
	}
	// Of two options of one birthday, the one with fewer options first.
	for _, src := range []string{"{*,1|*,-1}", "{1,*|-1,*}", "{*,1|-1,*}"} {
		if got := b.String(must3(b.Parse(src))); got != "{1,*|-1,*}" || a.String(must3(a.Parse(src))) != got {
			t.Errorf("%s is written %s here and %s in another Table, want {1,*|-1,*}", src, got, a.String(must3(a.Parse(src))))
		}
	}
}

func must3(g Game, _ Relation, _ Game, err error) Game {
	if err != nil {
		panic(err)
	}
	return g
}
