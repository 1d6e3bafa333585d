package colsnort

import (
	"fmt"
	"iter"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/game"
)

// Col and Snort on any graph. A position is written STATES:EDGES: one
// character a vertex, . (empty), L (blue) or R (red), vertex 0 first,
// then the edges U-V separated by commas, e.g. "....:0-1,1-2,2-3,3-0" (a
// cycle of four). Named graphs stand for their empty forms: Pn (a path of
// n vertices), Cn (a cycle), Kn (complete) and Sn (a star of n leaves).
//
// A coloured vertex only forbids colours to its empty neighbours, so a
// position is reduced to its empty vertices, each with the colours its
// neighbours carry (its tint), and falls apart into the connected
// components of the empty vertices (game.PartizanSplitting). An empty
// vertex tinted both ways is dead (nobody may colour it: in Col a
// neighbour of each colour forbids both, in Snort too) and is dropped.
// A region is written back in the same notation: its empty vertices, then
// one coloured leaf for each colour each of them is tinted with. Its
// vertices are ordered by colour refinement (tint, then the multiset of
// the neighbours' classes, repeated), so that isomorphic regions mostly
// share one memo entry.

// MaxGraphVertices bounds the vertices of a graph.
const MaxGraphVertices = 64

// GraphGame is Col (Snort false) or Snort on any graph.
type GraphGame struct{ Snort bool }

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.PartizanSplitting[string] = GraphGame{}
	_ game.Splitter[string]          = GraphGame{}
	_ game.Formatter[string]         = GraphGame{}
)

// graph is a position: vertex states and adjacency masks.
type graph struct {
	state []byte // '.', 'L', 'R'
	adj   []uint64
}

func (g graph) String() string {
	var es []string
	for u := range g.adj {
		for m := g.adj[u] >> (u + 1) << (u + 1); m != 0; m &= m - 1 {
			es = append(es, strconv.Itoa(u)+"-"+strconv.Itoa(bits.TrailingZeros64(m)))
		}
	}
	return string(g.state) + ":" + strings.Join(es, ",")
}

// named builds Pn, Cn, Kn and Sn.
func named(s string) (graph, bool, error) {
	if len(s) < 2 || !strings.ContainsRune("PCKS", rune(s[0])) {
		return graph{}, false, nil
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil {
		return graph{}, false, nil
	}
	size := n
	if s[0] == 'S' {
		size = n + 1
	}
	if n < 1 || size > MaxGraphVertices || s[0] == 'C' && n < 3 {
		return graph{}, true, fmt.Errorf("bad graph %q: P, K and S take 1 to %d, C 3 to %d", s, MaxGraphVertices-1, MaxGraphVertices)
	}
	g := graph{state: []byte(strings.Repeat(".", size)), adj: make([]uint64, size)}
	link := func(u, v int) { g.adj[u] |= 1 << v; g.adj[v] |= 1 << u }
	switch s[0] {
	case 'P':
		for i := 1; i < n; i++ {
			link(i-1, i)
		}
	case 'C':
		for i := 0; i < n; i++ {
			link(i, (i+1)%n)
		}
	case 'K':
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				link(i, j)
			}
		}
	case 'S':
		for i := 1; i <= n; i++ {
			link(0, i)
		}
	}
	return g, true, nil
}

