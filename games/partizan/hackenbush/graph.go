package hackenbush

import (
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Hackenbush on any graph: a picture is a multigraph whose vertex 0 is
// the ground, written as its edges separated by commas, each "U-V"
// followed by its colour: l (blue, Left's), r (red, Right's) or g (green,
// either player's); an edge without a colour letter is green. Loops
// ("2-2") and parallel edges are allowed: "0-1,1-2,2-0" is a green
// triangle standing on the ground, "0-1l,1-1r" a blue edge carrying a red
// loop. Cutting an edge removes it, and every edge no longer joined to
// the ground falls.
//
// Parts of a picture that meet only at the ground are a disjunctive sum,
// so a picture is split there into regions. A region is kept in a
// canonical notation: vertices renumbered in the order a search from the
// ground first meets them, edges sorted; pictures that differ only in
// the names of their vertices then mostly share one memo entry.

// MaxGraphEdges bounds the edges of a picture.
const MaxGraphEdges = 64

// gedge is an edge of a picture.
type gedge struct {
	u, v int
	c    byte // 'l', 'r' or 'g'
}

// picture is a multigraph on vertices 0…n−1, 0 the ground.
type picture []gedge

func (p picture) String() string {
	parts := make([]string, len(p))
	for i, e := range p {
		parts[i] = strconv.Itoa(e.u) + "-" + strconv.Itoa(e.v) + string(e.c)
	}
	return strings.Join(parts, ",")
}

// parsePicture reads one picture; def is the colour of an edge written
// without one.
func parsePicture(s string, def byte) (picture, error) {
	if s == "" {
		return nil, fmt.Errorf("bad picture %q: no edges", s)
	}
	var p picture
	for i, f := range strings.Split(s, ",") {
		if len(p) == MaxGraphEdges {
			return nil, fmt.Errorf("bad picture %q: more than %d edges", s, MaxGraphEdges)
		}
		e := gedge{c: def}
		if n := len(f); n > 0 && unicode.IsLetter(rune(f[n-1])) {
			switch f[n-1] {
			case 'l', 'L', 'b', 'B':
				e.c = 'l'
			case 'r', 'R':
				e.c = 'r'
			case 'g', 'G':
				e.c = 'g'
			default:
				return nil, fmt.Errorf("bad picture %q: edge %d %q has colour %q; use l (blue, Left), r (red, Right) or g (green)", s, i+1, f, f[n-1])
			}
			f = f[:n-1]
		}
		a, b, ok := strings.Cut(f, "-")
		u, err1 := strconv.Atoi(a)
		v, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil || u < 0 || v < 0 || u > 2*MaxGraphEdges || v > 2*MaxGraphEdges {
			return nil, fmt.Errorf("bad picture %q: edge %d is %q; write edges U-V with vertices 0 (the ground) to %d, e.g. 0-1,1-2,2-0", s, i+1, f, 2*MaxGraphEdges)
		}
		e.u, e.v = u, v
		p = append(p, e)
	}
	return p, nil
}

// grounded returns the edges of p joined to the ground, in order.
func (p picture) grounded() picture {
	reach := map[int]bool{0: true}
	for changed := true; changed; {
		changed = false
		for _, e := range p {
			if reach[e.u] != reach[e.v] {
				reach[e.u], reach[e.v] = true, true
				changed = true
			}
		}
	}
	var out picture
	for _, e := range p {
		if reach[e.u] {
			out = append(out, e)
		}
	}
	return out
}

// canonical renumbers the vertices of a grounded picture in the order a
// breadth-first search from the ground meets them (neighbours taken by
// edge colour, then old number) and sorts the edges.
func (p picture) canonical() picture {
	adj := map[int][]gedge{}
	for _, e := range p {
		adj[e.u] = append(adj[e.u], e)
		if e.v != e.u {
			adj[e.v] = append(adj[e.v], gedge{e.v, e.u, e.c})
		}
	}
	num := map[int]int{0: 0}
	queue := []int{0}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		nb := adj[x]
		slices.SortFunc(nb, func(a, b gedge) int {
			if a.c != b.c {
				return int(a.c) - int(b.c)
			}
			return a.v - b.v
		})
		for _, e := range nb {
			if _, ok := num[e.v]; !ok {
				num[e.v] = len(num)
				queue = append(queue, e.v)
			}
		}
	}
	out := make(picture, len(p))
	for i, e := range p {
		u, v := num[e.u], num[e.v]
		if u > v {
			u, v = v, u
		}
		out[i] = gedge{u, v, e.c}
	}
	slices.SortFunc(out, func(a, b gedge) int {
		if a.u != b.u {
			return a.u - b.u
		}
		if a.v != b.v {
			return a.v - b.v
		}
		return int(a.c) - int(b.c)
	})
	return out
}

