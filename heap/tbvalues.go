package heap

import (
	"context"

	"github.com/grundy-go/grundy/budget"
)

// Values of a general take-and-break code (CGSuite's full notation).
//
// G(n) is the mex of the nim-sums of the options of n. A move that leaves
// k heaps from m tokens has as many options as m has partitions into k
// parts, which grows past any listing ("0.*" from a heap of 100 has 10^8),
// so the nim-sums are not listed option by option: for each m and k the
// set of nim-sums of the partitions of m into exactly k parts (with the
// digit's constraint) is kept as a bitset, and built as a knapsack over
// part sizes: when G(p) is known, part p joins every partition of m − p,
// which xors its nim-sums with G(p) (a permutation of the bitset). The
// order of parts does not matter to a nim-sum, so multisets (Any) take
// part p again and again (m ascending), distinct parts (!) once (m
// descending), and "not all equal" (?) counts the multisets with two sizes
// or more: an old non-empty multiset (all of its parts smaller than p)
// with r copies of p added. "All equal" (=) needs no table: k heaps of
// m/k are worth G(m/k) when k is odd, 0 when it is even.
//
// At heap n the parts 1 … n−1 have joined, which completes every set
// used: a move leaving k ≥ 2 heaps from m tokens has parts at most
// m − k + 1 < n (ParseCode refuses added tokens that would break this).
// Counts past the largest one listed are gathered in one bucket "≥ B".
// The work is O(N² · B · V/64) for N heaps, B counts and values below V;
// the tables hold (B+1)·N·V/8 bytes per kind of constraint, charged to
// the memory budget.

// MaxCodeUpto bounds the heaps of a general code's table: the work grows
// as the square of the heaps.
const MaxCodeUpto = 100_000

// maxCodeTables bounds the tables of a run given no memory budget.
const maxCodeTables = 4 << 30

// partTables are the nim-sum sets of one constraint kind: rows[k][m] for
// k = 0 … b (b the bucket "≥ b" when more), m = 0 … mmax, w words each.
type partTables struct {
	cs   Constraint
	b    int
	more bool
	rows [][]uint64 // rows[k] holds (mmax+1)·w words
}

func (t *partTables) row(k, m, w int) []uint64 { return t.rows[k][m*w : (m+1)*w] }

// codeEngine computes a general code's values.
type codeEngine struct {
	c      *Code
	mmax   int
	b      int  // counts 2 … b−1 exact, b the bucket when more, else exact too
	more   bool // some digit allows unboundedly many heaps
	w      int  // words of a nim-sum set (a power of two)
	tables map[Constraint]*partTables
	mem    *budget.Bytes
	held   int64
	g      []uint32
}

func newCodeEngine(c *Code, upto int, mem *budget.Bytes) (*codeEngine, error) {
	e := &codeEngine{c: c, mmax: max(upto-1, 0) + len(c.Additive), w: 1, tables: map[Constraint]*partTables{}, mem: mem}
	need := map[Constraint]bool{}
	exactTop, moreTop := 1, 0
	for _, ds := range [][]Digit{c.Digits, c.Additive} {
		for _, d := range ds {
			for k := 2; k < len(d.Counts); k++ {
				if cs := d.Counts[k]; cs != Forbidden && cs != AllEqual {
					need[cs] = true
				}
			}
			if d.More {
				e.more = true
				moreTop = max(moreTop, len(d.Counts)-1)
			} else {
				exactTop = max(exactTop, len(d.Counts)-1)
			}
		}
	}
	if need[NotAllEqual] {
		need[Any] = true // "?" is built from the multisets
	}
	if e.more {
		e.b = max(exactTop+1, moreTop)
	} else {
		e.b = exactTop
	}
	for cs := range need {
		e.tables[cs] = &partTables{cs: cs, b: e.b, more: e.more}
	}
	if err := e.alloc(1); err != nil {
		return nil, err
	}
	return e, nil
}

// alloc makes the tables w words wide, keeping what they hold.
func (e *codeEngine) alloc(w int) error {
	bytes := int64(len(e.tables)) * int64(e.b+1) * int64(e.mmax+1) * int64(w) * 8
	if e.mem.Limit() == 0 && bytes > maxCodeTables {
		return budget.Exceed(budget.Memory, maxCodeTables, "the nim-sum tables of %s would take %s, more than %s", e.c, budget.FormatBytes(bytes), budget.FormatBytes(maxCodeTables))
	}
	if err := e.mem.Charge(bytes, "the nim-sum tables of a take-and-break code"); err != nil {
		return err
	}
	for _, t := range e.tables {
		rows := make([][]uint64, e.b+1)
		for k := range rows {
			rows[k] = make([]uint64, (e.mmax+1)*w)
			if t.rows != nil {
				for m := 0; m <= e.mmax; m++ {
					copy(rows[k][m*w:], t.row(k, m, e.w))
				}
			}
		}
		if t.rows == nil {
			rows[0][0] = 1 // no heaps from no tokens: nim-sum 0
		}
		t.rows = rows
	}
	e.mem.Release(e.held)
	e.held = bytes
	e.w = w
	return nil
}

func (e *codeEngine) release() { e.mem.Release(e.held); e.held = 0 }

// xorOr sets dst |= src ⊕ g (every member x of src gives x ⊕ g).
func xorOr(dst, src []uint64, g uint32) {
	hi, lo := int(g>>6), g&63
	for i, x := range src {
		if x == 0 {
			continue
		}
		for b := 0; b < 6; b++ {
			if lo>>b&1 != 0 {
				s := uint(1) << b
				x = (x&xorMasks[b])<<s | (x>>s)&xorMasks[b]
			}
		}
		dst[i^hi] |= x
	}
}

