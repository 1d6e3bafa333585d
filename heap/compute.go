package heap

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sort"
	"sync/atomic"
)

// Method selects how Compute finds each value.
type Method int

const (
	// Sparse is the sparse-space ("rare values") method: the default.
	Sparse Method = iota
	// Plain is the textbook loop over every option: the witness.
	Plain
)

func (m Method) String() string {
	if m == Plain {
		return "plain"
	}
	return "sparse"
}

// Options tune Compute.
type Options struct {
	Method Method
	// Progress, if not nil, is called with the number of values known so
	// far, every 65536 values or so.
	Progress func(done int)
	// UsePeriod lets Compute stop computing once the Guy–Smith theorem
	// proves the period of a finite octal or hexadecimal code, and fill the
	// remaining values by the period (they are then certain).
	UsePeriod bool
	// Workers is the number of goroutines of the sparse method's sweep over
	// rare values (0: GOMAXPROCS, at most 2 are ever used).
	Workers int
}

// MaxUpto returns the largest number of values Compute accepts for r: 2^31
// values for rules with finitely many moves (2 GiB at one byte a value),
// 2^27 for rules that may take any number (their values grow with n and
// take four bytes each, plus bookkeeping).
func MaxUpto(r *Rule) int {
	if r.Tail != 0 {
		return 1 << 27
	}
	return 1 << 31
}

// CheckUpto returns a one-line error when upto is not a count Compute
// accepts for r.
func CheckUpto(r *Rule, upto int) error {
	if upto < 0 || upto > MaxUpto(r) {
		return fmt.Errorf("--upto %d: expected a number of values from 0 to %d for %s", upto, MaxUpto(r), r.Spec)
	}
	return nil
}

// Compute returns G(0), …, G(upto-1) for the rule. When ctx is cancelled
// it returns the values it has (a prefix) together with ctx.Err().
func Compute(ctx context.Context, r *Rule, upto int, opts Options) (*Values, error) {
	return Extend(ctx, r, nil, upto, opts)
}

// Extend is Compute that starts from prev, values of the same rule already
// known (nil for none), for example read back with Load. prev is not
// modified.
func Extend(ctx context.Context, r *Rule, prev *Values, upto int, opts Options) (*Values, error) {
	if err := CheckUpto(r, upto); err != nil {
		return nil, err
	}
	start := min(prev.Len(), upto)
	st := newState(r, upto, opts)
	out := &Values{}
	switch {
	case prev.Len() == 0 || prev.Width() == 1:
		var g []uint8
		if prev.Len() > 0 {
			g = widen[uint8, uint8](prev.u8[:start], upto)
		} else {
			g = make([]uint8, 0, upto)
		}
		st.absorb(g)
		g, err := run(ctx, st, g)
		if err != nil || len(g) == upto {
			out.u8 = g
			return out, err
		}
		return extend16(ctx, st, widen[uint8, uint16](g, upto), out)
	case prev.Width() == 2:
		g := widen[uint16, uint16](prev.u16[:start], upto)
		st.absorb(g)
		return extend16(ctx, st, g, out)
	default:
		g := widen[uint32, uint32](prev.u32[:start], upto)
		st.absorb(g)
		g, err := run(ctx, st, g)
		out.u32 = g
		return out, err
	}
}

func extend16(ctx context.Context, st *state, g []uint16, out *Values) (*Values, error) {
	out.u8 = nil
	g, err := run(ctx, st, g)
	if err != nil || len(g) == st.upto {
		out.u16 = g
		return out, err
	}
	g32 := widen[uint16, uint32](g, st.upto)
	g = nil
	g32, err = run(ctx, st, g32)
	out.u32 = g32
	return out, err
}

type move struct {
	k    int
	bits uint8
}

