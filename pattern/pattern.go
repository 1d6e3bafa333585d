package pattern

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/heap"
)

// What a pattern describes.
const (
	OfValues = "values"      // Sprague–Grundy values
	OfP      = "p-positions" // which positions are P-positions
)

// The kinds of pattern, in the order they are preferred among patterns
// of the same cost.
const (
	Binary     = "binary"
	Zeckendorf = "zeckendorf"
	XorOfParts = "xor-of-parts"
	Residue    = "residue"
	Polynomial = "polynomial"
	Beatty     = "beatty"
	Euclid     = "euclid"
	Periodic   = "periodic"
)

var kindOrder = []string{Binary, Zeckendorf, XorOfParts, Residue, Polynomial, Beatty, Euclid, Periodic}

// Unknown marks, in the data, an N-position whose value is not known
// (the convention of catalog.Table's grids): only its outcome is.
const Unknown = -1

// Pattern is a rule that fits every computed value. It predicts a value
// (or whether a position is a P-position) for any position, so checking
// it on more data is predicting that data (MismatchSeq, MismatchGrid).
type Pattern struct {
	Kind    string // one of the kinds above
	Of      string // OfValues or OfP
	Rule    string // the rule in words
	Formula string // the rule as a formula
	// Proven is set when a theorem, named by Theorem, makes the rule hold
	// for every position, not only those checked.
	Proven  bool
	Theorem string
	// CheckedUpto is the number of values checked: G(n) for n <
	// CheckedUpto, or every (a, b) with a, b < CheckedUpto.
	CheckedUpto int
	// Fields are the kind's own JSON fields, in order (preperiod, period,
	// saltus; alpha, beta; modulus; degree, …).
	Fields []Field

	cost int // parameters the rule needs: fewer is simpler, shown first
	// seq predicts a sequence: G(n) for OfValues; for OfP 0 for a
	// P-position and 1 for an N-position.
	seq func(n int) int64
	// grid predicts a grid likewise; ok is false where the rule says
	// nothing (Euclid's rule at a zero heap).
	grid func(a, b int) (v int64, ok bool)
	// perA, perP: the rule is periodic with period perP from perA on
	// (perP 0: not known to be), so that two periodic rules that agree
	// on max(perA) + lcm(perP) values agree everywhere.
	perA, perP int
}

// Field is one kind-specific JSON field of a Pattern.
type Field struct {
	Name  string
	Value any
}

// Field returns the value of the kind-specific field name, nil if none.
func (p *Pattern) Field(name string) any {
	for _, f := range p.Fields {
		if f.Name == name {
			return f.Value
		}
	}
	return nil
}

