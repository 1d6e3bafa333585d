package stopper

import (
	"errors"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/cgt/notation"
)

// MaxTextLen bounds the text of a value: a graph printed as nested
// braces repeats the followers it reaches by two paths, which can grow
// exponentially.
const MaxTextLen = 1 << 20

// ErrTooLong is String's error for a value whose text passes MaxTextLen.
var ErrTooLong = errors.New("the value is too long to write out")

// String writes v in CGSuite's notation: a stopper as its canonical
// graph, a sided value as onside & offside, and on & off as dud.
func String(v *Value, lim *Limits) (string, error) {
	switch {
	case v.IsStopper():
		return GraphString(v.On, lim)
	case v.HasSides():
		on, err := GraphString(v.On, lim)
		if err != nil {
			return "", err
		}
		off, err := GraphString(v.Off, lim)
		if err != nil {
			return "", err
		}
		if on == "on" && off == "off" {
			return "dud", nil // CGSuite's name for on & off (SidedValueTestCase)
		}
		return on + " & " + off, nil
	}
	return GraphString(v.Graph, lim)
}

// GraphString writes the game graph g (rooted at 0) as nested braces:
// a vertex met again inside its own braces is written as a label given
// to those braces (a{0|a}), an option to the vertex itself as pass,
// short followers and on, off, over, under, upon by name. Options are
// ordered by an invariant of the graph (short games by their text, the
// others by their colour under refinement), so equal canonical stoppers
// print the same.
func GraphString(g *Graph, lim *Limits) (string, error) {
	pr := &printer{g: g, space: cgt.NewSpace(), onStack: make([]bool, g.Len()), label: make([]string, g.Len())}
	if err := pr.prepare(lim); err != nil {
		return "", err
	}
	var sb strings.Builder
	if _, err := pr.write(&sb, 0, true); err != nil {
		return "", err
	}
	return sb.String(), nil
}

type printer struct {
	g       *Graph
	space   *cgt.Space
	short   []bool
	cgtOf   []cgt.Game
	named   []string
	key     []uint64
	text    []string // short vertices' text, as package cgt writes them
	level   []int    // the bars of text outside braces (0: text is whole)
	onStack []bool
	label   []string
	labels  int
}

func (pr *printer) prepare(lim *Limits) error {
	g := pr.g
	n := g.Len()
	pr.short = isLoopfree(g)
	pr.cgtOf = make([]cgt.Game, n)
	pr.text = make([]string, n)
	pr.level = make([]int, n)
	done := make([]bool, n)
	var mk func(v int32) (cgt.Game, error)
	mk = func(v int32) (cgt.Game, error) {
		if done[v] {
			return pr.cgtOf[v], nil
		}
		var L, R []cgt.Game
		for _, w := range g.L[v] {
			x, err := mk(w)
			if err != nil {
				return 0, err
			}
			L = append(L, x)
		}
		for _, w := range g.R[v] {
			x, err := mk(w)
			if err != nil {
				return 0, err
			}
			R = append(R, x)
		}
		x, err := pr.space.Make(L, R)
		if err != nil {
			return 0, err
		}
		pr.cgtOf[v], done[v] = x, true
		return x, nil
	}
	for v := 0; v < n; v++ {
		if !pr.short[v] {
			continue
		}
		x, err := mk(int32(v))
		if err != nil {
			return err
		}
		// A short follower is written as package cgt writes it (^[5],
		// v[4]*, Tiny(2)), with its bars outside braces when it may be.
		pr.text[v], pr.level[v] = shortText(pr.space.String(x))
	}
	// Named games: the vertices equal to on, off, over, under, upon or
	// -upon (only meaningful in a stopper graph).
	pr.named = make([]string, n)
	if IsStopper(g) {
		for _, name := range []string{"on", "off", "over", "under"} {
			h := Named(strings.TrimPrefix(name, "-"))
			if name[0] == '-' {
				h = Neg(h)
			}
			ge, err := geqTable(g, h, lim)
			if err != nil {
				return err
			}
			le, err := geqTable(h, g, lim)
			if err != nil {
				return err
			}
			for v := 0; v < n; v++ {
				if pr.named[v] == "" && !pr.short[v] && ge.ge(int32(v), 0) && le.ge(0, int32(v)) {
					pr.named[v] = name
				}
			}
		}
	}
	// x over = {x|pass} and x under = {pass|x} for a number x ≠ 0, as
	// CGSuite writes them (3/2under).
	for v := 0; v < n; v++ {
		L, R := g.L[v], g.R[v]
		if pr.named[v] != "" || len(L) != 1 || len(R) != 1 {
			continue
		}
		num := func(w int32) bool {
			if !pr.short[w] {
				return false
			}
			_, ok := pr.space.IsNumber(pr.cgtOf[w])
			return ok
		}
		switch {
		case R[0] == int32(v) && num(L[0]):
			pr.named[v] = pr.space.String(pr.cgtOf[L[0]]) + "over"
		case L[0] == int32(v) && num(R[0]):
			pr.named[v] = pr.space.String(pr.cgtOf[R[0]]) + "under"
		}
	}
	// x^[on]*k, x^<on>*k and their negatives, CGSuite's upon forms.
	for v := 0; v < n; v++ {
		if pr.named[v] == "" && !pr.short[v] {
			pr.named[v] = pr.uponText(int32(v))
		}
	}
	pr.key = refine(g, func(v int) string {
		if pr.short[v] {
			return "s" + pr.space.String(pr.cgtOf[v])
		}
		return "l" + pr.named[v]
	})
	return nil
}

