package stopper

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/cgt"
)

func mustParse(t testing.TB, src string) *Value {
	t.Helper()
	p, err := Parse(src, nil)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	if p.Op != "" {
		t.Fatalf("%s: a comparison", src)
	}
	return p.Left
}

func mustEqual(t testing.TB, what string, a, b *Value) {
	t.Helper()
	eq, err := ValueEqual(a, b, nil)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if !eq {
		sa, _ := String(a, nil)
		sb, _ := String(b, nil)
		t.Errorf("%s: %s ≠ %s", what, sa, sb)
	}
}

// CGSuite's test data for canonical stoppers: aaron-siegel/cgsuite,
// lib/core/src/test/scala/org/cgsuite/lang/CanonicalStopperTestCase.scala.
// out, degree and variety are CGSuite's answers, compared as values
// (some written in other forms of the same value: x − upon for
// xv[on], {0||0|0,pass} for ^<on>, which the printer now writes as
// CGSuite does, upon_test.go); variety "" is CGSuite's "not stable" or
// "degree not idempotent".
var cgsuiteStoppers = []struct {
	in, out, degree, variety string
	followers                int
	outcome                  string
	plumtree, idempotent     bool
	leftStop, rightStop      string
	stable                   *bool
}{
	{"on", "on", "on", "on", 1, "L", true, true, "on", "on", yes},
	{"off", "off", "on", "off", 1, "R", true, true, "off", "off", yes},
	{"over", "over", "over", "over", 2, "L", true, true, "over", "over", yes},
	{"{pass|3/2}", "3/2under", "over", "under", 5, "L", true, false, "3/2under", "3/2under", yes},
	{"{-1/4+*|pass}", "-1/4 - upon", "{0||0|0,pass}", "{0||0|0,pass}", 6, "R", true, false, "-1/4", "-1/4", yes},
	{"{0|{0||0|0,pass}||-{0||0|0,pass}}", "{0|{0||0|0,pass}||-{0||0|0,pass}}", "{0||0|0,pass}", "{upon+*,{0||0|0,pass}||-{0||0|0,pass}|0}", 7, "N", true, false, "0", "0", yes},
	{"{0|||0||0|off}", "{0|Tiny(on)}", "{0||||0|||Miny(on)|0||off}", "", 5, "L", true, false, "0", "0", nil},
	{"{on|0||0}", "Miny(on)", "Tiny(on)", "Miny(on)", 4, "R", true, true, "0", "0", yes},
	{"{0||0|under}", "Tiny(over)", "Tiny(over)", "Tiny(over)", 4, "L", true, true, "0", "0", yes},
	{"+-{0|pass}", "+-over", "over", "+-over", 4, "N", true, false, "over", "under", yes},
	{"+-{5|pass}", "+-(5over)", "over", "+-{10over|over}", 14, "N", true, false, "5over", "-5under", yes},
	{"a{0||||0|||a|*||*}", "a{0||||0|||a|*||*}", "{0|a{0|0,{0|||a|0||0}}}", "{a{0,{0||0|a|||0}|0}|0}", 6, "L", false, false, "0", "0", yes},
	{"{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}",
		"{0|{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}}",
		"{0|{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}}",
		"{0|{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}}", 17, "L", false, true, "0", "0", yes},
	// Grenville's example of an unstable game.
	{"a{0|{0||||0,*2|||a|0||0}||0}", "a{0|{0||||0,*2|||a|0||0}||0}", "a{0||0|{0|a||0,*2|||0||||0}}", "", 9, "N", false, false, "0", "0", no},
}

var (
	yes = func() *bool { b := true; return &b }()
	no  = func() *bool { b := false; return &b }()
)