// state is what the value loop keeps besides the values themselves; it
// does not depend on their integer type.
type state struct {
	r      *Rule
	upto   int
	opts   Options
	sparse bool

	moves    []move // digits that remove k tokens and leave 0 or 1 heaps
	split2   []int  // k whose digit allows two heaps
	split3   []int  // k whose digit allows three heaps
	tailL    int    // the tail digit applies to k >= tailL
	tailBits uint8
	unequal  bool

	maxVal uint32
	// seen[v] is 1 when v is the value of an option of the heap being
	// solved (2: a candidate of the sparse method's search). Bytes, not
	// bits: the loops over splits then store without reading, which keeps
	// them free of a dependency through memory.
	seen     []byte
	clearAll bool     // clear seen whole, not by dirty entries (splitting rules)
	dirty    []uint32 // entries of seen to clear

	// Sparse-space method: values v with an even number of bits in v&mask
	// are "rare"; rare lists the heaps 1 ≤ i < n with a rare value.
	mask    uint32
	rareTab []bool // isRare of each value below len(seen)
	rare    []int32
	cands   []uint32
	// lists[w] holds the heaps below listed with value w, in order (the
	// sparse method's search by value, pairs.go); pairs[v] caches the
	// pairs of values walked for candidate v, valid while pairsAt[v] is
	// pairsGen.
	lists     [][]int32
	pairs     [][]valuePair
	pairsAt   []int
	pairsGen  int
	walks     []pairWalk
	nextPairs int // heap at which the pair types are next re-sorted
	nextCheck int

	// Tail LeaveOne: every heap 1..n-tailL is an option; the values of the
	// heaps 1..prefixN-1 are present in the union-find "next absent value"
	// structure parent.
	prefixN int
	parent  []uint32

	nextPeriodCheck int
	helper          *helper // second core for the plain loop, while running
	far             *farPipe
	farLo, farHi    int // the far rare heaps are rare[farLo:farHi]
	midLo           int // the middle ones rare[midLo:farLo] (midStep)
	// midN is the first heap of the run whose middle rare heaps midStep
	// swept into its rows (-1: none; value then sweeps them into seen).
	midN int
}

func newState(r *Rule, upto int, opts Options) *state {
	st := &state{r: r, upto: upto, opts: opts, sparse: opts.Method == Sparse, unequal: r.Unequal}
	digits := r.Digits
	if r.Fib {
		digits = append([]uint8(nil), r.Digits...)
		for a, b := 1, 2; a < upto; a, b = b, a+b {
			for len(digits) <= a {
				digits = append(digits, r.Tail)
			}
			digits[a] |= 3
		}
	}
	for k, d := range digits {
		if d&(LeaveNone|LeaveOne) != 0 {
			st.moves = append(st.moves, move{k, d & (LeaveNone | LeaveOne)})
		}
		if d&LeaveTwo != 0 {
			st.split2 = append(st.split2, k)
		}
		if d&LeaveThree != 0 {
			st.split3 = append(st.split3, k)
		}
	}
	st.tailL, st.tailBits = len(digits), r.Tail
	st.prefixN = 1
	st.clearAll = len(st.split2)+len(st.split3) > 0
	st.seen = make([]byte, 2)
	st.nextCheck = 1024
	st.nextPeriodCheck = 4096
	st.midN = -1
	return st
}

// absorb brings the state up to date with values already known.
func absorb[T unsigned](st *state, g []T) {
	for _, v := range g {
		st.noteValue(uint32(v))
	}
	if st.sparse && len(st.split2) > 0 && len(g) >= st.nextCheck {
		st.chooseMask(len(g), func(i int) uint32 { return uint32(g[i]) })
		for st.nextCheck <= len(g) {
			st.nextCheck *= 4
		}
	}
	if st.sparse && len(st.split2) > 0 {
		st.rebuildRare(len(g), func(i int) uint32 { return uint32(g[i]) })
		if st.tailBits == 0 {
			st.lists = [][]int32{}
			for i := 1; i < min(len(g), listed); i++ {
				st.noteIndex(i, uint32(g[i]))
			}
		}
	}
	for st.nextPeriodCheck <= len(g) {
		st.nextPeriodCheck += st.nextPeriodCheck / 8
	}
}

func (st *state) absorb(g any) {
	switch g := g.(type) {
	case []uint8:
		absorb(st, g)
	case []uint16:
		absorb(st, g)
	case []uint32:
		absorb(st, g)
	}
}

