package cgt

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// formTree is a game form written out, for the plain play of compounds.
type formTree struct{ L, R []*formTree }

// treeOf is the canonical form of g as a formTree.
func treeOf(s *Space, g Game, memo map[Game]*formTree) *formTree {
	if t, ok := memo[g]; ok {
		return t
	}
	t := &formTree{}
	memo[g] = t
	for _, o := range s.Left(g) {
		t.L = append(t.L, treeOf(s, o, memo))
	}
	for _, o := range s.Right(g) {
		t.R = append(t.R, treeOf(s, o, memo))
	}
	return t
}

func (t *formTree) opts(left bool) []*formTree {
	if left {
		return t.L
	}
	return t.R
}

// compound kinds for plainPos.
const (
	kSingle = iota
	kDisj
	kConj
	kSel    // Conway's selective compound
	kCGSSel // CGSuite's selective sum
	kOrd
)

type plainPos struct {
	kind int
	a, b *formTree
}

// moves lists the positions the player can move to, by the definitions
// (WW ch. 9; ONAG ch. 14; CGSuite's CompoundGame; Siegel, CGT, II on
// ordinal sums), with no use of the package's code.
func (p plainPos) moves(left bool) []plainPos {
	var out []plainPos
	al, bl := p.a.opts(left), []*formTree(nil)
	if p.b != nil {
		bl = p.b.opts(left)
	}
	switch p.kind {
	case kSingle:
		for _, x := range al {
			out = append(out, plainPos{kSingle, x, nil})
		}
	case kDisj:
		for _, x := range al {
			out = append(out, plainPos{kDisj, x, p.b})
		}
		for _, y := range bl {
			out = append(out, plainPos{kDisj, p.a, y})
		}
	case kConj, kSel:
		for _, x := range al {
			for _, y := range bl {
				out = append(out, plainPos{p.kind, x, y})
			}
		}
		if p.kind == kSel {
			for _, x := range al {
				out = append(out, plainPos{kSel, x, p.b})
			}
			for _, y := range bl {
				out = append(out, plainPos{kSel, p.a, y})
			}
		}
	case kCGSSel:
		for _, x := range al {
			out = append(out, plainPos{kDisj, x, p.b})
		}
		for _, y := range bl {
			out = append(out, plainPos{kDisj, p.a, y})
		}
		for _, x := range al {
			for _, y := range bl {
				out = append(out, plainPos{kConj, x, y})
			}
		}
	case kOrd:
		for _, x := range al {
			out = append(out, plainPos{kSingle, x, nil}) // a move in the base ends the top
		}
		for _, y := range bl {
			out = append(out, plainPos{kOrd, p.a, y})
		}
	}
	return out
}

type plainKey struct {
	p    plainPos
	c    *formTree
	left bool
}

// firstWins reports whether the player to move wins p + c by exhaustive
// play.
func firstWins(p plainPos, c *formTree, left bool, memo map[plainKey]bool) bool {
	k := plainKey{p, c, left}
	if r, ok := memo[k]; ok {
		return r
	}
	win := false
	for _, q := range p.moves(left) {
		if !firstWins(q, c, !left, memo) {
			win = true
			break
		}
	}
	if !win {
		for _, d := range c.opts(left) {
			if !firstWins(p, d, !left, memo) {
				win = true
				break
			}
		}
	}
	memo[k] = win
	return win
}

// misereWins reports whether the player to move wins t under misère play
// (a player unable to move wins).
func misereWins(t *formTree, left bool, memo map[*formTree][2]bool) bool {
	if r, ok := memo[t]; ok {
		return r[boolIndex(!left)]
	}
	win := func(left bool) bool {
		if len(t.opts(left)) == 0 {
			return true
		}
		for _, o := range t.opts(left) {
			if !misereWins(o, !left, memo) {
				return true
			}
		}
		return false
	}
	r := [2]bool{win(true), win(false)}
	memo[t] = r
	return r[boolIndex(!left)]
}

// randomForm writes a random explicit form and returns its formTree.
func randomForm(r *rand.Rand, s *Space, depth int, leaves []Game, memo map[Game]*formTree) (string, *formTree) {
	if depth == 0 || r.IntN(4) == 0 {
		g := leaves[r.IntN(len(leaves))]
		return s.String(g), treeOf(s, g, memo)
	}
	t := &formTree{}
	var ls, rs []string
	for range r.IntN(3) {
		str, o := randomForm(r, s, depth-1, leaves, memo)
		ls, t.L = append(ls, str), append(t.L, o)
	}
	for range r.IntN(3) {
		str, o := randomForm(r, s, depth-1, leaves, memo)
		rs, t.R = append(rs, str), append(t.R, o)
	}
	return "'{" + strings.Join(ls, ",") + "|" + strings.Join(rs, ",") + "}'", t
}