func TestCGSuiteStoppers(t *testing.T) {
	for _, c := range cgsuiteStoppers {
		t.Run(c.in, func(t *testing.T) {
			v := mustParse(t, c.in)
			if !v.IsStopper() {
				t.Fatalf("not a stopper")
			}
			mustEqual(t, "value", v, mustParse(t, c.out))
			// The printed canonical form reads back as the same value
			// and prints the same.
			s, err := String(v, nil)
			if err != nil {
				t.Fatal(err)
			}
			back := mustParse(t, s)
			mustEqual(t, "parse(print)", v, back)
			if s2, _ := String(back, nil); s2 != s {
				t.Errorf("print(parse(%s)) = %s", s, s2)
			}
			p, err := Describe(v, nil)
			if err != nil {
				t.Fatal(err)
			}
			o, _ := Outcome(v, nil)
			if o != c.outcome {
				t.Errorf("outcome %s, CGSuite %s", o, c.outcome)
			}
			if *p.FollowerCount != c.followers {
				t.Errorf("follower count %d, CGSuite %d", *p.FollowerCount, c.followers)
			}
			if *p.IsPlumtree != c.plumtree {
				t.Errorf("is_plumtree %v", *p.IsPlumtree)
			}
			if p.IsIdempotent == nil || *p.IsIdempotent != c.idempotent {
				t.Errorf("is_idempotent %v (%s)", p.IsIdempotent, p.Messages["is_idempotent"])
			}
			if *p.LeftStop != c.leftStop || *p.RightStop != c.rightStop {
				t.Errorf("stops %s, %s; CGSuite %s, %s", *p.LeftStop, *p.RightStop, c.leftStop, c.rightStop)
			}
			if p.Degree == nil {
				t.Fatalf("no degree: %s", p.Messages["degree"])
			}
			mustEqual(t, "degree", mustParse(t, *p.Degree), mustParse(t, c.degree))
			switch {
			case c.stable == nil:
				if p.IsStable != nil || p.Variety != nil {
					t.Errorf("variety of a game whose degree is not idempotent")
				}
			case p.IsStable == nil || *p.IsStable != *c.stable:
				t.Errorf("is_stable %v (%s)", p.IsStable, p.Messages["is_stable"])
			case *c.stable:
				mustEqual(t, "variety", mustParse(t, *p.Variety), mustParse(t, c.variety))
			}
		})
	}
}

// CGSuite's sided values: SidedValueTestCase.scala beside the above.
func TestCGSuiteSidedValues(t *testing.T) {
	for _, c := range []struct {
		in, on, off, outcome string
		idempotent           bool
	}{
		{"dud", "on", "off", "D", true},
		{"a{{|a}|}", "1", "0", "PHat", false},
		{"1 & 0", "1", "0", "PHat", false},
		{"{0|{dud|},*}", "^", "v*", "NHat", false},
	} {
		v := mustParse(t, c.in)
		if v.IsStopper() || !v.HasSides() {
			t.Fatalf("%s: not a sided value", c.in)
		}
		mustEqual(t, c.in+" onside", &Value{On: v.On, Off: v.On}, mustParse(t, c.on))
		mustEqual(t, c.in+" offside", &Value{On: v.Off, Off: v.Off}, mustParse(t, c.off))
		if o, _ := Outcome(v, nil); o != c.outcome {
			t.Errorf("%s: outcome %s, CGSuite %s", c.in, o, c.outcome)
		}
		p, err := Describe(v, nil)
		if err != nil {
			t.Fatal(err)
		}
		if *p.IsIdempotent != c.idempotent {
			t.Errorf("%s: is_idempotent %v", c.in, *p.IsIdempotent)
		}
	}
	// Bach's carousel is not stopper-sided (CGSuite: class SidedValue,
	// IsStopperSided false, outcome N): no stopper sides are found, and
	// the outcome comes from the game graph.
	v := mustParse(t, "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}")
	if v.HasSides() {
		t.Errorf("Bach's carousel: sides found: %v", v)
	}
	if o, _ := Outcome(v, nil); o != "N" {
		t.Errorf("Bach's carousel: outcome %s, CGSuite N", o)
	}
}

