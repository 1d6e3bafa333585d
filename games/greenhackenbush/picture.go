package greenhackenbush

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/budget"
)

// A position is read in one of two forms, told apart by its first word:
//
//   - grundy's notation, pictures separated by spaces (a sum), each its
//     edges "U-V" separated by commas, an edge optionally followed by g
//     (green): "0-1,1-2,2-0 0-1";
//   - a contest edge list, one picture: lines "U V", optionally after a
//     first line "N M" (a first line of two numbers followed by exactly M
//     edge lines, none naming a vertex above N, is that header:
//     N vertices, M edges). '#' starts a comment.
//
// The ground is vertex 0 when vertices are numbered from 0 and vertex 1
// when they are numbered from 1 (Base). Base 0 and 1 are asked for by
// the game's parameter; Auto reads the notation from 0, and an edge list
// from 0 when a vertex 0 appears, from 1 when its header's N appears as
// a vertex (so vertices run 1…N), and refuses the list when neither
// tells.

// Base is how vertices are numbered.
type Base int

const (
	Auto  Base = -1 // the notation from 0; an edge list as it tells
	From0 Base = 0  // vertices 0…N−1, the ground 0
	From1 Base = 1  // vertices 1…N, the ground 1
)

// Limits bound what Parse accepts.
type Limits struct {
	// Memory is charged for the pictures before they are allocated.
	Memory *budget.Bytes
}

// Position is a parsed position: a sum of pictures, and whether it was
// numbered from 1 (vertices are stored from 0, the ground 0).
type Position struct {
	Pictures []*Picture
	Base     Base // From0 or From1: how the input numbered its vertices
}

// bad is a fault at offset of text.
func bad(text string, offset int, format string, args ...any) error {
	return &budget.BadInput{Input: text, Offset: offset, Msg: fmt.Sprintf(format, args...)}
}

// Parse reads a position (module comment above).
func Parse(text string, base Base, lim Limits) (*Position, error) {
	first := firstWord(text)
	if first == "" {
		return nil, bad(text, -1, "no picture given: write edges U-V with 0 the ground, e.g. 0-1,1-2,2-0, or an edge list of lines \"U V\"")
	}
	if strings.ContainsAny(first, "-,") {
		return parseNotation(text, base, lim)
	}
	return parseEdgeList(text, base, lim)
}

// firstWord returns the first word of text outside comments.
func firstWord(text string) string {
	for line := range strings.Lines(text) {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		if f := strings.Fields(line); len(f) > 0 {
			return f[0]
		}
	}
	return ""
}

// vertexLimit bounds the vertex numbers of a picture of m edges, so that
// memory stays linear in the input: a picture numbered compactly needs
// at most 2m+1 vertices.
func vertexLimit(m int) int64 { return 4*int64(m) + 1024 }

func charge(lim Limits, edges, vertices int64) error {
	return lim.Memory.Charge(edges*BytesPerEdge+vertices*BytesPerVertex, fmt.Sprintf("a picture of %d edges", edges))
}

// number reads a decimal vertex number at s[i:], returning it and the
// index after it; ok is false when there are no digits or it is too large.
func number(s string, i int) (v int64, j int, ok bool) {
	j = i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		if v > 1<<40 {
			return 0, j, false
		}
		v = v*10 + int64(s[j]-'0')
		j++
	}
	return v, j, j > i
}

// parseNotation reads pictures "U-V,…" separated by white space.
func parseNotation(text string, base Base, lim Limits) (*Position, error) {
	if base == Auto {
		base = From0
	}
	pos := &Position{Base: base}
	for i := 0; i < len(text); {
		if c := text[i]; c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			i++
			continue
		}
		end := i
		for end < len(text) && text[end] != ' ' && text[end] != '\t' && text[end] != '\n' && text[end] != '\r' {
			end++
		}
		if text[i:end] != "-" {
			p, err := parsePicture(text, i, end, base, lim)
			if err != nil {
				return nil, err
			}
			pos.Pictures = append(pos.Pictures, p)
		}
		i = end
	}
	return pos, nil
}