// regions appends the parts of a picture that meet only at the ground,
// each grounded and canonical.
func (p picture) regions(dst []string) []string {
	p = p.grounded()
	// Union the vertices other than the ground.
	parent := map[int]int{}
	var find func(int) int
	find = func(x int) int {
		if y, ok := parent[x]; ok && y != x {
			r := find(y)
			parent[x] = r
			return r
		}
		parent[x] = x
		return x
	}
	for _, e := range p {
		if e.u != 0 && e.v != 0 {
			parent[find(e.u)] = find(e.v)
		}
	}
	groups := map[int]picture{}
	var keys []int
	for i, e := range p {
		k := -1 - i // a loop at the ground is a region of its own
		if e.u != 0 {
			k = find(e.u)
		} else if e.v != 0 {
			k = find(e.v)
		}
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], e)
	}
	for _, k := range keys {
		dst = append(dst, groups[k].canonical().String())
	}
	return dst
}

func mustPicture(s string) picture {
	if s == "" {
		return nil // the empty picture, all cut
	}
	parse := func(s string) (picture, error) { return parsePicture(s, 'g') }
	if isCGSuite(s) {
		parse = fromCGSuite
	}
	p, err := parse(s)
	if err != nil {
		panic(fmt.Sprintf("hackenbush: bad position %q", s))
	}
	return p
}

// cutsGraph yields the pictures left by cutting each edge the player may
// cut (her colour or green; Left is l), whole and grounded. In Childish
// Hackenbush a cut that makes something else fall is not allowed, for
// blue and red edges (CGSuite's rule) or for every edge (g.ChildishGreen).
func (g Graphs) cutsGraph(s string, c byte) iter.Seq[picture] {
	return func(yield func(picture) bool) {
		p := mustPicture(s)
		for i, e := range p {
			if e.c != c && e.c != 'g' {
				continue
			}
			rest := slices.Delete(slices.Clone(p), i, i+1)
			left := rest.grounded()
			if g.Childish && (e.c != 'g' || g.ChildishGreen) && len(left) != len(rest) {
				continue
			}
			if !yield(left) {
				return
			}
		}
	}
}

// Graphs is Blue-Red-Green Hackenbush on any graph (Winning Ways ch. 2,
// 7; Siegel, Combinatorial Game Theory, ch. I), or, with Childish set,
// Childish Hackenbush (Winning Ways, "Childish Hackenbush": an edge may
// be cut only when nothing else falls). Which edges the childish rule
// binds is a definition: CGSuite's game.graph.ChildishHackenbush
// (GenHackenbush with childishEdges => [Blue, Red]) binds blue and red
// edges only, so a green edge may be cut whatever falls; with
// ChildishGreen set it binds every edge, green too.
type Graphs struct{ Childish, ChildishGreen bool }

func (g Graphs) options(s string, c byte) iter.Seq[[]string] {
	return func(yield func([]string) bool) {
		for q := range g.cutsGraph(s, c) {
			if !yield(q.regions(nil)) {
				return
			}
		}
	}
}

// LeftOptions cuts a blue or green edge.
func (g Graphs) LeftOptions(s string) iter.Seq[[]string] { return g.options(s, 'l') }

// RightOptions cuts a red or green edge.
func (g Graphs) RightOptions(s string) iter.Seq[[]string] { return g.options(s, 'r') }

// Split appends the regions of a picture.
func (Graphs) Split(dst []string, s string) []string { return mustPicture(s).regions(dst) }

// Format writes a picture; the empty one is "-".
func (Graphs) Format(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// Moves yields the whole pictures a player's cuts leave (the explorer's
// and Solve's moves).
func (g Graphs) Moves(s string, left bool) iter.Seq[[]string] {
	c := byte('r')
	if left {
		c = 'l'
	}
	return func(yield func([]string) bool) {
		for q := range g.cutsGraph(s, c) {
			var parts []string
			switch {
			case len(q) == 0:
			case isCGSuite(s):
				parts = []string{toCGSuite(q)} // in the notation it was given in
			default:
				parts = []string{q.String()}
			}
			if !yield(parts) {
				return
			}
		}
	}
}

// ParsePictures reads pictures, several making a sum; def is the colour
// of an edge written without one. "-" is the empty picture.
func ParsePictures(tokens []string, def byte) ([]string, error) {
	var out []string
	for _, tok := range tokens {
		for _, f := range strings.Fields(tok) {
			if f == "-" {
				continue
			}
			if isCGSuite(f) {
				q, err := parseCGSuitePicture(f)
				if err != nil {
					return nil, err
				}
				if q != "" {
					out = append(out, q)
				}
				continue
			}
			p, err := parsePicture(f, def)
			if err != nil {
				return nil, err
			}
			out = append(out, p.String())
		}
	}
	if len(tokens) == 0 {
		return nil, fmt.Errorf("no picture given: write edges U-V with 0 the ground, each followed by its colour l, r or g, e.g. 0-1g,1-2g,2-0g")
	}
	return out, nil
}
