package misere

import (
	"slices"
	"strings"
	"testing"
)

// TestAgainstMisereSolver: the quotients of Plambeck and Siegel's octal
// games that both programs reach in seconds, checked against MisereSolver's
// output: order, P-portion size, the heaps where the quotient grew, its
// presentation, its P-portion and every heap's element. Sources: 0.75's
// is R8 as published (Plambeck, "Taming the wild in impartial
// combinatorial games", Integers 5 (2005) #G05); the rest are checked
// against MisereSolver's output, built from CGSuite's source as
// BENCHMARKS.md says ("Misère quotients", second session), with a main
// that prints the final pretension (its toString: presentation and
// P-portion as words, and prefnWords: each heap's word), e.g. "java -cp
// classes org.cgsuite.core.misere.solver.Main2 0.77 27". Kayles' rows are
// its quotients at successive heap bounds (the heaps where it grows).
//
// MisereSolver writes words in its own normal forms (a2b for a^2b), so
// the check is an isomorphism, not a comparison of strings: each of its
// generators is the element of the first heap it names; every heap's word
// must evaluate in our quotient to that heap's element, every relation
// must hold in it, and its P-words must evaluate to exactly our P-portion.
// Its relations define a monoid of its order (they are a complete
// rewriting system of its quotient), which then maps onto ours (the
// heaps generate ours); the orders being equal, the map is an
// isomorphism that carries P-portion to P-portion.
func TestAgainstMisereSolver(t *testing.T) {
	for _, c := range []struct {
		spec                 string
		upto, order, nP      int
		expansions           []int
		relations, p, heapsW string
	}{
		{"octal:0.75", 20, 8, 2, []int{1, 2, 5},
			"a2=1,b3=b,bc=ab,c2=b2",
			"a,b2",
			"1,a,b,a,b,c,b,c,b,ab2,b,ab2,b,ab2,b,ab2,b,ab2,b,ab2,b"},
		{"kayles", 2, 6, 2, []int{1, 2},
			"a2=1,b3=b",
			"a,b2",
			"1,a,b"},
		{"kayles", 5, 12, 3, []int{1, 2, 5},
			"a2=1,b3=b,c2=1",
			"a,b2,ac",
			"1,a,b,ab,a,c"},
		{"kayles", 9, 18, 6, []int{1, 2, 5, 9},
			"a2=1,b3=b,bc2=b,c3=c,bd=bc,cd=b2,d3=d",
			"a,b2,ac,ac2,d,ad2",
			"1,a,b,ab,a,c,ab,b,ab2,d"},
		{"kayles", 12, 24, 8, []int{1, 2, 5, 9, 12},
			"a2=1,b3=b,bc2=b,c3=c,bd=bc,cd=b2,d3=d,be=bc,ce=b2,e2=de",
			"a,b2,ac,ac2,d,ad2,e,ade",
			"1,a,b,ab,a,c,ab,b,ab2,d,b,bc,e"},
		{"kayles", 27, 40, 9, []int{1, 2, 5, 9, 12, 25, 27},
			"a2=1,b3=b,bc2=b,c3=c,bd=bc,cd=b2,d3=d,be=bc,ce=b2,e2=de,bf=ab,cf=ab2c,d2f=f,f2=b2,b2g=g,c2g=g,dg=cg,eg=cg,fg=ag,g2=b2",
			"a,b2,ac,ac2,d,ad2,e,ade,adf",
			"1,a,b,ab,a,c,ab,b,ab2,d,b,bc,e,ab2,b,abc,ab2,d2e,ab,b,ade,b2c,bc,abc,b2c,f,b,g"},
		{"dawson", 20, 24, 5, []int{1, 3, 9, 13},
			"a2=1,b4=b2,b2c=ab3,c2=1,d2=1",
			"a,b2,ac,ad,acd",
			"1,a,a,b,1,ab,a,a,1,c,ab,ac,b,d,1,ad,ac,b,c,ab,b2"},
		{"octal:0.07", 20, 24, 5, []int{2, 4, 10, 14},
			"a2=1,b4=b2,b2c=ab3,c2=1,d2=1",
			"a,b2,ac,ad,acd",
			"1,1,a,a,b,1,ab,a,a,1,c,ab,ac,b,d,1,ad,ac,b,c,ab"},
		{"octal:0.15", 30, 42, 12, []int{1, 6, 14, 18, 20, 23, 27, 29, 30},
			"a2=1,b4=b2,bc=ab3,c2=b2,b2d=d,cd=ad,d3=ad2,b2e=b3,de=bd,be2=ace,ce2=abe,e4=e2,bf=b3,df=d,ef=ace,cf2=cf,f3=f2,b2g=b3,cg=ab3,dg=bd,eg=be,fg=b3,g2=bg,bh=bg,ch=ab3,dh=bd,eh=bg,fh=b3,gh=bg,h2=b2,bi=bg,ci=ab3,di=bd,ei=be,fi=b3,gi=bg,hi=b2,i2=b2",
			"a,b2,bd,d2,ae,ae2,ae3,af,af2,ag,ah,ai",
			"1,a,a,1,a,a,b,b,a,b,b,a,a,1,c,c,b,b,d,b,e,c,c,f,c,c,b,g,d,h,i"},
		{"octal:0.31", 30, 6, 2, []int{1, 2},
			"a2=1,b3=b",
			"a,b2",
			"1,a,b,b2,ab2,b2,ab2,b2,ab2,b2,ab2,b2,ab2,b2,ab2,b2,ab2,b2,ab2,b2,ab2,b2,ab2,b2,ab2,b2,ab2,b2,ab2,b2,ab2"},
		{"octal:0.52", 30, 6, 2, []int{1, 3},
			"a2=1,b3=b",
			"a,b2",
			"1,a,1,b,b,a,b2,ab,b,ab2,b2,ab,b,ab2,b2,ab,b,ab2,b2,ab,b,ab2,b2,ab,b,ab2,b2,ab,b,ab2,b2"},
		{"octal:0.54", 30, 70, 14, []int{1, 4, 7, 10, 14, 17, 21, 24, 28},
			"a2=1,b3=b,b2c3=c3,c4=b2c2,bd=ab,cd=ac,d3=ad2,b2ce=ce,c2e=c3,d2e=ade,be2=bc2,ce2=c3,de2=ae2,e3=c3,bf=ab,c3f=ac3,df=af,ef=de,c2f2=e2,f3=af2,cg=ce,dg=ag,eg=ce,fg=ab2g,g2=b2c2,bh=ab,c3h=ac3,dh=ah,ceh=ace,e2h=c2h,fh=ah,gh=ab2g,h2=b2,ci=ce,di=ai,ei=ce,fi=ai,gi=ce,hi=ab2i,i2=b2c2",
			"a,b2,c2,b2c2,d2,ae,abce,e2,cf,f2,ag,ch,eh,ai",
			"1,a,1,a,b,b,b,c,a,ab2,d,b,b,b,e,ab2,ab2,f,b,b,b,g,ab2,ab2,h,b,b,b,i,ab2,ab2"},
		{"octal:0.56", 30, 18, 2, []int{1, 3, 5, 19},
			"a2=1,b3=b,b2c=c,c2=b2,b2d=d,d2=b2",
			"a,b2",
			"1,a,1,b,b,c,a,ab2,ab,b,c,c,bc,bc,b,ab2,ab2,abc,bc,d,c,ab2,ab2,bc,ac,c,d,ab2,ab2,cd,c"},
		{"octal:0.71", 30, 36, 9, []int{1, 2, 5, 8},
			"a2=1,b4=b2,b2c=c,c4=ac3,c3d=c3,d2=1",
			"a,b2,bc,c2,ac3,ad,b3d,cd,bc2d",
			"1,a,b,a,1,c,1,a,d,a,1,c,1,a,d,a,1,c,1,a,d,a,1,c,1,a,d,a,1,c,1"},
		{"octal:0.72", 30, 24, 5, []int{1, 3, 9, 15, 16, 19},
			"a2=1,b4=b2,b2c=ab2,c2=b2,b2d=b3,cd=ab3,d2=b2,b2e=ab3,bce=bd,de=abd,e2=b2,bf=bd,cf=ab3,df=b2,ef=ab2,f2=b2",
			"a,b2,ad,be,af",
			"1,a,1,b,ab,a,1,b,ab,c,b2,abc,ab3,c,b2,d,e,abd,b2,f,e,abd,b2,f,e,abd,b2,f,e,abd,b2"},
		{"octal:0.124", 30, 24, 5, []int{1, 7, 17, 25},
			"a2=1,b4=b2,b2c=ab3,c2=1,d2=1",
			"a,b2,ac,ad,acd",
			"1,a,1,1,a,a,1,b,a,ab,1,b,a,ab,1,a,a,c,1,ac,ab,c,b,ac,ab,d,b,ad,1,d,ac"},
		{"octal:0.144", 30, 30, 5, []int{1, 5, 9, 14, 20},
			"a2=1,b3=b,b2c=c,c4=c2,bd=ab,cd=ac,d2=b2,c2e=c3,de=ab2e,e2=c2",
			"a,b2,c2,ae,abce",
			"1,a,1,1,a,b,b,b,b,c,c,a,ab2,ab2,d,b,b,b,b,c3,e,ab2,ab2,ab2,d,b,b,b,b,c3,e"},
		{"octal:0.156", 30, 18, 2, []int{1, 4, 7, 29},
			"a2=1,b3=b,b2c=c,c2=b2,b2d=d,d2=b2",
			"a,b2",
			"1,a,a,1,b,b,b,c,c,a,ab2,ab2,ab,b,b,c,c,c,bc,bc,bc,b,ab2,ab2,ab2,ac,abc,bc,bc,d,d"},
		{"octal:0.34", 30, 12, 3, []int{1, 4, 10},
			"a2=1,b4=b2,b2c=b3,c2=1",
			"a,b2,ac",
			"1,a,1,a,b,1,a,1,ab,a,c,a,b,1,ac,1,ab,a,c,a,b,1,ac,1,ab,a,c,a,b,1,ac"},
	} {
		q := compute(t, c.spec, c.upto)
		if q.Order() != c.order || len(q.PPortion()) != c.nP || !slices.Equal(q.Expansions, c.expansions) {
			t.Errorf("%s up to %d: order %d, |P| %d, expansions %v; MisereSolver: %d, %d, %v", c.spec, c.upto, q.Order(), len(q.PPortion()), q.Expansions, c.order, c.nP, c.expansions)
			continue
		}
		heapsW := strings.Split(c.heapsW, ",")
		if len(heapsW) != c.upto+1 {
			t.Fatalf("%s: %d heap words for heaps 0..%d", c.spec, len(heapsW), c.upto)
		}
		// gens[i] is our element of MisereSolver's generator i.
		var gens []int
		for h, w := range heapsW {
			if e := msWord(t, w); len(e) == len(gens)+1 && e[len(gens)] == 1 && slices.Max(e[:len(gens)+1]) == 1 && sum(e) == 1 {
				gens = append(gens, q.Heap(h))
			}
		}
		eval := func(w string) int {
			x := 0
			for i, e := range msWord(t, w) {
				if e > 0 && i >= len(gens) {
					t.Fatalf("%s: word %s names a generator no heap is", c.spec, w)
				}
				for range e {
					x = q.Mul(x, gens[i])
				}
			}
			return x
		}
		for h, w := range heapsW {
			if eval(w) != q.Heap(h) {
				t.Errorf("%s up to %d: heap %d is %s here, %s in MisereSolver", c.spec, c.upto, h, q.Name(q.Heap(h)), w)
			}
		}
		for _, r := range strings.Split(c.relations, ",") {
			l, rr, _ := strings.Cut(r, "=")
			if eval(l) != eval(rr) {
				t.Errorf("%s up to %d: MisereSolver's relation %s fails here (%s, %s)", c.spec, c.upto, r, q.Name(eval(l)), q.Name(eval(rr)))
			}
		}
		var p []int
		for _, w := range strings.Split(c.p, ",") {
			p = append(p, eval(w))
		}
		slices.Sort(p)
		if p = slices.Compact(p); !slices.Equal(p, q.PPortion()) {
			t.Errorf("%s up to %d: MisereSolver's P-portion %s is %v here, ours %v", c.spec, c.upto, c.p, p, q.PPortion())
		}
	}
}

// msWord reads a word as MisereSolver writes it: generators a…z, A…Z,
// each followed by its exponent when more than 1; "1" is the empty word.
func msWord(t *testing.T, w string) []int {
	var e []int
	if w == "1" {
		return e
	}
	for i := 0; i < len(w); {
		ch := w[i]
		var g int
		switch {
		case ch >= 'a' && ch <= 'z':
			g = int(ch - 'a')
		case ch >= 'A' && ch <= 'Z':
			g = 26 + int(ch-'A')
		default:
			t.Fatalf("MisereSolver word %q: bad letter at %d", w, i)
		}
		i++
		n := 0
		for i < len(w) && w[i] >= '0' && w[i] <= '9' {
			n = 10*n + int(w[i]-'0')
			i++
		}
		if n == 0 {
			n = 1
		}
		for len(e) <= g {
			e = append(e, 0)
		}
		e[g] += n
	}
	return e
}

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}