// refine returns a colour for every vertex that does not depend on the
// numbering: the start colour, refined by the sets of colours of the
// Left and Right options until the partition stops growing (then
// vertices of one colour have the same unfolding).
func refine(g *Graph, start func(v int) string) []uint64 {
	n := g.Len()
	key := make([]uint64, n)
	for v := 0; v < n; v++ {
		h := fnv.New64a()
		h.Write([]byte(start(v)))
		key[v] = h.Sum64()
	}
	classes := func(k []uint64) int {
		s := slices.Clone(k)
		slices.Sort(s)
		return len(slices.Compact(s))
	}
	count := classes(key)
	for round := 0; round <= n; round++ {
		next := make([]uint64, n)
		for v := 0; v < n; v++ {
			h := fnv.New64a()
			var buf [8]byte
			put := func(x uint64) {
				for i := range buf {
					buf[i] = byte(x >> (8 * i))
				}
				h.Write(buf[:])
			}
			put(key[v])
			for _, opts := range [][]int32{g.L[v], g.R[v]} {
				ks := make([]uint64, 0, len(opts))
				for _, w := range opts {
					ks = append(ks, key[w])
				}
				slices.Sort(ks)
				ks = slices.Compact(ks)
				put(uint64(len(ks)))
				for _, k := range ks {
					put(k)
				}
			}
			next[v] = h.Sum64()
		}
		c := classes(next)
		key = next
		if c == count {
			break
		}
		count = c
	}
	return key
}

func (pr *printer) sorted(opts []int32) []int32 {
	out := slices.Clone(opts)
	slices.SortFunc(out, func(a, b int32) int {
		sa, sb := pr.short[a], pr.short[b]
		switch {
		case sa && !sb:
			return -1
		case sb && !sa:
			return 1
		case sa && sb:
			return pr.space.OptionOrder(pr.cgtOf[a], pr.cgtOf[b]) // CGSuite's order
		}
		if pr.key[a] != pr.key[b] {
			if pr.key[a] < pr.key[b] {
				return -1
			}
			return 1
		}
		return int(a) - int(b)
	})
	return out
}

// write writes v. As CGSuite does, a side with one option writes it
// without its braces, and the bars between the sides are one more than
// the most bars inside (CGSuite's slashes: {0||0|-2} is {0|{0|-2}});
// braces stay around a side of several options (brackets), a labelled
// vertex, a game with an empty side, and past notation.MaxSlashes bars.
// The result is the number of bars written outside braces (0 when v is
// written in braces or by a name).
func (pr *printer) write(sb *strings.Builder, v int32, brackets bool) (int, error) {
	if sb.Len() > MaxTextLen {
		return 0, ErrTooLong
	}
	switch {
	case pr.named[v] != "":
		sb.WriteString(pr.named[v])
		return 0, nil
	case pr.text[v] != "":
		if pr.level[v] > 0 && !brackets {
			sb.WriteString(pr.text[v][1 : len(pr.text[v])-1])
			return pr.level[v], nil
		}
		sb.WriteString(pr.text[v])
		return 0, nil
	case pr.onStack[v]:
		if pr.label[v] == "" {
			pr.label[v] = labelName(pr.labels)
			pr.labels++
		}
		sb.WriteString(pr.label[v])
		return 0, nil
	}
	pr.onStack[v] = true
	var sides [2]strings.Builder
	slashes := 0
	for side, opts := range [][]int32{pr.g.L[v], pr.g.R[v]} {
		inner := &sides[side]
		for i, w := range pr.sorted(opts) {
			if i > 0 {
				inner.WriteByte(',')
			}
			if w == v {
				inner.WriteString("pass")
				continue
			}
			k, err := pr.write(inner, w, len(opts) > 1)
			if err != nil {
				return 0, err
			}
			slashes = max(slashes, k)
			if inner.Len() > MaxTextLen {
				return 0, ErrTooLong
			}
		}
	}
	pr.onStack[v] = false
	slashes++
	labelled := pr.label[v] != ""
	if labelled {
		sb.WriteString(pr.label[v])
		pr.label[v] = "" // another occurrence gets its own label if it needs one
	}
	braces := brackets || labelled || len(pr.g.L[v]) == 0 || len(pr.g.R[v]) == 0 || slashes == notation.MaxSlashes
	if braces {
		sb.WriteByte('{')
	}
	sb.WriteString(sides[0].String())
	sb.WriteString(strings.Repeat("|", slashes))
	sb.WriteString(sides[1].String())
	if braces {
		sb.WriteByte('}')
		return 0, nil
	}
	return slashes, nil
}