// The identities of the theory (Winning Ways ch. 11; Siegel, CGT VI).
func TestIdentities(t *testing.T) {
	mustEqual(t, "on + off = dud", mustParse(t, "on + off"), mustParse(t, "dud"))
	mustEqual(t, "over = {0|pass}", mustParse(t, "over"), mustParse(t, "{0|pass}"))
	mustEqual(t, "upon = {pass|*}", mustParse(t, "upon"), mustParse(t, "{pass|*}"))
	mustEqual(t, "under = -over", mustParse(t, "under"), mustParse(t, "-over"))
	mustEqual(t, "on + on = on", mustParse(t, "on + on"), mustParse(t, "on"))
	mustEqual(t, "over + over = over", mustParse(t, "over + over"), mustParse(t, "over"))
	mustEqual(t, "over - over = over & under", mustParse(t, "over - over"), mustParse(t, "over & under"))
	mustEqual(t, "tis + tisn = dud? no: 1&0 + 0&-1 = 1&-1", mustParse(t, "a{{|a}|} + -a{{|a}|}"), mustParse(t, "1 & -1"))
	on, off, over := mustParse(t, "on"), mustParse(t, "off"), mustParse(t, "over")
	zero := mustParse(t, "0")
	r := rand.New(rand.NewPCG(3, 4))
	space := cgt.NewSpace()
	for i := 0; i < 300; i++ {
		g := randomShort(r, space, 4)
		b := &builder{}
		root, err := b.shortGame(space, g)
		if err != nil {
			t.Fatal(err)
		}
		x, err := FromGraph(pack(&b.g, root), nil)
		if err != nil {
			t.Fatal(err)
		}
		name := space.String(g)
		if ge, _ := ValueGeq(on, x, nil); !ge {
			t.Errorf("on ≱ %s", name)
		}
		if ge, _ := ValueGeq(x, off, nil); !ge {
			t.Errorf("%s ≱ off", name)
		}
		// over is positive and smaller than every positive short game
		// that is a number; against an infinitesimal it is compared too.
		if d, ok := space.IsNumber(g); ok && d.Sign() > 0 {
			if ge, _ := ValueGeq(over, x, nil); ge {
				t.Errorf("over ≥ %s", name)
			}
		}
	}
	if ge, _ := ValueGeq(zero, over, nil); ge {
		t.Errorf("over ≤ 0")
	}
	if ge, _ := ValueGeq(over, zero, nil); !ge {
		t.Errorf("over ≱ 0")
	}
	for k := 0; k <= 40; k++ {
		x := mustParse(t, fmt.Sprintf("1/%d", int64(1)<<k))
		if ge, _ := ValueGeq(over, x, nil); ge {
			t.Errorf("over ≥ 2^-%d", k)
		}
		if ge, _ := ValueGeq(Negate(x), over, nil); ge {
			t.Errorf("-2^-%d ≥ over", k)
		}
	}
}

// randomCases is n, or 20 with -short, or STOPPER_RANDOM_CASES when set
// (long runs: STOPPER_RANDOM_CASES=2000).
func randomCases(n int) int {
	if s := os.Getenv("STOPPER_RANDOM_CASES"); s != "" {
		if k, err := strconv.Atoi(s); err == nil {
			return k
		}
	}
	if testing.Short() {
		return 20
	}
	return n
}

// randomShort is a random short game born by day depth.
func randomShort(r *rand.Rand, s *cgt.Space, depth int) cgt.Game {
	if depth == 0 || r.IntN(4) == 0 {
		return s.Integer(int64(r.IntN(3) - 1))
	}
	var L, R []cgt.Game
	for i := r.IntN(3); i > 0; i-- {
		L = append(L, randomShort(r, s, depth-1))
	}
	for i := r.IntN(3); i > 0; i-- {
		R = append(R, randomShort(r, s, depth-1))
	}
	g, err := s.Make(L, R)
	if err != nil {
		panic(err)
	}
	return g
}

// randomStopper draws random graphs until one is a stopper.
func randomStopper(r *rand.Rand, n int) *Graph {
	for {
		g := randomGraph(r, 1+r.IntN(n), 1.3)
		if IsStopper(g) {
			return g
		}
	}
}

