package cgt

import (
	"bufio"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/outcome"
)

// TestPublished checks values from the literature, kept in
// testdata/published.txt with their sources.
func TestPublished(t *testing.T) {
	f, err := os.Open("testdata/published.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := NewSpace()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		fs := strings.Split(line, ";")
		for i := range fs {
			fs[i] = strings.TrimSpace(fs[i])
		}
		g, err := s.Parse(fs[0])
		if err != nil {
			t.Errorf("%s: %v", fs[0], err)
			continue
		}
		want, err := s.Parse(fs[1])
		if err != nil {
			t.Errorf("%s: %v", fs[1], err)
			continue
		}
		if g != want {
			t.Errorf("%s = %s, want %s", fs[0], s.String(g), fs[1])
		}
		if got := s.String(g); got != fs[1] {
			t.Errorf("%s prints as %s, want %s", fs[0], got, fs[1])
		}
		if got := s.outcomeOf(g).String(); got != fs[2] {
			t.Errorf("%s: outcome %s, want %s", fs[0], got, fs[2])
		}
		if got := s.mean(g).String(); got != fs[3] {
			t.Errorf("%s: mean %s, want %s", fs[0], got, fs[3])
		}
		if got := s.temperature(g).String(); got != fs[4] {
			t.Errorf("%s: temperature %s, want %s", fs[0], got, fs[4])
		}
		n++
	}
	if n < 20 {
		t.Fatalf("only %d published values read", n)
	}
}

// tree is a game written out in full, independently of Space: the
// second witness for canonical forms, comparison and outcomes.
type tree struct {
	L, R []*tree
}

// naive comparison straight from the definition, memoised by pointer.
type naive struct {
	leq map[[2]*tree]bool
}

func (n *naive) le(g, h *tree) bool {
	k := [2]*tree{g, h}
	if r, ok := n.leq[k]; ok {
		return r
	}
	r := true
	for _, gl := range g.L {
		if n.le(h, gl) {
			r = false
			break
		}
	}
	if r {
		for _, hr := range h.R {
			if n.le(hr, g) {
				r = false
				break
			}
		}
	}
	n.leq[k] = r
	return r
}

// leftWins reports whether Left wins the sum of comps moving first
// (leftFirst) or Right moving first: exhaustive play of the sum.
type player struct{ memo map[string]bool }

func key(comps []*tree, leftFirst bool, ids map[*tree]int) string {
	var sb strings.Builder
	if leftFirst {
		sb.WriteString("L:")
	} else {
		sb.WriteString("R:")
	}
	for _, c := range comps {
		sb.WriteString(string(rune(ids[c] + 1)))
	}
	return sb.String()
}

func (p *player) moverWins(comps []*tree, leftMoves bool, ids map[*tree]int) bool {
	k := key(comps, leftMoves, ids)
	if r, ok := p.memo[k]; ok {
		return r
	}
	win := false
	for i, c := range comps {
		opts := c.R
		if leftMoves {
			opts = c.L
		}
		for _, o := range opts {
			next := append(append(append([]*tree(nil), comps[:i]...), o), comps[i+1:]...)
			if !p.moverWins(next, !leftMoves, ids) {
				win = true
				break
			}
		}
		if win {
			break
		}
	}
	p.memo[k] = win
	return win
}

func (p *player) outcome(comps []*tree, ids map[*tree]int) outcome.Outcome {
	return outcome.FromFirstMoves(p.moverWins(comps, true, ids), p.moverWins(comps, false, ids))
}

// randomTrees makes a pool of random games, day by day.
func randomTrees(r *rand.Rand, days, perDay int) []*tree {
	pool := []*tree{{}}
	for d := 1; d <= days; d++ {
		prev := len(pool)
		for i := 0; i < perDay; i++ {
			t := &tree{}
			for _, side := range []*[]*tree{&t.L, &t.R} {
				k := r.IntN(4)
				for j := 0; j < k; j++ {
					*side = append(*side, pool[r.IntN(prev)])
				}
			}
			pool = append(pool, t)
		}
	}
	return pool
}

// build converts a tree into s, options in the given order.
func build(s *Space, t *tree, memo map[*tree]Game, reverse bool) Game {
	if g, ok := memo[t]; ok {
		return g
	}
	conv := func(ts []*tree) []Game {
		out := make([]Game, len(ts))
		for i, o := range ts {
			out[i] = build(s, o, memo, reverse)
		}
		if reverse {
			for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
				out[i], out[j] = out[j], out[i]
			}
		}
		return out
	}
	g := s.mk(conv(t.L), conv(t.R))
	memo[t] = g
	return g
}