// noteValue keeps maxVal and the size of marks up to date: marks must hold
// every value below the next power of two above maxVal, since the nim-sum
// of such values stays below it.
func (st *state) noteValue(v uint32) {
	if v <= st.maxVal && st.maxVal != 0 {
		return
	}
	st.maxVal = max(st.maxVal, v)
	if need := 1 << bits.Len32(st.maxVal); need > len(st.seen) {
		st.seen = append(st.seen, make([]byte, need-len(st.seen))...)
		st.setRareTab()
	}
	if st.helper != nil {
		st.helper.resize(len(st.seen))
	}
}

func (st *state) isRare(v uint32) bool { return bits.OnesCount32(v&st.mask)&1 == 0 }

// setRareTab makes rareTab[v] = isRare(v) for every v below len(seen).
func (st *state) setRareTab() {
	st.rareTab = st.rareTab[:0]
	for v := range len(st.seen) {
		st.rareTab = append(st.rareTab, st.isRare(uint32(v)))
	}
}

// chooseMask picks the mask that makes the fewest heaps 1..n-1 rare, by a
// histogram of their values. Any mask gives the right values; a good one
// makes the sparse method fast (Flammenkamp).
func (st *state) chooseMask(n int, at func(int) uint32) {
	b := min(bits.Len32(st.maxVal), 12)
	hist := make([]int, 1<<b)
	for i := 1; i < n; i++ {
		hist[at(i)&(1<<b-1)]++
	}
	best, bestCount := st.mask, -1
	for mask := uint32(0); mask < 1<<b; mask++ {
		c := 0
		for v, h := range hist {
			if h != 0 && bits.OnesCount32(uint32(v)&mask)&1 == 0 {
				c += h
			}
		}
		if bestCount < 0 || c < bestCount || c == bestCount && mask == st.mask {
			best, bestCount = mask, c
		}
	}
	if best != st.mask {
		st.mask = best
		st.setRareTab()
		st.rebuildRare(n, at)
		st.pairsGen++ // common values changed
	}
}

func (st *state) rebuildRare(n int, at func(int) uint32) {
	// A new array: the far sweep may still be reading the old one.
	st.rare = make([]int32, 0, len(st.rare))
	for i := 1; i < n; i++ {
		if st.isRare(at(i)) {
			st.rare = append(st.rare, int32(i))
		}
	}
}

func (st *state) mark(v uint32) {
	if st.seen[v] == 0 {
		st.seen[v] = 1
		if !st.clearAll {
			st.dirty = append(st.dirty, v)
		}
	}
}

func (st *state) marked(v uint32) bool {
	return int(v) < len(st.seen) && st.seen[v] != 0
}

func (st *state) clearMarks() {
	if st.clearAll {
		clear(st.seen)
		return
	}
	for _, v := range st.dirty {
		st.seen[v] = 0
	}
	st.dirty = st.dirty[:0]
}

// present adds v to the prefix set of the tail.
func (st *state) present(v uint32) {
	for uint32(len(st.parent)) < v+2 {
		st.parent = append(st.parent, uint32(len(st.parent)))
	}
	st.parent[v] = v + 1
}

// absent returns the least value >= v not in the prefix set.
func (st *state) absent(v uint32) uint32 {
	p := st.parent
	if int(v) >= len(p) {
		return v
	}
	for p[v] != v {
		q := p[v]
		if int(q) < len(p) {
			p[v] = p[q]
		}
		v = q
		if int(v) >= len(p) {
			return v
		}
	}
	return v
}