// testPool are the stoppers X of the sums G + X by which sides are
// checked.
func testPool(t testing.TB) []*Graph {
	var pool []*Graph
	for _, e := range []string{"0", "*", "1", "-1", "1/2", "-1/2", "^", "v", "*2", "{1|-1}", "over", "under", "on", "off", "upon", "-upon", "{0|over}", "2over", "{pass|-1}", "{0|{0|0,pass}}", "^*", "{2|pass}"} {
		pool = append(pool, mustParse(t, e).On)
	}
	r := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 12; i++ {
		c, err := Canonical(randomStopper(r, 4), nil)
		if err != nil {
			t.Fatal(err)
		}
		pool = append(pool, c)
	}
	return pool
}

// checkSides checks the defining property of the sides of the game
// graph g on sums with every X of the pool, by playing the sums out
// (plainResults): Left, moving first in g + X, forces a win exactly when
// she forces one in offside + X (where an endless play is Right's), and
// avoids losing exactly when she avoids losing in onside + X (where an
// endless play is Left's); and the same for Right moving first.
func checkSides(t *testing.T, what string, g *Graph, v *Value, pool []*Graph) {
	t.Helper()
	for _, x := range pool {
		gx, err := Sum(g, x, nil)
		if err != nil {
			t.Fatal(err)
		}
		onx, _ := Sum(v.On, x, nil)
		offx, _ := Sum(v.Off, x, nil)
		lg, rg := plainResults(gx)
		lon, ron := plainResults(onx)
		loff, roff := plainResults(offx)
		xs, _ := GraphString(x, nil)
		if (lg[0] == LeftWins) != (loff[0] == LeftWins) || (rg[0] == RightWins) != (ron[0] == RightWins) {
			t.Fatalf("%s + %s: wins %v/%v, but the sides give %v (offside, Left first) %v (onside, Right first)", what, xs, lg[0], rg[0], loff[0], ron[0])
		}
		if (lg[0] != RightWins) != (lon[0] != RightWins) || (rg[0] != LeftWins) != (roff[0] != LeftWins) {
			t.Fatalf("%s + %s: survival %v/%v, but the sides give %v (onside, Left first) %v (offside, Right first)", what, xs, lg[0], rg[0], lon[0], roff[0])
		}
	}
}

func TestRandomStoppers(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	pool := testPool(t)
	n := randomCases(40)
	notStopper := 0
	for i := 0; i < n; i++ {
		g := randomStopper(r, 6)
		c, err := Canonical(g, nil)
		if err != nil {
			t.Fatal(err)
		}
		name, err := GraphString(c, nil)
		if err != nil {
			t.Fatal(err)
		}
		// Simplification keeps the value: compared with the graph as
		// drawn, and played out.
		if eq, _ := Equal(c, g, nil); !eq {
			t.Fatalf("canonical form %s of %v is not equal to it", name, g)
		}
		lg, rg := plainResults(g)
		lc, rc := Results(c)
		if lg[0] != lc[0] || rg[0] != rc[0] || lg[0] == Draw || rg[0] == Draw {
			t.Fatalf("%s: outcome %v/%v, played out %v/%v", name, lc[0], rc[0], lg[0], rg[0])
		}
		// The simplest form is simplest: again gives the same text, and
		// so does reading it back.
		c2, _ := Canonical(c, nil)
		if s2, _ := GraphString(c2, nil); s2 != name {
			t.Fatalf("canonical form not stable: %s then %s", name, s2)
		}
		back := mustParse(t, name)
		if s3, _ := String(back, nil); s3 != name {
			t.Fatalf("print(parse(%s)) = %s", name, s3)
		}
		// G − G: 0 when it is a stopper; otherwise a sided value whose
		// sides are checked by play, and which holds 0 between them.
		v := stopperValue(c)
		d, err := Add(v, Negate(v), nil)
		if err != nil {
			var ns *NotSettledError
			if errors.As(err, &ns) {
				t.Logf("%s − itself: %v", name, err)
				continue
			}
			t.Fatal(err)
		}
		zero := mustParse(t, "0")
		if d.IsStopper() {
			mustEqual(t, name+" − itself", d, zero)
			continue
		}
		notStopper++
		if ge, _ := Geq(d.On, zero.On, nil); !ge {
			t.Errorf("%s − itself: onside not ≥ 0", name)
		}
		if ge, _ := Geq(zero.On, d.Off, nil); !ge {
			t.Errorf("%s − itself: offside not ≤ 0", name)
		}
		diff, _ := Sum(c, Neg(c), nil)
		checkSides(t, name+" − itself", diff, d, pool)
	}
	t.Logf("%d of %d differences G − G were not stoppers", notStopper, n)
}