// parseGraph reads one graph and checks that its colours keep the rule.
func (gg GraphGame) parseGraph(s string) (graph, error) {
	if g, ok, err := named(s); ok {
		return g, err
	}
	states, edges, ok := strings.Cut(s, ":")
	if !ok {
		return graph{}, fmt.Errorf("bad graph %q: write STATES:EDGES, e.g. ....:0-1,1-2,2-3,3-0, or a named graph P5, C5, K4, S3", s)
	}
	n := len(states)
	if n == 0 || n > MaxGraphVertices {
		return graph{}, fmt.Errorf("bad graph %q: 1 to %d vertices", s, MaxGraphVertices)
	}
	g := graph{state: []byte(strings.ToUpper(states)), adj: make([]uint64, n)}
	for i, c := range g.state {
		if c != '.' && c != 'L' && c != 'R' {
			return graph{}, fmt.Errorf("bad graph %q: vertex %d is %q; use . (empty), L (blue) and R (red)", s, i, c)
		}
	}
	if edges != "" {
		for i, f := range strings.Split(edges, ",") {
			a, b, ok := strings.Cut(f, "-")
			u, err1 := strconv.Atoi(a)
			v, err2 := strconv.Atoi(b)
			if !ok || err1 != nil || err2 != nil || u < 0 || v < 0 || u >= n || v >= n || u == v {
				return graph{}, fmt.Errorf("bad graph %q: edge %d is %q; write U-V for two different vertices from 0 to %d", s, i+1, f, n-1)
			}
			g.adj[u] |= 1 << v
			g.adj[v] |= 1 << u
		}
	}
	for u := range g.adj {
		for m := g.adj[u]; m != 0; m &= m - 1 {
			v := bits.TrailingZeros64(m)
			if a, b := g.state[u], g.state[v]; a != '.' && b != '.' && (a == b) != gg.Snort {
				return graph{}, fmt.Errorf("bad graph %q: vertices %d and %d break the rule of the game", s, u, v)
			}
		}
	}
	return g, nil
}

func mustGraph(s string) graph {
	g, err := parseNoRule(s)
	if err != nil {
		panic(fmt.Sprintf("colsnort: bad position %q", s))
	}
	return g
}

// parseNoRule reads a graph written by this package (a parsed position or
// a region) without checking it again.
func parseNoRule(s string) (graph, error) {
	if g, ok, err := named(s); ok {
		return g, err
	}
	states, edges, _ := strings.Cut(s, ":")
	g := graph{state: []byte(states), adj: make([]uint64, len(states))}
	if edges != "" {
		for _, f := range strings.Split(edges, ",") {
			a, b, _ := strings.Cut(f, "-")
			u, err1 := strconv.Atoi(a)
			v, err2 := strconv.Atoi(b)
			if err1 != nil || err2 != nil {
				return graph{}, fmt.Errorf("bad edge %q", f)
			}
			g.adj[u] |= 1 << v
			g.adj[v] |= 1 << u
		}
	}
	return g, nil
}

// Tints of an empty vertex: the colours of its coloured neighbours.
const (
	tintL = 1
	tintR = 2
)

// tinted is a graph reduced to its empty vertices and their tints.
type tinted struct {
	tint []byte
	adj  []uint64
}

// reduce drops the coloured vertices, tinting their empty neighbours,
// and the dead vertices (tinted both ways).
func reduce(g graph) tinted {
	n := len(g.state)
	tint := make([]byte, n)
	var alive uint64
	for u := 0; u < n; u++ {
		if g.state[u] != '.' {
			continue
		}
		alive |= 1 << u
		for m := g.adj[u]; m != 0; m &= m - 1 {
			switch g.state[bits.TrailingZeros64(m)] {
			case 'L':
				tint[u] |= tintL
			case 'R':
				tint[u] |= tintR
			}
		}
		if tint[u] == tintL|tintR {
			alive &^= 1 << u
		}
	}
	return keep(tint, g.adj, alive)
}

// keep restricts a tinted graph to the vertices of the mask, renumbered.
func keep(tint []byte, adj []uint64, mask uint64) tinted {
	var t tinted
	index := make([]int, len(tint))
	for u := range tint {
		if mask>>u&1 == 1 {
			index[u] = len(t.tint)
			t.tint = append(t.tint, tint[u])
		}
	}
	t.adj = make([]uint64, len(t.tint))
	for u := range tint {
		if mask>>u&1 == 0 {
			continue
		}
		for m := adj[u] & mask; m != 0; m &= m - 1 {
			t.adj[index[u]] |= 1 << index[bits.TrailingZeros64(m)]
		}
	}
	return t
}

// regions appends the components of t, each written canonically.
func (t tinted) regions(dst []string) []string {
	n := len(t.tint)
	var all uint64
	if n > 0 {
		all = ^uint64(0) >> (64 - n)
	}
	for all != 0 {
		comp := all & -all
		for {
			grown := comp
			for m := comp; m != 0; m &= m - 1 {
				grown |= t.adj[bits.TrailingZeros64(m)]
			}
			if grown == comp {
				break
			}
			comp = grown
		}
		all &^= comp
		dst = append(dst, keep(t.tint, t.adj, comp).canonical())
	}
	return dst
}