// run computes values from len(g) on until cap(g) is reached, or a value
// does not fit T (run then returns early, and the caller widens), or ctx
// is cancelled.
func run[T unsigned](ctx context.Context, st *state, g []T) ([]T, error) {
	limit := uint32(^T(0))
	workers := st.opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, 2)
	if workers == 2 && !st.sparse && len(st.split2) > 0 && st.upto > 2*parallelSplits {
		st.helper = newHelper()
		st.helper.resize(len(st.seen))
		defer func() { st.helper.stop(); st.helper = nil }()
	}
	pipelined := false
	if workers == 2 && st.sparse && len(st.split2) > 0 && st.upto >= 2*pipelineFrom && st.tailBits == 0 {
		pipelined = true
		defer st.stopFar()
	}
	for n := len(g); n < st.upto; n++ {
		if pipelined && n%farBlock == 0 && n >= pipelineFrom {
			if st.far == nil {
				st.startFar()
			}
			farStep(st, g, n)
		}
		if st.far != nil && n%midBlock == 0 {
			midStep(st, g, n)
		}
		if n&0xFFFF == 0 && n > 0 {
			if err := ctx.Err(); err != nil {
				return g, err
			}
			if st.opts.Progress != nil {
				st.opts.Progress(n)
			}
		}
		if st.sparse && len(st.split2) > 0 && n == st.nextCheck {
			old := st.mask
			st.chooseMask(n, func(i int) uint32 { return uint32(g[i]) })
			st.nextCheck *= 4
			if st.mask != old && st.far != nil {
				// The rare heaps changed: drop the rows swept with the
				// old ones and start the pipeline afresh.
				st.stopFar()
				st.startFar()
				farStep(st, g, n)
			}
		}
		if st.opts.UsePeriod && n == st.nextPeriodCheck && st.r.Finite() {
			// Every eighth more values: a proof is noticed soon after the
			// values allow it, at a cost of O(n) per look.
			st.nextPeriodCheck += st.nextPeriodCheck / 8
			if p := findPeriod(g, st.r); p.Proven {
				for len(g) < st.upto {
					g = append(g, g[len(g)-p.Period])
				}
				return g, nil
			}
		}
		v := value(st, g, n)
		if v > limit {
			return g, nil
		}
		g = append(g, T(v))
		st.noteValue(v)
		if st.sparse && len(st.split2) > 0 && n > 0 {
			if st.isRare(v) {
				st.rare = append(st.rare, int32(n))
			}
			if st.lists != nil {
				st.noteIndex(n, v)
			}
		}
	}
	if st.opts.Progress != nil {
		st.opts.Progress(len(g))
	}
	return g, nil
}

// value computes G(n) from g = G(0..n-1).
func value[T unsigned](st *state, g []T, n int) uint32 {
	st.clearMarks()
	for _, mv := range st.moves {
		if mv.k > n {
			break
		}
		if mv.bits&LeaveNone != 0 && mv.k == n {
			st.mark(0)
		}
		if mv.bits&LeaveOne != 0 && n-mv.k >= 1 {
			st.mark(uint32(g[n-mv.k]))
		}
	}
	hasPrefix := false
	if st.tailBits != 0 && n >= st.tailL {
		if st.tailBits&LeaveNone != 0 {
			st.mark(0)
		}
		if st.tailBits&LeaveOne != 0 {
			hasPrefix = true
			for ; st.prefixN <= n-st.tailL; st.prefixN++ {
				st.present(uint32(g[st.prefixN]))
			}
		}
	}
	// Splits: the nim-sum of two values below 2^b is below 2^b, and seen
	// is that large (noteValue), so these loops store directly; seen is
	// then cleared whole (clearAll).
	seen := st.seen
	split2 := st.split2
	var row, own []byte
	if st.sparse {
		if row, own = st.farRows(n); row != nil {
			// The far heaps were swept on both cores, and the middle
			// rare ones (midStep) in the main goroutine's own rows: the
			// mex below reads them with seen (merging whole rows cost
			// more than the mex's reads). When midStep could not use
			// the rows (a value too wide for them), the middle heaps
			// are swept here.
			near := st.midLo
			if st.midN < 0 || n < st.midN || n >= st.midN+midBlock {
				near = st.farLo
			}
			sweepRare(seen, g, n, split2, st.unequal, st.rare[:near])
			sweepRare(seen, g, n, split2, st.unequal, st.rare[st.farHi:])
		} else {
			sweepRare(seen, g, n, split2, st.unequal, st.rare)
		}
		split2 = nil
	}
	for _, k := range split2 {
		m := n - k
		if m < 2 {
			break
		}
		half := m / 2
		if st.unequal && m%2 == 0 {
			half-- // not the split into two equal heaps
		}
		if st.helper != nil && half >= parallelSplits {
			// Both cores: the helper marks the upper half of the splits
			// in its own table, merged afterwards.
			mid := half / 2
			st.helper.do(func(seen2 []byte) { plainSweep(seen2, g, m, mid+1, half) })
			plainSweep(seen, g, m, 1, mid)
			st.helper.merge(seen)
			continue
		}
		plainSweep(seen, g, m, 1, half)
	}
	for _, k := range st.split3 {
		m := n - k
		for a := 1; 3*a <= m; a++ {
			for b := a; a+2*b <= m; b++ {
				seen[g[a]^g[b]^g[m-a-b]] = 1
			}
		}
	}
	search := st.sparse && len(st.split2) > 0 && st.mask != 0
	// The least value that is neither an option nor (sparse method) a rare
	// value whose pairs of common heaps were not looked at.
	st.cands = st.cands[:0]
	v := uint32(0)
	for {
		if hasPrefix {
			v = st.absent(v)
		}
		if st.marked(v) || int(v) < len(row) && row[v]|own[v] != 0 {
			v++
			continue
		}
		if int(v) >= len(st.seen) {
			break // beyond every option's value
		}
		if search && st.rareTab[v] {
			st.cands = append(st.cands, v)
			v++
			continue
		}
		break
	}
	if len(st.cands) == 0 {
		return v
	}
	return resolve(st, g, n, v)
}