// xorMasks[b] selects the low half of every block of 2^(b+1) bits.
var xorMasks = [6]uint64{0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f, 0x00ff00ff00ff00ff, 0x0000ffff0000ffff, 0x00000000ffffffff}

// addPart lets part p, worth g, join the partitions of every m ≥ p.
func (e *codeEngine) addPart(p int, g uint32) {
	w := e.w
	if t := e.tables[NotAllEqual]; t != nil {
		// Before Any takes p: an old non-empty multiset with r ≥ 1
		// copies of p has two sizes or more.
		f := e.tables[Any]
		for m := p; m <= e.mmax; m++ {
			for r := 1; r*p <= m && (e.more || r < e.b); r++ { // (without a bucket, r copies and an old heap make r+1 ≤ b)
				x := g
				if r%2 == 0 {
					x = 0
				}
				for k := 1; k <= e.b; k++ {
					to := k + r
					if to > e.b {
						if !e.more {
							break
						}
						to = e.b
					}
					xorOr(t.row(to, m, w), f.row(k, m-r*p, w), x)
				}
			}
		}
	}
	for _, cs := range []Constraint{Any, Distinct} {
		t := e.tables[cs]
		if t == nil {
			continue
		}
		step := func(m int) {
			for k := e.b; k >= 1; k-- {
				xorOr(t.row(k, m, w), t.row(k-1, m-p, w), g)
				if k == e.b && e.more && cs == Any {
					xorOr(t.row(k, m, w), t.row(k, m-p, w), g)
				}
			}
			if e.more && cs == Distinct {
				// The bucket takes p into its own partitions too (m − p
				// not yet holding p: m descending).
				xorOr(t.row(e.b, m, w), t.row(e.b, m-p, w), g)
			}
		}
		if cs == Any {
			for m := p; m <= e.mmax; m++ {
				step(m)
			}
		} else {
			for m := e.mmax; m >= p; m-- {
				step(m)
			}
		}
	}
}

// value computes G(n) from G(0 … n−1), all parts below n joined.
func (e *codeEngine) value(n int, seen []uint64) uint32 {
	clear(seen)
	mark := func(v uint32) {
		if int(v>>6) < len(seen) {
			seen[v>>6] |= 1 << (v & 63)
		}
	}
	or := func(src []uint64) {
		for i, x := range src {
			seen[i] |= x
		}
	}
	equal := func(m, k int) {
		if m%k == 0 {
			if k%2 == 1 {
				mark(e.g[m/k])
			} else {
				mark(0)
			}
		}
	}
	top := n
	if mt := e.c.maxTake(); mt >= 0 {
		top = min(n, mt)
	}
	for j := -len(e.c.Additive); j <= top; j++ {
		d := e.c.digit(j)
		if d.IsZero() {
			continue
		}
		m := n - j
		last := len(d.Counts) - 1
		for k := 0; k <= last && k <= m; k++ {
			cs := d.Counts[k]
			switch {
			case cs == Forbidden:
			case k == 0:
				if m == 0 {
					mark(0)
				}
			case k == 1:
				mark(e.g[m])
			case cs == AllEqual:
				equal(m, k)
			case d.More && k == last:
				// the tail, below
			default:
				or(e.tables[cs].row(k, m, e.w))
			}
		}
		if !d.More {
			continue
		}
		cs := d.Counts[last]
		if cs == AllEqual {
			for k := max(last, 2); k <= m; k++ {
				equal(m, k)
			}
			continue
		}
		for k := max(last, 2); k < e.b && k <= m; k++ {
			or(e.tables[cs].row(k, m, e.w))
		}
		if m >= e.b {
			or(e.tables[cs].row(e.b, m, e.w))
		}
	}
	for i, x := range seen {
		if x != ^uint64(0) {
			v := uint32(i*64) + uint32(trailingOnes(x))
			return v
		}
	}
	return uint32(len(seen) * 64)
}

func trailingOnes(x uint64) int {
	n := 0
	for x&1 != 0 {
		x >>= 1
		n++
	}
	return n
}

// computeCode returns G(0 … upto−1) of a general code.
func computeCode(ctx context.Context, c *Code, upto int, opts Options) (*Values, error) {
	if upto > MaxCodeUpto {
		return nil, budget.Exceed(budget.Size, MaxCodeUpto, "a table of %d values: tables of general take-and-break codes go up to %d", upto, MaxCodeUpto)
	}
	e, err := newCodeEngine(c, upto, opts.Memory)
	if err != nil {
		return nil, err
	}
	defer e.release()
	e.g = make([]uint32, 0, upto)
	seen := make([]uint64, 1)
	for n := 0; n < upto; n++ {
		if n&255 == 0 && n > 0 {
			if err := ctx.Err(); err != nil {
				return FromSlice(e.g), err
			}
			if opts.Progress != nil && n&0xFFFF == 0 {
				opts.Progress(n)
			}
		}
		var v uint32
		if n > 0 {
			if len(seen) < e.w {
				seen = make([]uint64, e.w)
			}
			v = e.value(n, seen[:e.w])
		}
		e.g = append(e.g, v)
		if n == 0 {
			continue
		}
		if int(v>>6) >= e.w {
			w := e.w
			for int(v>>6) >= w {
				w *= 2
			}
			if err := e.alloc(w); err != nil {
				return FromSlice(e.g), err
			}
		}
		e.addPart(n, v)
	}
	if opts.Progress != nil {
		opts.Progress(upto)
	}
	return FromSlice(e.g), nil
}
