package hackenbush

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
)

// TestCGSuiteNotationAgainstEdgeLists: random pictures written in
// CGSuite's notation (toCGSuite) read back (fromCGSuite) as the same
// game: the definition's value over the whole picture (plainValue) is
// the evaluator's on the written form, under all three rules.
func TestCGSuiteNotationAgainstEdgeLists(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 5))
	for _, rule := range []Graphs{{}, {Childish: true}, {Childish: true, ChildishGreen: true}} {
		s := cgt.NewSpace()
		e, _ := partizan.New[string](s, rule)
		memo := map[string]cgt.Game{}
		for range 300 {
			p := randomPicture(r, 8, "lrg")
			if len(p) == 0 {
				continue
			}
			written := toCGSuite(p)
			parts, err := ParsePictures([]string{written}, 'g')
			if err != nil {
				t.Fatalf("%s written %q: %v", p, written, err)
			}
			got, err := e.Value(context.Background(), parts...)
			if err != nil {
				t.Fatal(err)
			}
			if want := plainValue(s, p, rule, memo); got != want {
				t.Fatalf("%+v: %s written %q is %s, the picture %s", rule, p, written, s.String(got), s.String(want))
			}
		}
	}
}

// TestCGSuiteTreesAgainstGrundyTrees: random trees written in CGSuite's
// notation read as the same trees as grundy's bracket notation.
func TestCGSuiteTreesAgainstGrundyTrees(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 3))
	var grow func(depth int) *tnode
	grow = func(depth int) *tnode {
		n := &tnode{color: "lre"[r.IntN(3)]}
		for k := r.IntN(3); k > 0 && depth < 4; k-- {
			n.kids = append(n.kids, grow(depth+1))
		}
		return n
	}
	for range 500 {
		tree := grow(0)
		// The tree as a picture, the ground 0.
		var p picture
		var walk func(n *tnode, from int)
		next := 1
		walk = func(n *tnode, from int) {
			v := next
			next++
			c := n.color
			if c == 'e' {
				c = 'g'
			}
			p = append(p, gedge{from, v, c})
			for _, k := range n.kids {
				walk(k, v)
			}
		}
		walk(tree, 0)
		written := toCGSuite(p)
		got, err := ParseTrees([]string{written})
		if err != nil || len(got) != 1 || got[0] != tree.String() {
			t.Fatalf("%s written %q read back as %q %v", tree, written, got, err)
		}
	}
}

// TestCGSuiteMovesMatchOptions: the pictures in CGSuite's notation that
// Moves writes (what Solve and the explorer show) read back to the values
// of the evaluator's options, move for move, under all three rules.
func TestCGSuiteMovesMatchOptions(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 9))
	ctx := context.Background()
	for _, rule := range []Graphs{{}, {Childish: true}, {Childish: true, ChildishGreen: true}} {
		s := cgt.NewSpace()
		e, _ := partizan.New[string](s, rule)
		for range 150 {
			p := randomPicture(r, 7, "lrg")
			if len(p) == 0 {
				continue
			}
			parts, err := ParsePictures([]string{toCGSuite(p)}, 'g')
			if err != nil {
				t.Fatal(err)
			}
			pos := parts[0]
			for _, left := range []bool{true, false} {
				var shown, options []string
				for m := range rule.Moves(pos, left) {
					var back []string
					if m != nil {
						if back, err = ParsePictures(m, 'g'); err != nil || !isCGSuite(m[0]) {
							t.Fatalf("%s: move %q does not read back in CGSuite's notation: %v", pos, m, err)
						}
					}
					v, _ := e.Value(ctx, back...)
					shown = append(shown, s.String(v))
				}
				opts := rule.RightOptions
				if left {
					opts = rule.LeftOptions
				}
				for o := range opts(pos) {
					v, _ := e.Value(ctx, o...)
					options = append(options, s.String(v))
				}
				slices.Sort(shown)
				slices.Sort(options)
				if !slices.Equal(shown, options) {
					t.Fatalf("%+v %s (left %v): moves shown %q, options %q", rule, pos, left, shown, options)
				}
			}
		}
	}
}