// parallelSplits is the number of splits of one heap from which the plain
// loop shares the work with a second goroutine: about 20 µs of work, far
// more than handing it over costs.
// (A variable so that the tests can exercise the parallel path.)
var parallelSplits = 1 << 15

// plainSweep marks the nim-sums of the splits (a, m−a) for lo ≤ a ≤ hi.
func plainSweep[T unsigned](seen []byte, g []T, m, lo, hi int) {
	g = g[:m]
	for a := lo; a <= hi; a++ {
		seen[g[a]^g[m-a]] = 1
	}
}

// helper is a second goroutine that takes half of a long sweep.
type helper struct {
	work  chan func([]byte)
	done  chan struct{}
	seen2 []byte
}

func newHelper() *helper {
	h := &helper{work: make(chan func([]byte)), done: make(chan struct{})}
	go func() {
		for f := range h.work {
			f(h.seen2)
			h.done <- struct{}{}
		}
	}()
	return h
}

// do starts f on the helper's table, sized like seen by the caller's
// next merge.
func (h *helper) do(f func([]byte)) { h.work <- f }

// merge waits for the helper and adds its marks to seen. The helper's
// table is sized on first use and whenever seen grows.
func (h *helper) merge(seen []byte) {
	<-h.done
	for i, x := range h.seen2[:min(len(seen), len(h.seen2))] {
		if x != 0 {
			seen[i] = 1
			h.seen2[i] = 0
		}
	}
}

func (h *helper) resize(n int) {
	if len(h.seen2) < n {
		h.seen2 = make([]byte, n)
	}
}

func (h *helper) stop() { close(h.work) }

// rareSweep marks the nim-sums of the splits (r, m−r) for the rare heaps
// r < m: the sparse method's main loop.
func rareSweep[T unsigned](seen []byte, g []T, m int, rare []int32) {
	g = g[:m]
	for _, r := range rare {
		seen[g[r]^g[m-int(r)]] = 1
	}
}

// sweepRare marks the nim-sums of the splits of n−k (k in split2) into two
// heaps of which one is in rare (sorted), less the equal splits when
// unequal: the sparse method's main loop.
func sweepRare[T unsigned](seen []byte, g []T, n int, split2 []int, unequal bool, rare []int32) {
	if len(rare) == 0 {
		return
	}
	if !unequal && len(split2) == 2 && n-split2[1] >= 2 {
		// Two split amounts (Kayles, 0.376, …): one pass over the rare
		// heaps marks the splits of both n−k0 and n−k1.
		m1, m2 := n-split2[0], n-split2[1]
		rare := rare[:sort.Search(len(rare), func(i int) bool { return int(rare[i]) >= m1 })]
		both := sort.Search(len(rare), func(i int) bool { return int(rare[i]) >= m2 })
		rareSweep2(seen, g, m1, m2, rare[:both])
		rareSweep(seen, g, m1, rare[both:])
		return
	}
	for _, k := range split2 {
		m := n - k
		if m < 2 {
			break
		}
		// The rare heaps below m, less m/2 when splits are unequal.
		rare := rare[:sort.Search(len(rare), func(i int) bool { return int(rare[i]) >= m })]
		skip := -1
		if unequal && m%2 == 0 {
			if i, ok := slices.BinarySearch(rare, int32(m/2)); ok {
				skip = i
			}
		}
		if skip >= 0 {
			rareSweep(seen, g, m, rare[:skip])
			rareSweep(seen, g, m, rare[skip+1:])
		} else {
			rareSweep(seen, g, m, rare)
		}
	}
}

