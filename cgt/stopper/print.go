package stopper

import (
	"errors"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/cgt"
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
	if err := pr.write(&sb, 0); err != nil {
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
	text    []string // short vertices' text (number-up-stars only)
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
		if _, _, _, ok := pr.space.NumberUpStarParts(x); ok {
			pr.text[v] = pr.space.String(x)
		}
	}
	// Named games: the vertices equal to on, off, over, under, upon or
	// -upon (only meaningful in a stopper graph).
	pr.named = make([]string, n)
	if IsStopper(g) {
		for _, name := range []string{"on", "off", "over", "under", "upon", "-upon"} {
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
			return strings.Compare(pr.space.String(pr.cgtOf[a]), pr.space.String(pr.cgtOf[b]))
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

func (pr *printer) write(sb *strings.Builder, v int32) error {
	if sb.Len() > MaxTextLen {
		return ErrTooLong
	}
	switch {
	case pr.named[v] != "":
		sb.WriteString(pr.named[v])
		return nil
	case pr.text[v] != "":
		sb.WriteString(pr.text[v])
		return nil
	case pr.onStack[v]:
		if pr.label[v] == "" {
			pr.label[v] = labelName(pr.labels)
			pr.labels++
		}
		sb.WriteString(pr.label[v])
		return nil
	}
	pr.onStack[v] = true
	var inner strings.Builder
	inner.WriteByte('{')
	for side, opts := range [][]int32{pr.g.L[v], pr.g.R[v]} {
		if side == 1 {
			inner.WriteByte('|')
		}
		for i, w := range pr.sorted(opts) {
			if i > 0 {
				inner.WriteByte(',')
			}
			if w == v {
				inner.WriteString("pass")
				continue
			}
			if err := pr.write(&inner, w); err != nil {
				return err
			}
			if inner.Len() > MaxTextLen {
				return ErrTooLong
			}
		}
	}
	inner.WriteByte('}')
	pr.onStack[v] = false
	if pr.label[v] != "" {
		sb.WriteString(pr.label[v])
		pr.label[v] = "" // another occurrence gets its own label if it needs one
	}
	sb.WriteString(inner.String())
	return nil
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