// shortText returns a short game's text and its level: the bars at the
// top level of its braces when it is written {L|R} with fewer than
// notation.MaxSlashes of them (it may then lose its braces as an
// option), else 0.
func shortText(str string) (string, int) {
	if str == "" || str[0] != '{' {
		return str, 0
	}
	end, runs, err := notation.MatchBraces(str, 0, len(str))
	if err != nil || end != len(str)-1 || len(runs) == 0 {
		return str, 0
	}
	k := 0
	for _, r := range runs {
		k = max(k, r.N)
	}
	if k >= notation.MaxSlashes {
		return str, 0
	}
	return str, k
}

// uponText is v's text when v is one of CGSuite's upon forms, else "":
// x^[on]*k = x + upon + *k and x^<on>*k = x + uponth + *k, where upon =
// {pass|*} and uponth = ^<on> = {0||0|0,pass} (Siegel, Combinatorial
// Game Theory, ch. VI; the names CGSuite prints, CanonicalStopper), or
// their negatives xv[on]*k and xv<on>*k. In simplest form (which v is
// in) x + upon + *k is {x + upon + *k, x | x*(k⊕1)} for k = 0 … written
// {pass, x | x*} and {pass | x*(k⊕1)} for k ≥ 1, and x + uponth + *k is
// {x, x*, …, x*k | −(−x + upon + *(k⊕1))}; these shapes are what is
// matched.
func (pr *printer) uponText(v int32) string {
	for _, neg := range []bool{false, true} {
		kind, x, k, ok := pr.uponForm(v, neg, true)
		var err error
		if !ok {
			continue
		}
		var sb strings.Builder
		if neg {
			if x, err = x.Neg(); err != nil {
				return ""
			}
		}
		if x.Sign() != 0 {
			sb.WriteString(x.String())
		}
		if neg {
			sb.WriteByte('v')
		} else {
			sb.WriteByte('^')
		}
		sb.WriteString(kind)
		switch {
		case k == 1:
			sb.WriteByte('*')
		case k > 1:
			sb.WriteString("*" + strconv.FormatUint(k, 10))
		}
		return sb.String()
	}
	return ""
}

// uponForm matches v (its negative when neg) with x + upon + *k (kind
// "[on]") or, when uponth, x + uponth + *k (kind "<on>").
func (pr *printer) uponForm(v int32, neg, uponth bool) (kind string, x cgt.Dyadic, k uint64, ok bool) {
	lo, ro := pr.g.L[v], pr.g.R[v]
	if neg {
		lo, ro = ro, lo
	}
	val := func(w int32) (cgt.Game, bool) {
		if !pr.short[w] {
			return 0, false
		}
		if neg {
			g, err := pr.space.Neg(pr.cgtOf[w])
			return g, err == nil
		}
		return pr.cgtOf[w], true
	}
	if len(ro) != 1 {
		return "", x, 0, false
	}
	if r, short := val(ro[0]); short && len(lo) <= 2 {
		if y, ups, nim, isNus := pr.space.NumberUpStarParts64(r); isNus && ups == 0 {
			switch {
			case nim == 0 && len(lo) == 2 && (lo[0] == v) != (lo[1] == v):
				w := lo[0]
				if w == v {
					w = lo[1]
				}
				if g, short := val(w); short && g == pr.space.Number(y) {
					return "[on]", y, 1, true
				}
			case nim != 0 && len(lo) == 1 && lo[0] == v:
				return "[on]", y, nim ^ 1, true
			}
		}
	}
	if !uponth || pr.short[ro[0]] {
		return "", x, 0, false
	}
	// −(G^R) must be an upon form −x + upon + *m, and the Left options
	// x, x*, …, x*(m⊕1).
	kind, y, m, found := pr.uponForm(ro[0], !neg, false)
	if !found || kind != "[on]" || m^1 >= uint64(len(lo)) {
		return "", x, 0, false
	}
	x, err := y.Neg()
	if err != nil {
		return "", x, 0, false
	}
	want := map[cgt.Game]bool{}
	for n := uint64(0); n <= m^1; n++ {
		g, err := pr.space.NumberUpStar(x, 0, int(n))
		if err != nil {
			return "", x, 0, false
		}
		want[g] = true
	}
	if len(want) != len(lo) {
		return "", x, 0, false
	}
	for _, w := range lo {
		g, short := val(w)
		if !short || !want[g] {
			return "", x, 0, false
		}
	}
	return "<on>", x, m ^ 1, true
}

// labelName is a, b, …, z (without v, which is a down), then a1, b1, …
func labelName(i int) string {
	const letters = "abcdefghijklmnopqrstuwxyz"
	s := string(letters[i%len(letters)])
	if i >= len(letters) {
		s += strconv.Itoa(i / len(letters))
	}
	return s
}