// The sparse method on two cores. Values are computed in blocks of
// farBlock heaps. A split (h, m−h) of a heap in the block [N, N+B) with a
// heap h ≥ 2B has m−h < N−B, so all splits with far heaps h in [2B, N−B)
// depend only on values known one block earlier: while the main goroutine
// computes block [N−B, N), the far rare heaps and the scanned ones (see
// farScan) are swept for block [N, N+B) into tables of one row per heap.
// The work is cut into chunks of farChunk heaps that a second goroutine
// takes one by one, and so does the main goroutine when it is done with
// its block before the sweep is: neither waits for the other while there
// is work, whatever the load of the machine. Each goroutine marks its own
// rows, merged per heap. The main goroutine sweeps the near rare heaps
// (below 2B, or found from N−B on) itself.
const farBlock = 1024

// pipelineFrom is the heap from which the sparse method runs on two cores
// (for runs of at least twice as many values): eight blocks, below which
// there is little far work to share. (A variable so that the tests can
// run the pipeline on short runs; it must be a multiple of farBlock.)
var pipelineFrom = 8192

// farChunk is the number of heaps of the far sweep taken at a time.
const farChunk = 32

// farScan is the number of heaps h ≥ 2·farBlock whose splits (h, n−k−h)
// are swept with the far rare ones: pairs of common heaps that settle most
// of the rare candidates of the sparse method's mex before the search by
// value (pairs.go). They lie in farWindows runs spread over the known
// heaps, as pairs of values cluster by where the heaps lie. (On Grundy's
// game to 10^6, the search by value took four times as long after one run
// of 1024 heaps as after 32 runs of 32.)
const (
	farScan    = 1024
	farWindows = 32
)

type farPipe struct {
	jobs    chan func()
	done    chan struct{}
	pending bool
	// The rows of the block being computed, and of the one being swept:
	// the second goroutine's, and the main goroutine's own.
	cur, next       []byte
	curOwn, nextOwn []byte
	curN, nextN     int // first heap of each block (-1: none)
	curHi           int // rare[:curHi] was swept for cur (from index farLo)
	nextHi          int
	width           int // bytes per row
	// The heaps of the sweep under way, and the chunks of them taken.
	work   []int32
	chunks []int
	taken  atomic.Int32
	sweep  func(rows []byte, heaps []int32)
}

// farRows returns the rows of heap n, or nil when n is not in the block
// being computed.
func (st *state) farRows(n int) (row, own []byte) {
	p := st.far
	if p == nil || p.curN < 0 || n < p.curN || n >= p.curN+farBlock {
		return nil, nil
	}
	i := (n - p.curN) * p.width
	return p.cur[i : i+p.width], p.curOwn[i : i+p.width]
}

// takeChunks sweeps the chunks of the far sweep not yet taken into rows.
func (p *farPipe) takeChunks(rows []byte) {
	for {
		c := int(p.taken.Add(1)) - 1
		if c+1 >= len(p.chunks) {
			return
		}
		p.sweep(rows, p.work[p.chunks[c]:p.chunks[c+1]])
	}
}

