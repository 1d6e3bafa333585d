package hackenbush

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
)

// wholeCuts is the plain rule, written apart from cutsGraph: remove one
// edge the player may cut, then every edge with no path to vertex 0. In
// Childish Hackenbush a cut of a blue or red edge (of any edge, green
// too, when green is set) that makes another edge fall is not a move.
func wholeCuts(p picture, c byte, childish, green bool) []picture {
	var out []picture
	for i, e := range p {
		if e.c != c && e.c != 'g' {
			continue
		}
		var rest picture
		rest = append(rest, p[:i]...)
		rest = append(rest, p[i+1:]...)
		kept := fall(rest)
		if childish && (e.c != 'g' || green) && len(kept) != len(rest) {
			continue
		}
		out = append(out, kept)
	}
	return out
}

// fall drops the edges of p with no path to vertex 0, found by repeated
// relaxation over the edge list.
func fall(p picture) picture {
	reach := map[int]bool{0: true}
	for k := 0; k < len(p)+1; k++ {
		for _, f := range p {
			if reach[f.u] || reach[f.v] {
				reach[f.u], reach[f.v] = true, true
			}
		}
	}
	var kept picture
	for _, f := range p {
		if reach[f.u] {
			kept = append(kept, f)
		}
	}
	return kept
}

// plainValue values a whole picture by the definition {G^L | G^R}, no
// regions and no renaming: the witness for the evaluator.
func plainValue(s *cgt.Space, p picture, rule Graphs, memo map[string]cgt.Game) cgt.Game {
	key := p.String()
	if v, ok := memo[key]; ok {
		return v
	}
	var L, R []cgt.Game
	for _, q := range wholeCuts(p, 'l', rule.Childish, rule.ChildishGreen) {
		L = append(L, plainValue(s, q, rule, memo))
	}
	for _, q := range wholeCuts(p, 'r', rule.Childish, rule.ChildishGreen) {
		R = append(R, plainValue(s, q, rule, memo))
	}
	v, err := s.Make(L, R)
	if err != nil {
		panic(err)
	}
	memo[key] = v
	return v
}

// plainMex is the nim value of an all-green picture by the mex rule.
func plainMex(p picture, memo map[string]int) int {
	key := p.String()
	if v, ok := memo[key]; ok {
		return v
	}
	seen := map[int]bool{}
	for _, q := range wholeCuts(p, 'g', false, false) {
		seen[plainMex(q, memo)] = true
	}
	v := 0
	for seen[v] {
		v++
	}
	memo[key] = v
	return v
}

// randomPicture draws a connected-ish multigraph on up to 5 vertices with
// up to maxEdges edges of the given colours (loops and parallel edges
// included), less the edges that do not reach the ground.
func randomPicture(r *rand.Rand, maxEdges int, colours string) picture {
	n := 2 + r.IntN(4)
	m := 1 + r.IntN(maxEdges)
	p := make(picture, m)
	for i := range p {
		u := r.IntN(n)
		if i == 0 {
			u = 0
		}
		p[i] = gedge{u, r.IntN(n), colours[r.IntN(len(colours))]}
	}
	return fall(p)
}

// TestGreenAgainstMex checks the fusion and colon principles (GreenValue)
// and the evaluator on 600 random green pictures of up to 9 edges against
// the mex rule over whole pictures.
func TestGreenAgainstMex(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 7))
	s := cgt.NewSpace()
	e, err := partizan.New[string](s, Green{})
	if err != nil {
		t.Fatal(err)
	}
	eg, _ := partizan.New[string](s, Graphs{})
	memo := map[string]int{}
	for k := 0; k < 600; k++ {
		p := randomPicture(r, 9, "g")
		want := plainMex(p, memo)
		if got := GreenValue(p.String()); got != want {
			t.Fatalf("%s: fusion gives *%d, the mex rule *%d", p, got, want)
		}
		for _, ev := range []*partizan.Evaluator[string]{e, eg} {
			v, err := ev.Value(context.Background(), p.String())
			if err != nil {
				t.Fatal(err)
			}
			if n, ok := s.IsNimber(v); !ok || n != want {
				t.Fatalf("%s: the evaluator gives %s, the mex rule *%d", p, s.String(v), want)
			}
		}
	}
}

// TestGreenPublished checks the principles on pictures of Winning Ways
// ch. 7 and Lessons in Play ch. 7: a stalk of n edges is *n; a triangle
// standing on the ground by one vertex fuses to three loops, *1 (parity);
// the same triangle on a stalk of one edge is *2 (colon principle: 1 + 1);
// a square on the ground by one corner is 0 (four loops); a "Y" tree of
// a trunk with branches of 1 and 2 edges is 1 + (1 ⊕ 2) = *4.
func TestGreenPublished(t *testing.T) {
	for _, c := range []struct {
		pic  string
		want int
	}{
		{Stalk(5), 5},
		{"0-1,1-2,2-0", 1},
		{"0-1,1-2,2-3,3-1", 2},
		{"0-1,1-2,2-3,3-0", 0},
		{"0-1,1-2,1-3,3-4", 4},
		{"0-1,0-2", 0},
		{"0-0,0-0,0-0", 1},
	} {
		if got := GreenValue(c.pic); got != c.want {
			t.Errorf("%s: *%d, want *%d", c.pic, got, c.want)
		}
		if got := plainMex(mustPicture(c.pic), map[string]int{}); got != c.want {
			t.Errorf("%s: the mex rule gives *%d, want *%d", c.pic, got, c.want)
		}
	}
}