// canonTree writes the canonical form of g out as a tree.
func canonTree(s *Space, g Game, memo map[Game]*tree) *tree {
	if t, ok := memo[g]; ok {
		return t
	}
	t := &tree{}
	for _, o := range s.Left(g) {
		t.L = append(t.L, canonTree(s, o, memo))
	}
	for _, o := range s.Right(g) {
		t.R = append(t.R, canonTree(s, o, memo))
	}
	memo[g] = t
	return t
}

func TestAgainstExhaustivePlay(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pool := randomTrees(r, 4, 60)
	ids := map[*tree]int{}
	for i, p := range pool {
		ids[p] = i
	}
	s := NewSpace()
	memo := map[*tree]Game{}
	games := make([]Game, len(pool))
	for i, p := range pool {
		games[i] = build(s, p, memo, false)
	}
	// A second construction order and a second Space give the same handles
	// (canonical form unique) and the same printed forms.
	s2 := NewSpace()
	memo2 := map[*tree]Game{}
	for i := len(pool) - 1; i >= 0; i-- {
		g := build(s, pool[i], map[*tree]Game{}, true)
		if g != games[i] {
			t.Fatalf("game %d: construction orders disagree: %s vs %s", i, s.String(g), s.String(games[i]))
		}
		g2 := build(s2, pool[i], memo2, true)
		if s2.String(g2) != s.String(games[i]) {
			t.Fatalf("game %d: two spaces print %s and %s", i, s2.String(g2), s.String(games[i]))
		}
	}
	nv := &naive{leq: map[[2]*tree]bool{}}
	pl := &player{memo: map[string]bool{}}
	cmemo := map[Game]*tree{}
	for i, a := range pool {
		g := games[i]
		if got, want := s.outcomeOf(g), pl.outcome([]*tree{a}, ids); got != want {
			t.Fatalf("game %d (%s): outcome %v, exhaustive play says %v", i, s.String(g), got, want)
		}
		// The canonical form equals the original.
		ct := canonTree(s, g, cmemo)
		if !nv.le(ct, a) || !nv.le(a, ct) {
			t.Fatalf("game %d: canonical form %s is not equal to the original", i, s.String(g))
		}
		// Parse inverts String.
		if h, err := s.Parse(s.String(g)); err != nil || h != g {
			t.Fatalf("game %d: %s does not parse back: %v", i, s.String(g), err)
		}
	}
	// Comparisons and sums on pairs.
	for k := 0; k < 3000; k++ {
		i, j := r.IntN(len(pool)), r.IntN(len(pool))
		a, b := pool[i], pool[j]
		g, h := games[i], games[j]
		if got, want := s.leq(g, h), nv.le(a, b); got != want {
			t.Fatalf("%s <= %s: got %v, definition says %v", s.String(g), s.String(h), got, want)
		}
		if got, want := s.outcomeOf(s.add(g, h)), pl.outcome([]*tree{a, b}, ids); got != want {
			t.Fatalf("outcome of %s + %s: got %v, exhaustive play says %v", s.String(g), s.String(h), got, want)
		}
	}
}

func randomGames(r *rand.Rand, s *Space, n int) []Game {
	pool := randomTrees(r, 4, n/4+1)
	memo := map[*tree]Game{}
	out := make([]Game, 0, len(pool)+40)
	for _, p := range pool {
		out = append(out, build(s, p, memo, false))
	}
	// Add number-up-stars and a few hot games.
	for i := 0; i < 40; i++ {
		x := newDyadic(int64(r.IntN(17)-8), uint(r.IntN(3)))
		out = append(out, s.numberUpStar(x, r.IntN(7)-3, uint64(r.IntN(5))))
	}
	return out
}