// farStep is called at the start of each block at n: it finishes the
// sweep for this block (taking what is left of it) and starts the sweep
// for the next one.
func farStep[T unsigned](st *state, g []T, n int) {
	p := st.far
	if p.pending {
		p.takeChunks(p.nextOwn)
		<-p.done
		p.pending = false
	}
	p.cur, p.next = p.next, p.cur
	p.curOwn, p.nextOwn = p.nextOwn, p.curOwn
	p.curN, p.nextN = p.nextN, -1
	p.curHi = p.nextHi
	st.farHi = p.curHi
	if n+2*farBlock > st.upto || len(st.seen) > 1024 {
		return
	}
	// Sweep for [n+B, n+2B) the rare heaps in [2B, n), known now.
	lo := st.farLo
	hi := len(st.rare)
	if hi <= lo {
		return
	}
	width := len(st.seen)
	if _, ok := any(g).([]uint8); ok {
		width = 256 // the rows sweepBlock8 needs
	}
	if width != p.width || len(p.next) != farBlock*width {
		p.width = width
		p.next = make([]byte, farBlock*width)
		p.nextOwn = make([]byte, farBlock*width)
		if p.curN >= 0 && len(p.cur) != farBlock*width {
			p.curN = -1 // rows of another width: sweep this block alone
		}
	}
	clear(p.next)
	clear(p.nextOwn)
	start := n + farBlock
	p.nextN, p.nextHi = start, hi
	p.pending = true
	// The work: the far rare heaps, then the scanned heaps, in chunks
	// that are each in ascending order.
	p.work = append(p.work[:0], st.rare[lo:hi]...)
	p.chunks = p.chunks[:0]
	for c := 0; c < len(p.work); c += farChunk {
		p.chunks = append(p.chunks, c)
	}
	if farScan > 0 {
		scanned := len(p.work)
		per := farScan / farWindows
		span := max(n/2-2*farBlock-per, 0)
		for w := range farWindows {
			lo := 2*farBlock + span*w/farWindows
			for h := lo; h < lo+per; h++ {
				p.work = append(p.work, int32(h))
			}
		}
		if span/farWindows < per {
			slices.Sort(p.work[scanned:]) // the runs overlap
		}
		for c := scanned; c < len(p.work); c += farChunk {
			p.chunks = append(p.chunks, c)
		}
	}
	p.chunks = append(p.chunks, len(p.work))
	p.taken.Store(0)
	width, split2, unequal := p.width, st.split2, st.unequal
	p.sweep = func(rows []byte, heaps []int32) {
		sweepBlock(rows, width, g, start, farBlock, split2, unequal, heaps)
	}
	p.jobs <- func() { p.takeChunks(p.next) }
}

// midBlock is the length of the runs of heaps whose splits with the rare
// heaps in [midBlock, 2·farBlock) ("middle") the main goroutine sweeps
// together, into its own rows of the far sweep: their partners are all
// below the run.
const midBlock = 64

// midStep sweeps the middle rare heaps for the heaps [n, n+midBlock),
// and sets st.midN to n when it did.
//
// The rows were sized a block ago from the values known then, and the
// partners of the middle heaps reach up to n, past them: when a value
// known since is too wide for the rows (len(seen), the bound of every
// nim-sum, is larger than a row), midStep leaves the run to value. (It
// marked outside its row before, for values of 1024 or more, and masked
// values of 512 or more to 9 bits in run16.)
func midStep[T unsigned](st *state, g []T, n int) {
	p := st.far
	st.midN = -1
	if p.curN < 0 || n < p.curN || n+midBlock > p.curN+farBlock {
		return // the run is not in the block being computed
	}
	if len(st.seen) > p.width {
		return
	}
	i := (n - p.curN) * p.width
	rows := p.curOwn[i : i+midBlock*p.width]
	sweepBlock(rows, p.width, g, n, midBlock, st.split2, st.unequal, st.rare[st.midLo:st.farLo])
	st.midN = n
}

func (st *state) startFar() {
	p := &farPipe{jobs: make(chan func()), done: make(chan struct{}), curN: -1, nextN: -1}
	go func() {
		for f := range p.jobs {
			f()
			p.done <- struct{}{}
		}
	}()
	st.far = p
	st.midN = -1
	st.farLo = sort.Search(len(st.rare), func(i int) bool { return int(st.rare[i]) >= 2*farBlock })
	st.midLo = sort.Search(len(st.rare), func(i int) bool { return int(st.rare[i]) >= midBlock })
}

func (st *state) stopFar() {
	if p := st.far; p != nil {
		if p.pending {
			<-p.done
		}
		close(p.jobs)
		st.far = nil
	}
}

// rareSweep2 is rareSweep for two heap sizes m1 > m2 at once, for rare
// heaps r < m2.
func rareSweep2[T unsigned](seen []byte, g []T, m1, m2 int, rare []int32) {
	g = g[:m1]
	for _, r := range rare {
		x := g[r]
		seen[x^g[m1-int(r)]] = 1
		seen[x^g[m2-int(r)]] = 1
	}
}
