package greenhackenbush

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// plain is the definition, written apart from the theorems: a picture's
// value is the mex of the values of the pictures each cut leaves, where a
// cut removes the edge and every edge no longer joined to the ground.
type plain struct{ memo map[string]uint64 }

type edge struct{ u, v int32 }

func grounded(es []edge) []edge {
	reach := map[int32]bool{0: true}
	for changed := true; changed; {
		changed = false
		for _, e := range es {
			if reach[e.u] != reach[e.v] {
				reach[e.u], reach[e.v] = true, true
				changed = true
			}
		}
	}
	var out []edge
	for _, e := range es {
		if reach[e.u] {
			out = append(out, e)
		}
	}
	return out
}

func key(es []edge) string {
	s := make([]string, len(es))
	for i, e := range es {
		u, v := min(e.u, e.v), max(e.u, e.v)
		s[i] = fmt.Sprint(u, "-", v)
	}
	slices.Sort(s)
	return strings.Join(s, ",")
}

func (b *plain) value(es []edge) uint64 {
	es = grounded(es)
	k := key(es)
	if v, ok := b.memo[k]; ok {
		return v
	}
	seen := map[uint64]bool{}
	for i := range es {
		seen[b.value(slices.Delete(slices.Clone(es), i, i+1))] = true
	}
	var g uint64
	for seen[g] {
		g++
	}
	b.memo[k] = g
	return g
}

func edgesOf(p *Picture) []edge {
	es := make([]edge, len(p.U))
	for i := range p.U {
		es[i] = edge{p.U[i], p.V[i]}
	}
	return es
}

// random draws a picture of up to maxEdges edges on up to n vertices in
// one of several shapes: any multigraph (loops, parallel edges, parts not
// joined to the ground), a tree, cycles strung on stalks.
func random(r *rand.Rand, maxEdges int) *Picture {
	n := 2 + r.IntN(6)
	p := &Picture{N: n}
	add := func(u, v int) { p.U = append(p.U, int32(u)); p.V = append(p.V, int32(v)) }
	m := 1 + r.IntN(maxEdges)
	switch r.IntN(3) {
	case 0: // anything
		for range m {
			add(r.IntN(n), r.IntN(n))
		}
	case 1: // a tree from the ground, perhaps with extra edges
		p.N = m + 1
		for i := 1; i <= m; i++ {
			add(r.IntN(i), i)
		}
		for range r.IntN(2) {
			add(r.IntN(p.N), r.IntN(p.N))
		}
	default: // cycles and stalks
		v := 0
		for len(p.U) < m {
			k := 1 + r.IntN(4)
			start := r.IntN(v + 1)
			prev := start
			for range k {
				v++
				add(prev, v)
				prev = v
			}
			if r.IntN(2) == 0 {
				add(prev, start)
			}
		}
		p.N = v + 1
	}
	if !slices.Contains(p.U, 0) && !slices.Contains(p.V, 0) {
		p.U[0] = 0
	}
	return p
}

// TestValueAgainstMex checks the fusion and colon principles on 3000
// random pictures of up to 10 edges against the mex rule.
func TestValueAgainstMex(t *testing.T) {
	r := rand.New(rand.NewPCG(32, 1524))
	b := &plain{memo: map[string]uint64{}}
	counts := map[uint64]int{}
	for range 3000 {
		p := random(r, 10)
		want := b.value(edgesOf(p))
		counts[want]++
		if got := Value(p); got != want {
			t.Fatalf("%s: fusion and colon give *%d, the mex rule *%d", Format(p, 0), got, want)
		}
	}
	// The test means something only if many values come up.
	if len(counts) < 6 || counts[0] < 100 {
		t.Fatalf("too few distinct values drawn: %v", counts)
	}
}