func TestAlgebraicLaws(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	s := NewSpace()
	gs := randomGames(r, s, 400)
	pick := func() Game { return gs[r.IntN(len(gs))] }
	for k := 0; k < 4000; k++ {
		a, b, c := pick(), pick(), pick()
		if z := s.add(a, s.neg(a)); z != Zero {
			t.Fatalf("%s + -(%s) = %s, want 0", s.String(a), s.String(a), s.String(z))
		}
		if s.add(a, b) != s.add(b, a) {
			t.Fatalf("sum not commutative on %s, %s", s.String(a), s.String(b))
		}
		if s.add(s.add(a, b), c) != s.add(a, s.add(b, c)) {
			t.Fatalf("sum not associative on %s, %s, %s", s.String(a), s.String(b), s.String(c))
		}
		if s.neg(s.neg(a)) != a {
			t.Fatalf("--%s != itself", s.String(a))
		}
		if s.leq(a, b) && s.leq(b, c) && !s.leq(a, c) {
			t.Fatalf("<= not transitive: %s, %s, %s", s.String(a), s.String(b), s.String(c))
		}
		if s.leq(a, b) && s.leq(b, a) && a != b {
			t.Fatalf("%s and %s are equal but have two handles", s.String(a), s.String(b))
		}
		// a <= b iff b - a >= 0
		if s.leq(a, b) != s.leq(Zero, s.sub(b, a)) {
			t.Fatalf("%s <= %s disagrees with the sign of the difference", s.String(a), s.String(b))
		}
		// order is compatible with sums
		if s.leq(a, b) && !s.leq(s.add(a, c), s.add(b, c)) {
			t.Fatalf("<= not preserved by adding %s", s.String(c))
		}
		// stops: LS >= RS for non-numbers, mean between stops
		if _, isNum := s.IsNumber(a); !isNum {
			if s.leftStop(a).Less(s.rightStop(a)) {
				t.Fatalf("%s: left stop below right stop", s.String(a))
			}
		}
		m := s.mean(a)
		if m.Less(s.rightStop(a)) || s.leftStop(a).Less(m) {
			t.Fatalf("%s: mean %v outside the stops", s.String(a), m)
		}
		// mean is additive
		if s.mean(s.add(a, b)) != s.mean(a).add(s.mean(b)) {
			t.Fatalf("mean(%s + %s) != mean + mean", s.String(a), s.String(b))
		}
	}
}

// TestNusForms checks the canonical forms of number-up-stars made from
// their three parts against the same values built as sums of {0|*} and
// {0|0} trees, compared by the definition.
func TestNusForms(t *testing.T) {
	s := NewSpace()
	zero := &tree{}
	star := &tree{L: []*tree{zero}, R: []*tree{zero}}
	up := &tree{L: []*tree{zero}, R: []*tree{star}}
	down := &tree{L: []*tree{star}, R: []*tree{zero}}
	nimber := func(k int) *tree {
		ts := []*tree{zero}
		for i := 1; i <= k; i++ {
			t := &tree{L: append([]*tree(nil), ts...), R: append([]*tree(nil), ts...)}
			ts = append(ts, t)
		}
		return ts[k]
	}
	var sum func(a, b *tree) *tree
	memo := map[[2]*tree]*tree{}
	sum = func(a, b *tree) *tree {
		if r, ok := memo[[2]*tree{a, b}]; ok {
			return r
		}
		t := &tree{}
		for _, o := range a.L {
			t.L = append(t.L, sum(o, b))
		}
		for _, o := range b.L {
			t.L = append(t.L, sum(a, o))
		}
		for _, o := range a.R {
			t.R = append(t.R, sum(o, b))
		}
		for _, o := range b.R {
			t.R = append(t.R, sum(a, o))
		}
		memo[[2]*tree{a, b}] = t
		return t
	}
	half := &tree{L: []*tree{zero}, R: []*tree{{L: []*tree{zero}}}}
	nv := &naive{leq: map[[2]*tree]bool{}}
	cm := map[Game]*tree{}
	for _, x := range []*tree{zero, half} {
		for n := -3; n <= 3; n++ {
			for k := 0; k <= 3; k++ {
				tr := sum(x, nimber(k))
				for i := 0; i < n; i++ {
					tr = sum(tr, up)
				}
				for i := 0; i < -n; i++ {
					tr = sum(tr, down)
				}
				xv := Dyadic{}
				if x == half {
					xv = newDyadic(1, 1)
				}
				g := s.numberUpStar(xv, n, uint64(k))
				ct := canonTree(s, g, cm)
				if !nv.le(ct, tr) || !nv.le(tr, ct) {
					t.Errorf("canonical form of %s is wrong", s.String(g))
				}
			}
		}
	}
}