// parsePicture reads the picture text[start:end].
func parsePicture(text string, start, end int, base Base, lim Limits) (*Picture, error) {
	field := text[start:end]
	badAt := func(i int, format string, args ...any) error {
		return bad(text, start+i, "bad picture %s: %s", budget.Excerpt(field, i), fmt.Sprintf(format, args...))
	}
	m := strings.Count(field, ",") + 1
	if err := charge(lim, int64(m), 0); err != nil {
		return nil, err
	}
	limit := vertexLimit(m) + int64(base)
	p := &Picture{U: make([]int32, 0, m), V: make([]int32, 0, m)}
	maxV := int64(-1)
	for i, k := 0, 1; i < len(field); k++ {
		at := i
		u, j, ok1 := number(field, i)
		ok2 := j < len(field) && field[j] == '-'
		v, j2, ok3 := number(field, j+1)
		if !ok1 || !ok2 || !ok3 {
			e, _, _ := strings.Cut(field[at:], ",")
			return nil, badAt(at, "edge %d is %q; write edges U-V with vertices %d (the ground) to %d, e.g. %d-%d,%d-%d,%d-%d", k, e, base, limit, base, base+1, base+1, base+2, base+2, base)
		}
		j = j2
		if j < len(field) && field[j] != ',' {
			if c := field[j]; (c == 'g' || c == 'G') && (j+1 == len(field) || field[j+1] == ',') {
				j++
			} else if c == 'l' || c == 'L' || c == 'b' || c == 'B' || c == 'r' || c == 'R' {
				return nil, badAt(j, "edge %d-%d is not green; in Green Hackenbush every edge is green (g)", u, v)
			} else {
				e, _, _ := strings.Cut(field[at:], ",")
				return nil, badAt(j, "edge %d is %q; write edges U-V, each optionally followed by g, separated by commas", k, e)
			}
		}
		for _, x := range []int64{u, v} {
			if x < int64(base) || x > limit {
				return nil, badAt(at, "edge %d-%d: vertex %d is out of range: vertices run from %d (the ground) to %d here (4 per edge)", u, v, x, base, limit)
			}
			maxV = max(maxV, x)
		}
		p.U = append(p.U, int32(u-int64(base)))
		p.V = append(p.V, int32(v-int64(base)))
		if j == len(field) {
			break
		}
		i = j + 1
		if i == len(field) {
			return nil, badAt(j, "the picture ends with a comma")
		}
	}
	p.N = int(maxV - int64(base) + 1)
	if err := charge(lim, 0, int64(p.N)); err != nil {
		return nil, err
	}
	if err := touchesGround(p, base); err != nil {
		return nil, bad(text, start, "bad picture %s: %s", budget.Excerpt(field, -1), err)
	}
	return p, nil
}

// touchesGround refuses a picture none of whose edges touches the ground:
// all of it would fall at once, which is never what was meant.
func touchesGround(p *Picture, base Base) error {
	if len(p.U) == 0 {
		return nil
	}
	for i := range p.U {
		if p.U[i] == 0 || p.V[i] == 0 {
			return nil
		}
	}
	if base == From1 {
		return fmt.Errorf("the ground is vertex 1 and no edge touches it")
	}
	return fmt.Errorf("the ground is vertex 0 and no edge touches it")
}