// MarshalJSON writes {"kind", "of", "rule", "formula", "proven",
// "checked_upto"}, then the kind's fields, then "theorem" when proven.
func (p *Pattern) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	put := func(k string, v any) error {
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		vb, err := json.Marshal(v)
		if err != nil {
			return err
		}
		b.Write(kb)
		b.WriteByte(':')
		b.Write(vb)
		return nil
	}
	b.WriteByte('{')
	for _, f := range append([]Field{{"kind", p.Kind}, {"of", p.Of}, {"rule", p.Rule}, {"formula", p.Formula},
		{"proven", p.Proven}, {"checked_upto", p.CheckedUpto}}, p.Fields...) {
		if err := put(f.Name, f.Value); err != nil {
			return nil, err
		}
	}
	if p.Proven {
		put("theorem", p.Theorem)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Value is the pattern's prediction at n for a sequence: G(n) for a
// pattern of values; 0 (P) or 1 (N) for a pattern of P-positions. ok is
// false for a pattern of a grid.
func (p *Pattern) Value(n int) (v int64, ok bool) {
	if p.seq == nil || n < 0 {
		return 0, false
	}
	return p.seq(n), true
}

// At is the pattern's prediction at (a, b) for a grid, as Value; ok is
// false where the rule says nothing, or for a pattern of a sequence.
func (p *Pattern) At(a, b int) (v int64, ok bool) {
	if p.grid == nil || a < 0 || b < 0 {
		return 0, false
	}
	return p.grid(a, b)
}

// MismatchSeq returns the first n at which the data s (G(n), or Unknown
// for an N-position of unknown value) contradicts the pattern, or -1
// when every n fits.
func (p *Pattern) MismatchSeq(s []int64) int {
	if p.seq == nil {
		return 0
	}
	for n, x := range s {
		if !fitsAt(p.Of, p.seq(n), x) {
			return n
		}
	}
	return -1
}

// MismatchGrid returns the first (a, b) of the square grid g at which the
// data contradicts the pattern, or ok false when every cell fits.
func (p *Pattern) MismatchGrid(g [][]int64) (a, b int, ok bool) {
	if p.grid == nil {
		return 0, 0, true
	}
	n := side(g)
	for a := range n {
		for b := range n {
			if v, ok := p.grid(a, b); ok && !fitsAt(p.Of, v, g[a][b]) {
				return a, b, true
			}
		}
	}
	return 0, 0, false
}

// fitsAt says whether the datum x agrees with the prediction v.
func fitsAt(of string, v, x int64) bool {
	if of == OfP {
		return (v == 0) == (x == 0)
	}
	return x != Unknown && v == x
}

// side is the side of the largest square at the top left of g.
func side(g [][]int64) int {
	n := len(g)
	for _, row := range g {
		n = min(n, len(row))
	}
	return n
}

// Options tune the search.
type Options struct {
	// Rule is the heap rule whose values a sequence is, when it is one:
	// periods are then proven as `grundy seq` proves them
	// (heap.FindPeriod: the Guy–Smith theorem for finite octal and
	// hexadecimal codes, state repetition for finite subtraction sets).
	Rule *heap.Rule
}

// Sequence returns the patterns that fit every entry of s, best first:
// s[n] is G(n), or Unknown for an N-position whose value is not known
// (then only patterns of P-positions are looked for). A sequence too
// short to show anything has no patterns.
func Sequence(s []int64, opts Options) []*Pattern {
	var out []*Pattern
	values := len(s) > 0
	for _, x := range s {
		if x < 0 {
			values = false
			break
		}
	}
	if values {
		out = append(out, valuePatterns(s, opts)...)
	}
	out = append(out, pPatterns(s, out)...)
	return rank(out)
}

// Grid returns the patterns that fit every cell of the square grid g,
// best first: g[a][b] is G(a, b), or Unknown for an N-position whose
// value is not known.
func Grid(g [][]int64) []*Pattern {
	n := side(g)
	if n == 0 {
		return nil
	}
	values := true
	for a := range n {
		for b := range n {
			if g[a][b] < 0 {
				values = false
			}
		}
	}
	var out []*Pattern
	if values {
		out = append(out, gridValuePatterns(g, n)...)
	}
	out = append(out, gridPPatterns(g, n, out)...)
	return rank(out)
}

// rank sorts patterns best first (the values' before the P-positions', fewest parameters, proven first, then
// by kind) and drops a pattern that predicts what a better one of the
// same Of predicts on every checked position (a proven one is kept
// unless the better one is proven too, or both are periodic and agree
// far enough that the better one inherits the proof).
func rank(ps []*Pattern) []*Pattern {
	slices.SortStableFunc(ps, func(x, y *Pattern) int {
		if x.Of != y.Of { // the values first: they say more
			if x.Of == OfValues {
				return -1
			}
			return 1
		}
		if c := cmp.Compare(x.cost, y.cost); c != 0 {
			return c
		}
		if x.Proven != y.Proven {
			if x.Proven {
				return -1
			}
			return 1
		}
		return cmp.Compare(slices.Index(kindOrder, x.Kind), slices.Index(kindOrder, y.Kind))
	})
	var out []*Pattern
next:
	for _, p := range ps {
		for _, q := range out {
			if q.Of != p.Of || !samePredictions(p, q) {
				continue
			}
			if p.Proven && !q.Proven {
				if inherits(q, p) {
					q.Proven, q.Theorem = true, p.Theorem
				} else {
					continue
				}
			}
			continue next
		}
		out = append(out, p)
	}
	return out
}

// samePredictions reports whether p and q predict the same on every
// position both checked.
func samePredictions(p, q *Pattern) bool {
	n := min(p.CheckedUpto, q.CheckedUpto)
	switch {
	case p.seq != nil && q.seq != nil:
		for i := range n {
			if !samePrediction(p.Of, p.seq(i), q.seq(i)) {
				return false
			}
		}
		return true
	case p.grid != nil && q.grid != nil:
		for a := range n {
			for b := range n {
				x, okx := p.grid(a, b)
				y, oky := q.grid(a, b)
				if okx != oky || okx && !samePrediction(p.Of, x, y) {
					return false
				}
			}
		}
		return true
	}
	return false
}

func samePrediction(of string, x, y int64) bool {
	if of == OfP {
		return (x == 0) == (y == 0)
	}
	return x == y
}

// inherits reports whether q, which agrees with the proven periodic
// pattern p on every position both checked, is proven by p's theorem
// too: two sequences periodic from a and a' with periods p and p' are
// both periodic from max(a, a') with period lcm(p, p'), so agreeing on
// max(a, a') + lcm(p, p') values they agree everywhere.
func inherits(q, p *Pattern) bool {
	return periodicAgreement(q, p.perA, p.perP, min(p.CheckedUpto, q.CheckedUpto))
}

// periodicAgreement reports whether q is periodic and the window
// max(a) + lcm(p) fits in n values.
func periodicAgreement(q *Pattern, a, p, n int) bool {
	if q.perP <= 0 || p <= 0 || q.seq == nil {
		return false
	}
	l := lcm(q.perP, p)
	return l > 0 && max(q.perA, a)+l <= n
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// lcm of positive a and b, or 0 when it would pass 2^40.
func lcm(a, b int) int {
	l := a / gcd(a, b)
	if l > (1<<40)/b {
		return 0
	}
	return l * b
}

// group writes n with thousands separators: 10,000.
func group(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return "-" + group(-n)
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// Checked says in words what was checked: "fits all 1,000 values;
// proven (…)" or "fits every n < 1,000; unproven".
func (p *Pattern) Checked(grid bool) string {
	what := fmt.Sprintf("fits every n < %s", group(p.CheckedUpto))
	if grid {
		what = fmt.Sprintf("fits every a, b < %s", group(p.CheckedUpto))
	}
	if p.Proven {
		return what + "; proven: " + p.Theorem
	}
	return what + "; unproven"
}

// list writes numbers joined by ", ", at most limit of them then "…".
func list(xs []int64, limit int) string {
	var b strings.Builder
	for i, x := range xs {
		if i == limit {
			b.WriteString(", …")
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.FormatInt(x, 10))
	}
	return b.String()
}