// canonical orders the vertices by colour refinement and writes the
// region: its empty vertices, then a coloured leaf for each tint.
func (t tinted) canonical() string {
	n := len(t.tint)
	class := make([]int, n)
	for u := range class {
		class[u] = int(t.tint[u])
	}
	for round := 0; round < n; round++ {
		sigs := make([]string, n)
		for u := range sigs {
			var nb []int
			for m := t.adj[u]; m != 0; m &= m - 1 {
				nb = append(nb, class[bits.TrailingZeros64(m)])
			}
			slices.Sort(nb)
			sigs[u] = fmt.Sprint(class[u], nb)
		}
		sorted := slices.Clone(sigs)
		slices.Sort(sorted)
		sorted = slices.Compact(sorted)
		next := make([]int, n)
		for u := range next {
			next[u], _ = slices.BinarySearch(sorted, sigs[u])
		}
		same := len(sorted) == countDistinct(class)
		class = next
		if same {
			break
		}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return class[a] - class[b] })
	pos := make([]int, n)
	for i, u := range order {
		pos[u] = i
	}
	var sb strings.Builder
	sb.WriteString(strings.Repeat(".", n))
	var leaves []byte
	var es []string
	for i, u := range order {
		for m := t.adj[u]; m != 0; m &= m - 1 {
			if j := pos[bits.TrailingZeros64(m)]; j > i {
				es = append(es, strconv.Itoa(i)+"-"+strconv.Itoa(j))
			}
		}
		if t.tint[u]&tintL != 0 {
			es = append(es, strconv.Itoa(i)+"-"+strconv.Itoa(n+len(leaves)))
			leaves = append(leaves, 'L')
		}
		if t.tint[u]&tintR != 0 {
			es = append(es, strconv.Itoa(i)+"-"+strconv.Itoa(n+len(leaves)))
			leaves = append(leaves, 'R')
		}
	}
	sb.Write(leaves)
	sb.WriteByte(':')
	sb.WriteString(strings.Join(es, ","))
	return sb.String()
}

func countDistinct(xs []int) int {
	s := slices.Clone(xs)
	slices.Sort(s)
	return len(slices.Compact(s))
}

// may reports whether the player (tint bit me) may colour a vertex of
// the given tint: in Col not next to its own colour, in Snort not next
// to the other.
func (gg GraphGame) may(tint, me byte) bool {
	if gg.Snort {
		return tint&^me == 0
	}
	return tint&me == 0
}

func (gg GraphGame) options(s string, me byte) iter.Seq[[]string] {
	return tintedOptions(mustGraph(s), me, gg.may)
}

// tintedOptions yields the regions left by each vertex of g that the
// player (tint bit me) may colour by the rule may.
func tintedOptions(g graph, me byte, may func(tint, me byte) bool) iter.Seq[[]string] {
	return func(yield func([]string) bool) {
		t := reduce(g)
		n := len(t.tint)
		for v := 0; v < n; v++ {
			if !may(t.tint[v], me) {
				continue
			}
			tint := slices.Clone(t.tint)
			mask := ^uint64(0) >> (64 - n) &^ (1 << v)
			for m := t.adj[v]; m != 0; m &= m - 1 {
				w := bits.TrailingZeros64(m)
				tint[w] |= me
				if tint[w] == tintL|tintR {
					mask &^= 1 << w
				}
			}
			if !yield(keep(tint, t.adj, mask).regions(nil)) {
				return
			}
		}
	}
}

// LeftOptions colours an empty vertex blue.
func (gg GraphGame) LeftOptions(s string) iter.Seq[[]string] { return gg.options(s, tintL) }

// RightOptions colours an empty vertex red.
func (gg GraphGame) RightOptions(s string) iter.Seq[[]string] { return gg.options(s, tintR) }

// Split appends the regions of a position.
func (GraphGame) Split(dst []string, s string) []string {
	return reduce(mustGraph(s)).regions(dst)
}

// Format writes a position.
func (GraphGame) Format(s string) string { return s }