// Random game graphs with cycles: sides, where found, are checked by
// play on sums with the pool.
func TestRandomSides(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	pool := testPool(t)
	n, found := randomCases(40), 0
	for i := 0; i < n; i++ {
		g := randomGraph(r, 1+r.IntN(5), 1.4)
		if IsStopper(g) {
			continue
		}
		v, err := FromGraph(g, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !v.HasSides() {
			continue
		}
		found++
		if ge, _ := Geq(v.On, v.Off, nil); !ge {
			t.Fatalf("%v: onside below offside", g)
		}
		checkSides(t, fmt.Sprint(g.L, g.R), g, v, pool)
	}
	t.Logf("sides found for %d random loopy graphs", found)
}

// Sidling and elimination agree where both settle.
func TestSidlingAgreesWithElimination(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	agree := 0
	for i := 0; i < 200; i++ {
		g := randomGraph(r, 1+r.IntN(5), 1.4)
		if IsStopper(g) {
			continue
		}
		for _, onside := range []bool{true, false} {
			e, ok, err := sideByElimination(g, onside, nil)
			if err != nil || !ok {
				continue
			}
			s, err := sidle(g, onside, nil)
			if err != nil {
				continue
			}
			if eq, _ := Equal(e, s, nil); !eq {
				es, _ := GraphString(e, nil)
				ss, _ := GraphString(s, nil)
				t.Fatalf("%v onside=%v: elimination %s, sidling %s", g, onside, es, ss)
			}
			agree++
		}
	}
	t.Logf("%d sides found both ways", agree)
}

func TestBadInput(t *testing.T) {
	for _, c := range []struct {
		in   string
		pos  int
		want string
	}{
		{"{0|a", 0, "unbalanced '{'"},
		{"a{0|b}", 4, `label "b" is used outside`},
		{"{0|a} + a{0|a}", 3, `label "a" is used outside`},
		{"a{0|-a}", 5, "inside a sum or negation"},
		{"pass", 0, "pass"},
		{"{pass|0} +", 10, "end of the input"},
		{"1 & 2", 2, "onside must be greater"},
		{"0}", 1, "unbalanced '}'"},
		{"{0|1|2}", 4, "ambiguous bars"},
		{"on{0|}", 0, "cannot label"},
		{"a{0|a{a|}}", 4, "already the label"},
		{"{0|*} + ", 8, "end of the input"},
		{"{0|pass}||", 10, "end of the input"},
	} {
		_, err := Parse(c.in, nil)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%q: error %v, want a ParseError", c.in, err)
			continue
		}
		if pe.Pos != c.pos || !strings.Contains(pe.Msg, c.want) {
			t.Errorf("%q: %v (offset %d), want offset %d and %q", c.in, err, pe.Pos, c.pos, c.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"on", "{0|pass}", "a{0|b{a|*}}", "{pass|3/2} & 0", "on + off", "upon <= over", "a{{|a}|}", "+-{5|pass}", "Tiny(on)", "{0||0|under}", "3*upon", "^.Pow(on)", "^.PowTo({5|pass})", "1^[on]*", "v<on>", "{0|-2}.PowTo(over)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 40 {
			return
		}
		p, err := Parse(src, &Limits{MaxVertices: 200})
		if err != nil || p.Op != "" || !p.Left.HasSides() {
			return
		}
		s, err := String(p.Left, nil)
		if err != nil {
			return
		}
		back, err := Parse(s, nil)
		if err != nil {
			t.Fatalf("%q printed %q, which does not parse: %v", src, s, err)
		}
		if eq, _ := ValueEqual(p.Left, back.Left, nil); !eq {
			t.Fatalf("%q printed %q, which reads back as another value", src, s)
		}
	})
}