// parseEdgeList reads one picture as lines "U V", perhaps after "N M".
func parseEdgeList(text string, base Base, lim Limits) (*Position, error) {
	type line struct {
		a, b   int64
		offset int
		no     int
	}
	// Count the lines first, to charge the edges before holding them.
	lines := strings.Count(text, "\n") + 1
	if err := charge(lim, int64(lines), 0); err != nil {
		return nil, err
	}
	ls := make([]line, 0, lines)
	no := 0
	for rest, off := text, 0; len(rest) > 0; {
		l, after, _ := strings.Cut(rest, "\n")
		no++
		start := off
		off += len(l) + 1
		rest = after
		if i := strings.IndexByte(l, '#'); i >= 0 {
			l = l[:i]
		}
		f := strings.Fields(l)
		if len(f) == 0 {
			continue
		}
		if len(f) != 2 {
			return nil, bad(text, start, "line %d: %s: expected an edge \"U V\" (two vertex numbers)%s", no, budget.Excerpt(strings.TrimSpace(l), -1), headerHint(len(ls)))
		}
		var xs [2]int64
		for k, w := range f {
			v, j, ok := number(w, 0)
			if !ok || j != len(w) {
				return nil, bad(text, start+strings.Index(l, w), "line %d: %s is not a vertex number (a number from 0)", no, budget.Excerpt(w, -1))
			}
			xs[k] = v
		}
		ls = append(ls, line{xs[0], xs[1], start, no})
	}
	if len(ls) == 0 {
		return nil, bad(text, -1, "no edges: the edge list is empty")
	}
	// A first line "N M" followed by exactly M edges within N is a header.
	n := int64(-1)
	if int64(len(ls)-1) == ls[0].b {
		header := true
		for _, l := range ls[1:] {
			header = header && l.a <= ls[0].a && l.b <= ls[0].a
		}
		if header {
			n = ls[0].a
			ls = ls[1:]
		}
	}
	limit := vertexLimit(len(ls))
	if n >= 0 {
		limit = n
	}
	has0, hasN := false, false
	for _, l := range ls {
		for _, x := range []int64{l.a, l.b} {
			if x > limit && n < 0 {
				return nil, bad(text, l.offset, "line %d: vertex %d is too large: without a header \"N M\" vertices run up to %d (4 per edge)", l.no, x, limit)
			}
			has0 = has0 || x == 0
			hasN = hasN || n >= 0 && x == n
		}
	}
	switch {
	case base != Auto:
	case len(ls) == 0:
		base = From0 // "N 0": no edges, nothing to number
	case has0 && hasN:
		return nil, bad(text, -1, "the header says %d vertices, but both 0 and %d appear: numbered from 0 the vertices run 0…%d, from 1 they run 1…%d", n, n, n-1, n)
	case has0:
		base = From0
	case hasN:
		base = From1
	case n >= 0 && len(ls) > 0:
		return nil, bad(text, -1, "the vertices could be numbered from 0 or from 1 (neither 0 nor %d appears): say which, green-hackenbush:0 (the ground is vertex 0) or green-hackenbush:1 (the ground is vertex 1)", n)
	default:
		return nil, bad(text, -1, "the ground is vertex 0 and no edge touches it (numbered from 1? green-hackenbush:1 takes vertex 1 as the ground)")
	}
	hi := limit - 1 + int64(base)
	if n < 0 {
		hi = limit
	}
	p := &Picture{U: make([]int32, len(ls)), V: make([]int32, len(ls))}
	maxV := int64(0)
	for i, l := range ls {
		for _, x := range []int64{l.a, l.b} {
			if x < int64(base) || x > hi {
				return nil, bad(text, l.offset, "line %d: vertex %d is out of range [%d, %d]", l.no, x, base, hi)
			}
			maxV = max(maxV, x-int64(base))
		}
		p.U[i], p.V[i] = int32(l.a-int64(base)), int32(l.b-int64(base))
	}
	p.N = int(maxV + 1)
	if n >= 0 {
		p.N = int(max(maxV+1, n))
	}
	if err := charge(lim, 0, int64(p.N)); err != nil {
		return nil, err
	}
	if err := touchesGround(p, base); err != nil {
		return nil, bad(text, -1, "%s", err)
	}
	return &Position{Pictures: []*Picture{p}, Base: base}, nil
}

func headerHint(edgesSoFar int) string {
	if edgesSoFar == 0 {
		return ", or a header \"N M\" followed by M edges"
	}
	return ""
}

// Format writes a picture in grundy's notation, its vertices numbered
// from base, each edge followed by g as the Hackenbush pictures write
// them; the empty picture is "-".
func Format(p *Picture, base Base) string {
	if len(p.U) == 0 {
		return "-"
	}
	b := make([]byte, 0, len(p.U)*8)
	for i := range p.U {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(p.U[i])+int64(max(base, 0)), 10)
		b = append(b, '-')
		b = strconv.AppendInt(b, int64(p.V[i])+int64(max(base, 0)), 10)
		b = append(b, 'g')
	}
	return string(b)
}