// TestGraphsAgainstPlain checks 300 random Blue-Red-Green pictures of up
// to 8 edges, and 300 in Childish Hackenbush under each reading (CGSuite's,
// green edges free; and green edges bound too), against the definition
// over whole pictures.
// No published table of Childish Hackenbush values was found, so it is
// checked against this search and the small cases below only.
func TestGraphsAgainstPlain(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 11))
	for _, rule := range []Graphs{{}, {Childish: true}, {Childish: true, ChildishGreen: true}} {
		s := cgt.NewSpace()
		e, err := partizan.New[string](s, rule)
		if err != nil {
			t.Fatal(err)
		}
		memo := map[string]cgt.Game{}
		for k := 0; k < 300; k++ {
			p := randomPicture(r, 8, "lrgg")
			want := plainValue(s, p, rule, memo)
			got, err := e.Value(context.Background(), p.String())
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("%+v, %s: regions give %s, the definition %s", rule, p, s.String(got), s.String(want))
			}
		}
	}
}

// TestGraphsSmall pins cases worked by hand. Blue-Red on graphs agrees
// with the stalks' sign expansion (lrrl = 3/8) and Winning Ways' l[r,r]
// = 1/4. In Childish Hackenbush only a top edge can go: a stalk of n blue
// edges is n, and lr is {|1} = 0 (Left may not cut the blue edge under
// the red one). The two readings of the childish rule part on green
// edges: a green stalk of two is {0,*|0,*} = *2 when the bottom edge may
// be cut under the top one (CGSuite's rule), {*|*} = 0 when it may not.
func TestGraphsSmall(t *testing.T) {
	for _, c := range []struct {
		pic             string
		childish, green bool
		want            string
	}{
		{"0-1l,1-2r,2-3r,3-4l", false, false, "3/8"},
		{"0-1l,1-2r,1-3r", false, false, "1/4"},
		{"0-1l,1-2l,2-3l", true, false, "3"},
		{"0-1l,1-2r", true, false, "0"},
		{"0-1l,1-2r", false, false, "1/2"},
		{"0-1g", true, false, "*"},
		{"0-1g,1-2g", true, false, "*2"},
		{"0-1g,1-2g", true, true, "0"},
	} {
		s := cgt.NewSpace()
		e, _ := partizan.New[string](s, Graphs{Childish: c.childish, ChildishGreen: c.green})
		v, err := e.Value(context.Background(), mustPicture(c.pic).String())
		if err != nil || s.String(v) != c.want {
			t.Errorf("childish %v (green too %v), %s: %s %v, want %s", c.childish, c.green, c.pic, s.String(v), err, c.want)
		}
	}
}

func TestParsePictures(t *testing.T) {
	for _, bad := range []string{"0-", "0-1x", "a-1", "0-1,", "0-999"} {
		if _, err := ParsePictures([]string{bad}, 'g'); err == nil {
			t.Errorf("ParsePictures(%q): no error", bad)
		}
	}
	if _, err := ParsePictures([]string{strings.Repeat("0-1,", MaxGraphEdges) + "0-1"}, 'g'); err == nil {
		t.Errorf("too many edges: no error")
	}
	if _, err := ParseGreen([]string{"0-1l"}); err == nil {
		t.Errorf("ParseGreen: a blue edge: no error")
	}
	ps, err := ParsePictures([]string{"0-1B,1-2", "-"}, 'g')
	if err != nil || fmt.Sprint(ps) != "[0-1l,1-2g]" {
		t.Errorf("ParsePictures: %v %v", ps, err)
	}
}

// TestRedwoodFurniture checks Winning Ways' theorem on redwood furniture
// (ch. 7; the NP-hardness reduction of Garey and Johnson's GP12): blue
// feet on the ground, each carrying one red leg of its own, and red edges
// above joining the legs into one piece; every such picture is worth 2^−N for some N.
// 150 random pieces of furniture with up to 3 legs and 4 more red edges.
func TestRedwoodFurniture(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 71))
	s := cgt.NewSpace()
	e, _ := partizan.New[string](s, Graphs{})
	for k := 0; k < 150; k++ {
		legs := 1 + r.IntN(3)
		var p picture
		tops := []int{}
		for i := 0; i < legs; i++ {
			a, b := 1+2*i, 2+2*i
			p = append(p, gedge{0, a, 'l'}, gedge{a, b, 'r'})
			tops = append(tops, b)
		}
		for i := 1; i < legs; i++ { // the seat: the picture is connected
			p = append(p, gedge{tops[i-1], tops[i], 'r'})
		}
		extra := 2*legs + 1
		for j := r.IntN(5); j > 0; j-- {
			u := tops[r.IntN(len(tops))]
			v := extra + r.IntN(2)
			if r.IntN(2) == 0 {
				v = tops[r.IntN(len(tops))]
			}
			p = append(p, gedge{u, v, 'r'})
			if v >= extra {
				tops = append(tops, v)
			}
		}
		v, err := e.Value(context.Background(), p.String())
		if err != nil {
			t.Fatal(err)
		}
		ok := false
		for n := uint(0); n <= 20 && !ok; n++ {
			d, _ := cgt.NewDyadic(1, n)
			ok = v == s.Number(d)
		}
		if !ok {
			t.Fatalf("redwood furniture %s = %s, not 2^-N", p, s.String(v))
		}
	}
}
