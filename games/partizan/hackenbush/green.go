package hackenbush

import (
	"fmt"
	"iter"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/games/greenhackenbush"
)

// Green is Green Hackenbush on any graph (Winning Ways ch. 7, "Hackenbush
// Hotchpotch"; Lessons in Play ch. 7): every edge is green, either player
// may cut it. It is impartial, and its values come in closed form:
//
//   - the fusion principle: the vertices of a cycle may be fused into one
//     without changing the value, each edge of the cycle becoming a loop,
//     and a loop is worth a single edge *1 (Winning Ways ch. 7);
//   - the colon principle: a tree is worth the nim-sum over the branches
//     at its root of 1 + the value of what each branch's edge carries
//     (a stalk of n edges is *n).
//
// GreenValue applies them (package greenhackenbush, in linear time). Each
// region is kept as the stalk of its value, so the evaluator only ever
// values stalks; the tests check GreenValue against a plain mex search
// over whole pictures.
type Green struct{}

// GreenValue returns the nim value of a picture whose edges are all
// green (colours are ignored).
func GreenValue(s string) int { return greenValue(mustPicture(s).grounded()) }

func greenValue(p picture) int {
	q := &greenhackenbush.Picture{}
	for _, e := range p {
		q.U, q.V = append(q.U, int32(e.u)), append(q.V, int32(e.v))
		q.N = max(q.N, e.u+1, e.v+1)
	}
	return int(greenhackenbush.Value(q))
}

// Stalk is the picture of a green stalk of n edges, worth *n.
func Stalk(n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = strconv.Itoa(i) + "-" + strconv.Itoa(i+1) + "g"
	}
	return strings.Join(parts, ",")
}

func stalkOf(p picture) []string {
	if v := greenValue(p); v > 0 {
		return []string{Stalk(v)}
	}
	return nil
}

func (Green) options(s string) iter.Seq[[]string] {
	return func(yield func([]string) bool) {
		for q := range (Graphs{}).cutsGraph(s, 'g') {
			if !yield(stalkOf(q)) {
				return
			}
		}
	}
}

// LeftOptions cuts an edge, each option kept as the stalk of its value.
func (g Green) LeftOptions(s string) iter.Seq[[]string] { return g.options(s) }

// RightOptions cuts an edge: Green Hackenbush is impartial.
func (g Green) RightOptions(s string) iter.Seq[[]string] { return g.options(s) }

// Split keeps a picture as the stalk of its value.
func (Green) Split(dst []string, s string) []string {
	return append(dst, stalkOf(mustPicture(s).grounded())...)
}

// Format writes a picture; the empty one is "-".
func (Green) Format(s string) string { return Graphs{}.Format(s) }

// ParseGreen reads pictures of green edges, several making a sum; an
// edge written with a colour must be g.
func ParseGreen(tokens []string) ([]string, error) {
	ps, err := ParsePictures(tokens, 'g')
	if err != nil {
		return nil, err
	}
	for _, s := range ps {
		for _, e := range mustPicture(s) {
			if e.c != 'g' {
				return nil, fmt.Errorf("bad picture %q: edge %d-%d is not green; in Green Hackenbush every edge is green (g)", s, e.u, e.v)
			}
		}
	}
	return ps, nil
}
