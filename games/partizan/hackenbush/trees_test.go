package hackenbush

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
)

// ordinal values a tree as the ordinal sum of its bottom edge and the sum
// of the trees on top of it, written independently of the game's moves.
func ordinal(s *cgt.Space, n *tnode) cgt.Game {
	top := cgt.Zero
	for _, k := range n.kids {
		top = must(s.Add(top, ordinal(s, k)))
	}
	e := s.Integer(1)
	switch n.color {
	case 'r':
		e = s.Integer(-1)
	case 'e':
		e = s.Star()
	}
	return must(s.OrdinalSum(e, top))
}

func randomTree(r *rand.Rand, budget int) *tnode {
	n := &tnode{color: "lre"[r.IntN(3)]}
	budget--
	for budget > 0 && r.IntN(3) > 0 {
		k := 1 + r.IntN(budget)
		n.kids = append(n.kids, randomTree(r, k))
		budget -= k
	}
	return n
}

func TestTreesAreOrdinalSums(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	s := cgt.NewSpace()
	e, err := partizan.New[string](s, Trees{})
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k < 300; k++ {
		tr := randomTree(r, 1+r.IntN(9))
		p := tr.String()
		ps, err := ParseTrees([]string{p})
		if err != nil || len(ps) != 1 || ps[0] != p {
			t.Fatalf("%s does not parse back: %v %v", p, ps, err)
		}
		g, err := e.Value(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if want := ordinal(s, tr); g != want {
			t.Fatalf("tree %s: played %s, ordinal sum %s", p, s.String(g), s.String(want))
		}
	}
}

func TestTreesOnStalks(t *testing.T) {
	s := cgt.NewSpace()
	e, _ := partizan.New[string](s, Trees{})
	for _, p := range []string{"l", "lr", "lrrl", "rlll", "llrlr"} {
		g, err := e.Value(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if want := s.Number(mustValue(t, p)); g != want {
			t.Errorf("stalk %s as a tree: %s, want %s", p, s.String(g), s.String(want))
		}
	}
	// Winning Ways ch. 1: a blue edge carrying two red edges is
	// 1 : (-1 + -1) = 1 : -2 = 1/4.
	g, _ := e.Value(context.Background(), "l[r,r]")
	if q, _ := cgt.NewDyadic(1, 2); g != s.Number(q) {
		t.Errorf("l[r,r] = %s, want 1/4", s.String(g))
	}
	// Green edges in CGSuite's letter e: a green stalk of two edges is *2
	// (Green Hackenbush: a stalk of n is *n); a blue edge on a green one
	// is {0,*|0} = ↑* (Winning Ways ch. 2).
	for pos, want := range map[string]string{"ee": "*2", "e": "*", "el": "^*"} {
		g, err := e.Value(context.Background(), pos)
		if err != nil || s.String(g) != want {
			t.Errorf("%s = %s (%v), want %s", pos, s.String(g), err, want)
		}
	}
}

func TestTreeParseErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"l[r", "expected ']'"},
		{"l[]", "expected an edge"},
		{"lx", `found 'x'`},
		{"l]", `unexpected ']'`},
		{strings.Repeat("l", 65), "more than 64 edges"},
	} {
		_, err := ParseTrees([]string{c.in})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseTrees(%q) = %v, want %q", c.in, err, c.want)
		}
	}
}

func FuzzParseTrees(f *testing.F) {
	for _, s := range []string{"l[r,lr]", "lrrl", "l,r", "l[r[l,r],l]", "[", "l[", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		ps, err := ParseTrees([]string{in})
		if err != nil {
			return
		}
		for _, p := range ps {
			again, err := ParseTrees([]string{p})
			if err != nil || len(again) != 1 || again[0] != p {
				t.Fatalf("%q → %q does not parse back: %v %v", in, p, again, err)
			}
		}
	})
}

// must returns v, and stops the test run at an error of cgt (the values
// of these small positions are far from every limit).
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