// TestFormsByPlay checks the compounds of explicit forms that the parser
// keeps as written — ordinal sum, conjunctive, Conway's and CGSuite's
// selective sums — against exhaustive play of the forms: G = V exactly
// when the second player wins G − V, whoever starts.
func TestFormsByPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(37, 1))
	s := NewSpace()
	var leaves []Game
	for _, e := range []string{"0", "*", "1", "-1", "^", "1/2", "+-1", "*2"} {
		leaves = append(leaves, mustParse(t, s, e))
	}
	memo := map[Game]*formTree{}
	ops := []struct {
		name string
		kind int
	}{{"ConjunctiveSum", kConj}, {"SelectiveSum", kSel}, {"CGSuiteSelectiveSum", kCGSSel}, {":", kOrd}}
	checked := 0
	for range 150 {
		a, ta := randomForm(r, s, 2, leaves, memo)
		b, tb := randomForm(r, s, 2, leaves, memo)
		// The misère outcome of the form as written, by play.
		mm := map[*formTree][2]bool{}
		want := map[[2]bool]string{{true, true}: "N", {true, false}: "L", {false, true}: "R", {false, false}: "P"}[[2]bool{misereWins(ta, true, mm), misereWins(ta, false, mm)}]
		if got, err := s.Evaluate("(" + a + ").MisereOutcomeClass"); err != nil || got.Value == nil || got.Value.Text != want {
			t.Fatalf("(%s).MisereOutcomeClass = %v %v, play says %s", a, got, err, want)
		}
		for _, op := range ops {
			expr := a + " " + op.name + " " + b
			v, err := s.Parse(expr)
			if err != nil {
				t.Fatalf("%s: %v", expr, err)
			}
			neg := treeOf(s, s.neg(v), memo)
			pm := map[plainKey]bool{}
			p := plainPos{op.kind, ta, tb}
			if firstWins(p, neg, true, pm) || firstWins(p, neg, false, pm) {
				t.Fatalf("%s = %s, but play of the forms says otherwise", expr, s.String(v))
			}
			checked++
		}
	}
	// A quoted form alone is its canonical value; '{*|*}' is 0, but
	// '{*|*}':3 is ^[3] (CGSuite's CompoundGameTestCase); -(G:H) is
	// (-G):(-H) (CGSuite's GameTest, "implement negatives"); a brace
	// holding an explicit form keeps it as an option.
	for _, c := range [][2]string{{"'{*|*}'", "0"}, {"'{*|*}':3", "^[3]"}, {"('{*|*}') : (3)", "^[3]"},
		{"'{*|*}' ConjunctiveSum 3", "2"}, {"-(1 : '{1|0}') - (-1 : '{0|-1}')", "0"}, {"-'{1|0}' : 1", "{0,{0|-1}|-1}"}, {"{'{*|*}':1|-1}", "{^|-1}"}} {
		if g := mustParse(t, s, c[0]); s.String(g) != c[1] {
			t.Errorf("%s = %s, want %s", c[0], s.String(g), c[1])
		}
	}
	if checked < 500 {
		t.Fatalf("only %d compounds checked", checked)
	}
}

// TestCGSuiteSelectiveSum checks that CGSuiteSelectiveSum gives every
// selective sum of CGSuite's CompoundGameTestCase, where grundy's
// SelectiveSum (Conway's) differs on two.
func TestCGSuiteSelectiveSum(t *testing.T) {
	s := NewSpace()
	for _, c := range [][4]string{ // G, H, CGSuite's SelectiveSum, Conway's
		{"1/2", "1/4", "3/4", "3/4"},
		{"*5", "*6", "*8", "*11"},
		{"+-1", "^^", "{1^^|-1}", "{1^^|-1^*,-1^^}"},
		{"{1|0}", "0", "{1|0}", "{1|0}"},
		{"'{*|*}'", "3", "3", "3"},
	} {
		for i, op := range []string{"CGSuiteSelectiveSum", "SelectiveSum"} {
			expr := "(" + c[0] + ") " + op + " (" + c[1] + ")"
			if g := mustParse(t, s, expr); s.String(g) != c[2+i] {
				t.Errorf("%s = %s, want %s", expr, s.String(g), c[2+i])
			}
		}
	}
}