// TestWinningCutsAgainstMex checks every cut: WinningCuts lists exactly
// the edges whose cut leaves the target, for each target, on random
// pictures; with no work allowed for cycles it lists only bridges and
// loops and counts the rest.
func TestWinningCutsAgainstMex(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 32))
	b := &plain{memo: map[string]uint64{}}
	for range 1500 {
		// Edges not joined to the ground are gone before anyone moves.
		es := grounded(edgesOf(random(r, 9)))
		if len(es) == 0 {
			continue
		}
		p := &Picture{N: 8}
		for _, e := range es {
			p.U, p.V = append(p.U, e.u), append(p.V, e.v)
		}
		p.N = int(max(slices.Max(p.U), slices.Max(p.V))) + 1
		after := make([]uint64, len(es))
		for i := range es {
			after[i] = b.value(slices.Delete(slices.Clone(es), i, i+1))
		}
		for target := range uint64(5) {
			var want []int
			for i, v := range after {
				if v == target {
					want = append(want, i)
				}
			}
			c := WinningCuts(p, target, 0)
			if !slices.Equal(c.Edges, want) || c.Untried != 0 {
				t.Fatalf("%s, target *%d: cuts %v (untried %d), want %v", Format(p, 0), target, c.Edges, c.Untried, want)
			}
			few := WinningCuts(p, target, 1)
			for _, e := range few.Edges {
				if !slices.Contains(want, e) {
					t.Fatalf("%s, target *%d, little work: cut %d does not win", Format(p, 0), target, e)
				}
			}
			if len(few.Edges)+few.Untried < len(want) {
				t.Fatalf("%s, target *%d, little work: %v and %d untried, want %v", Format(p, 0), target, few.Edges, few.Untried, want)
			}
		}
		for e := range es {
			q := Cut(p, e)
			if got, want := Value(q), after[e]; got != want {
				t.Fatalf("%s cut %d: %s is *%d, want *%d", Format(p, 0), e, Format(q, 0), got, want)
			}
		}
	}
}

// TestPublished checks pictures of Winning Ways ch. 7 and Lessons in Play
// ch. 7, each also by the mex rule: a stalk of n edges is *n; a triangle
// standing on the ground fuses to three loops, *1; the same triangle on
// a stalk of one edge is *2 (1 + 1); a square on the ground is 0 (four
// loops); a "Y" of a trunk with branches of 1 and 2 edges is
// 1 + (1 ⊕ 2) = *4; a triangle with a stalk on its top is 1 ⊕ 1 = 0.
func TestPublished(t *testing.T) {
	for _, c := range []struct {
		pic  string
		want uint64
	}{
		{"0-1,1-2,2-3,3-4,4-5", 5},
		{"0-1,1-2,2-0", 1},
		{"0-1,1-2,2-3,3-1", 2},
		{"0-1,1-2,2-3,3-0", 0},
		{"0-1,1-2,1-3,3-4", 4},
		{"0-1,0-2", 0},
		{"0-0,0-0,0-0", 1},
		{"0-1,1-2,2-0,2-3", 0},
		{"0-1,0-1", 0},
		{"0-1,1-1", 2},
	} {
		pos, err := Parse(c.pic, Auto, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		p := pos.Pictures[0]
		if got := Value(p); got != c.want {
			t.Errorf("%s: *%d, want *%d", c.pic, got, c.want)
		}
		if got := (&plain{memo: map[string]uint64{}}).value(edgesOf(p)); got != c.want {
			t.Errorf("%s: the mex rule gives *%d, want *%d", c.pic, got, c.want)
		}
	}
}

// TestDeep values a stalk and a cycle of 10^6 edges: the search is
// iterative, so depth costs no stack, and the values are known (*n; a
// cycle on the ground fuses to n loops, n mod 2).
func TestDeep(t *testing.T) {
	const n = 1_000_000
	p := &Picture{N: n + 1}
	for i := range n {
		p.U = append(p.U, int32(i))
		p.V = append(p.V, int32(i+1))
	}
	if got := Value(p); got != n {
		t.Errorf("stalk of %d: *%d", n, got)
	}
	p.U, p.V = append(p.U, n), append(p.V, 0)
	if got := Value(p); got != 1 {
		t.Errorf("cycle of %d edges: *%d, want *1", n+1, got)
	}
}