// Colour yields the whole graphs a player's moves leave (the explorer's
// and Solve's moves): one more vertex coloured.
func (gg GraphGame) Colour(s string, left bool) iter.Seq[[]string] {
	me, c := byte(tintR), byte('R')
	if left {
		me, c = tintL, 'L'
	}
	return func(yield func([]string) bool) {
		g := mustGraph(s)
		for v := range g.state {
			if g.state[v] != '.' {
				continue
			}
			var tint byte
			for m := g.adj[v]; m != 0; m &= m - 1 {
				switch g.state[bits.TrailingZeros64(m)] {
				case 'L':
					tint |= tintL
				case 'R':
					tint |= tintR
				}
			}
			if !gg.may(tint, me) {
				continue
			}
			h := graph{state: slices.Clone(g.state), adj: g.adj}
			h.state[v] = c
			if !yield([]string{h.String()}) {
				return
			}
		}
	}
}

// ParseGraphs reads graphs, several making a sum, each written as its
// full STATES:EDGES form.
func (gg GraphGame) ParseGraphs(tokens []string) ([]string, error) {
	var out []string
	for _, tok := range tokens {
		for _, f := range strings.Fields(tok) {
			g, err := gg.parseGraph(f)
			if err != nil {
				return nil, err
			}
			out = append(out, g.String())
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no graph given: write STATES:EDGES, e.g. ....:0-1,1-2,2-3,3-0, or P5, C5, K4, S3")
	}
	return out, nil
}

// Either is Col or Snort on a strip (Game) or on any graph (GraphGame),
// by the position's notation: a graph has a ':' or is a named graph, a
// strip has neither. The catalog's col and snort take both.
type Either struct{ Snort bool }

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.PartizanSplitting[string] = Either{}
	_ game.Splitter[string]          = Either{}
	_ game.Formatter[string]         = Either{}
)

func isGraph(s string) bool { return strings.ContainsAny(s, ":PCKS") }

// graphOf reads a position written as a graph, in either notation.
func graphOf(s string) (graph, bool) {
	switch {
	case isCGSuite(s):
		g, err := fromCGSuite(s)
		if err != nil {
			panic(fmt.Sprintf("colsnort: bad position %q", s))
		}
		return g, true
	case isGraph(s):
		return mustGraph(s), true
	}
	return graph{}, false
}

// LeftOptions colours a vertex blue.
func (e Either) LeftOptions(s string) iter.Seq[[]string] {
	if g, ok := graphOf(s); ok {
		return tintedOptions(g, tintL, GraphGame(e).may)
	}
	return Game(e).LeftOptions(s)
}

// RightOptions colours a vertex red.
func (e Either) RightOptions(s string) iter.Seq[[]string] {
	if g, ok := graphOf(s); ok {
		return tintedOptions(g, tintR, GraphGame(e).may)
	}
	return Game(e).RightOptions(s)
}

// Split appends the regions of a strip or a graph.
func (e Either) Split(dst []string, s string) []string {
	if g, ok := graphOf(s); ok {
		return reduce(g).regions(dst)
	}
	return Game(e).Split(dst, s)
}

// Format writes a position.
func (Either) Format(s string) string { return s }

// Parse reads strips and graphs, several making a sum.
func (e Either) Parse(tokens []string) ([]string, error) {
	var out []string
	for _, tok := range tokens {
		for _, f := range strings.Fields(tok) {
			var ps []string
			var err error
			if isCGSuite(f) {
				var p string
				p, err = parseCGSuite(f)
				ps = []string{p}
			} else if isGraph(strings.ToUpper(f)) {
				ps, err = GraphGame(e).ParseGraphs([]string{f})
			} else {
				ps, err = Game(e).Parse([]string{f})
			}
			if err != nil {
				return nil, err
			}
			out = append(out, ps...)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no position given: write a strip of ., L and R (e.g. L....) or a graph STATES:EDGES (e.g. ....:0-1,1-2,2-3,3-0, or P5, C5, K4, S3)")
	}
	return out, nil
}

// Moves yields the whole strips or graphs a player's moves leave.
func (e Either) Moves(s string, left bool) iter.Seq[[]string] {
	if isCGSuite(s) {
		me := byte(tintR)
		if left {
			me = tintL
		}
		return cgsColour(s, me, GraphGame(e).may)
	}
	if isGraph(s) {
		return GraphGame(e).Colour(s, left)
	}
	return Game(e).colour(s, left)
}