func TestBadInput(t *testing.T) {
	s := NewSpace()
	for _, c := range []struct{ in, want string }{
		{"{1|", "column 1: unbalanced '{'"},
		{"1|2}", "'|' outside braces"},
		{"{1|2}}", "unbalanced '}'"},
		{"1/3", "column 1: \"1/3\" is not a dyadic rational"},
		{"{0|1/6}", "column 4: \"1/6\" is not a dyadic rational"},
		{"{1|2|3}", "ambiguous bars"},
		{"on", "loopy game"},
		{"", "expected a game"},
		{"1 +", "expected a game"},
		{"*99999999999999999999", "too large"},
		{"Foo(1)", "unknown function"},
		{"{1 2|0}", "unexpected"},
		{strings.Repeat("9", 4940), "numbers are limited to 2^16384"},
	} {
		_, err := s.Parse(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			in := c.in
			if len(in) > 30 {
				in = in[:30] + "…"
			}
			t.Errorf("Parse(%q) = %v, want an error containing %q", in, err, c.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, seed := range []string{"0", "*", "*3", "^", "v", "^*", "1/2", "-3/4", "+-1", "{1|*}", "{2|0||-1}",
		"Tiny(1)", "Miny(1/2)", "^^*2+{0|^}", "{3||2*|1*}", "-1/2v*", "{,|}", "{|}", "Cool({2|-1},1/2)",
		"Heat(*,1)", "Norton(1/2, ^)", "AtomicWeight(^^*)", "1:*2", "{0||0|-1} == Tiny(1)", "((1))", "+-(1,^,*)", "+-(",
		// CGSuite's printed forms (issue 19)
		"+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}", "±{1,{2|1}}", "2Tiny(2)", "-1Miny(3)", "^<2>", "v[3]*", "1^<2>*2",
		"'{-1|1}'", "'{1|1}'*3", "^ <> *", "^ <| 0", "1 |> ^", "4611686018427387904", "{0|*||*|||*||||*}",
		"ConwayProduct(*2,{1|0})", "OrdinalProduct(*,{0|^})", "SelectiveSum(^,*2)", "Pow(^,3/2)", "Subordinate(3,1)",
		// numbers past 2^62 and 2^100 (issue 19)
		"1267650600228229401496703205376^*+{4611686018427387905|-1/2417851639229258349412352}", "+-1267650600228229401496703205376"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		s := NewSpace()
		s.MaxNodes = 1 << 16
		s.MaxSteps = 1 << 18
		g, op, _, err := s.ParseComparison(in)
		if err != nil || op != "" {
			return
		}
		str := s.String(g)
		if len(str) > MaxInputLen {
			return // the parser's bound on input; SelectiveSum(^,*22) is 25 MB
		}
		h, err := s.Parse(str)
		if err != nil {
			t.Fatalf("%q → %q does not parse: %v", in, str, err)
		}
		if h != g {
			t.Fatalf("%q → %q parses to another game %q", in, str, s.String(h))
		}
	})
}

// TestDeepNesting: inputs nested as deep as MaxInputLen allows parse
// (the parser's recursion grows the goroutine's stack, tens of MB at
// most), and a value printed as a deep chain of switches reads back as
// itself (±1:100 printed 101 nested braces when the bound was 200).
func TestDeepNesting(t *testing.T) {
	s := NewSpace()
	for _, c := range []struct{ in, want string }{
		{strings.Repeat("-", MaxInputLen-1) + "1", "-1"},
		{strings.Repeat("(", MaxInputLen/2-1) + "^" + strings.Repeat(")", MaxInputLen/2-1), "^"},
		{strings.Repeat("{", 3000) + strings.Repeat("|}", 3000), "2999"},
	} {
		g, err := s.Parse(c.in)
		if err != nil {
			t.Fatalf("%d bytes nested %q…: %v", len(c.in), c.in[:4], err)
		}
		if got := s.String(g); got != c.want {
			t.Errorf("%d bytes nested %q…: %s, want %s", len(c.in), c.in[:4], got, c.want)
		}
	}
	g, err := s.Parse("+-1:100")
	if err != nil {
		t.Fatal(err)
	}
	str := s.String(g)
	if strings.Count(str, "{") < 100 {
		t.Fatalf("±1:100 printed with %d braces", strings.Count(str, "{"))
	}
	h, err := s.Parse(str)
	if err != nil || h != g {
		t.Fatalf("±1:100 printed as %q… reads back as %v, %v", str[:40], h, err)
	}
}
