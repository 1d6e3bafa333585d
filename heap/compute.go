package heap

import (
	"context"
	"fmt"
	"runtime"

	"github.com/grundy-go/grundy/budget"
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
	// SpillPath and SpillBudget: when the run's values would take more
	// than SpillBudget bytes, they are kept in a file at SpillPath mapped
	// into memory (spill.go) instead of the Go heap, and the run can be
	// resumed from that file (LoadFile) after it stops or is killed. No
	// spilling when SpillPath is empty.
	SpillPath   string
	SpillBudget int64
	// Memory, when not nil, is charged for the nim-sum tables of a
	// general take-and-break code (Rule.Code).
	Memory *budget.Bytes
	// Workers is the number of goroutines of the sparse method's sweep over
	// rare values (0: GOMAXPROCS, at most 2 are ever used).
	Workers int
}

// MaxUpto returns the largest number of values Compute accepts for r: 2^32
// values for rules with finitely many moves (heaps are numbered by uint32
// in the sparse method's lists; Grundy's game needs 8 GiB for them at two
// bytes a value, past Options.SpillBudget in a mapped file), 2^27 for
// rules that may take any number (their values grow with n and take four
// bytes each, plus bookkeeping).
func MaxUpto(r *Rule) int {
	if r.Code != nil {
		return MaxCodeUpto
	}
	if r.Tail != 0 {
		return 1 << 27
	}
	return 1 << 32
}

// CheckUpto returns a one-line error when upto is not a count Compute
// accepts for r.
func CheckUpto(r *Rule, upto int) error {
	if upto < 0 {
		return fmt.Errorf("a table's length must not be negative, got %d", upto)
	}
	if upto > MaxUpto(r) {
		return budget.Exceed(budget.Size, int64(MaxUpto(r)), "a table of %d values: tables of %s go up to %d", upto, r.Spec, MaxUpto(r))
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
// modified, except when it is held in a spill file (LoadFile of a file a
// spilled run left): the run then continues in that file, in place, and
// prev must not be used afterwards.
func Extend(ctx context.Context, r *Rule, prev *Values, upto int, opts Options) (*Values, error) {
	if err := CheckUpto(r, upto); err != nil {
		return nil, err
	}
	if r.Code != nil {
		// CGSuite's general codes: the knapsack of nim-sum sets
		// (tbvalues.go), recomputed from the start (prev is a prefix of
		// the same values).
		return computeCode(ctx, r.Code, upto, opts)
	}
	start := min(prev.Len(), upto)
	st := newState(r, upto, opts)
	out := &Values{}
	if prev.Spilled() {
		s := prev.spill
		if s.game != r.Spec {
			return nil, fmt.Errorf("the spill file %s holds values of %s, not %s", s.path, s.game, r.Spec)
		}
		if err := s.grow(upto); err != nil {
			return nil, err
		}
		prev.spill = nil // the run owns the file now
		st.spill = s
		if st.opts.SpillPath == "" {
			st.opts.SpillPath = s.path // wider values go there too
		}
		switch s.width {
		case 1:
			g := spillSlice[uint8](s, start)
			st.absorb(g)
			return run8Widen(ctx, st, g, out)
		case 2:
			g := spillSlice[uint16](s, start)
			st.absorb(g)
			return run16Widen(ctx, st, g, out)
		}
		g := spillSlice[uint32](s, start)
		st.absorb(g)
		return run32(ctx, st, g, out)
	}
	switch {
	case prev.Len() == 0 || prev.Width() == 1:
		var src []uint8
		if prev.Len() > 0 {
			src = prev.u8[:start]
		}
		g, err := newValues[uint8, uint8](st, src, upto)
		if err != nil {
			return nil, err
		}
		st.absorb(g)
		return run8Widen(ctx, st, g, out)
	case prev.Width() == 2:
		g, err := newValues[uint16, uint16](st, prev.u16[:start], upto)
		if err != nil {
			return nil, err
		}
		st.absorb(g)
		return run16Widen(ctx, st, g, out)
	default:
		g, err := newValues[uint32, uint32](st, prev.u32[:start], upto)
		if err != nil {
			return nil, err
		}
		st.absorb(g)
		return run32(ctx, st, g, out)
	}
}

// run8Widen runs on byte values and goes on with wider ones when a value
// does not fit; run16Widen and run32 likewise.
func run8Widen(ctx context.Context, st *state, g []uint8, out *Values) (*Values, error) {
	g, err := run(ctx, st, g)
	if err != nil || len(g) == st.upto {
		out.u8 = g
		return finish(st, out, err)
	}
	g16, err := newValues[uint8, uint16](st, g, st.upto)
	if err != nil {
		return nil, err
	}
	return run16Widen(ctx, st, g16, out)
}

func run16Widen(ctx context.Context, st *state, g []uint16, out *Values) (*Values, error) {
	g, err := run(ctx, st, g)
	if err != nil || len(g) == st.upto {
		out.u16 = g
		return finish(st, out, err)
	}
	g32, err := newValues[uint16, uint32](st, g, st.upto)
	if err != nil {
		return nil, err
	}
	return run32(ctx, st, g32, out)
}

func run32(ctx context.Context, st *state, g []uint32, out *Values) (*Values, error) {
	g, err := run(ctx, st, g)
	out.u32 = g
	return finish(st, out, err)
}

// fillPeriodic extends g, periodic with period p from a on, to n values,
// by copies of whole periods that double as they go.
func fillPeriodic[T unsigned](g []T, n, a, p int) []T {
	i := len(g)
	g = g[:n]
	for i < n {
		c := max((i-a)/p*p, p) // G(i..i+c-1) = G(i-c..i-1); i ≥ a+p (watchCheck)
		i += copy(g[i:], g[i-c:i])
	}
	return g
}

// finish records in the spill file, if any, how many values it holds, and
// the period that filled the values.
func finish(st *state, out *Values, err error) (*Values, error) {
	if st.filled {
		out.perA, out.perP = st.watch.a, st.watch.p
	}
	if st.spill != nil {
		st.spill.setCount(out.Len())
		out.spill = st.spill
	}
	return out, err
}

// shedEvery (a variable for the tests) is how many values a spilled run
// computes between two sheds of its mapping's pages (spill_linux.go):
// 2^24 values write 16–32 MiB, and the sweeps read the last ~48 M values
// (Grundy's game's rare heaps reach 48,399,022) and the scan's windows,
// whose partners stream through up to ~1 GiB of the file between two
// sheds: Grundy's game to 6.3·10^8 peaked at 977 MB resident where the
// mapping of 2^32 values is 8 GiB.
var shedEvery = 1 << 24

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
			st.spill.setCount(n) // G(0..n-1) are written
			if n&(shedEvery-1) == 0 {
				st.spill.shed()
			}
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
			// The candidate period is extended by the new values only; a
			// full search runs only when there is none (periodWatch).
			proven, next := watchCheck(&st.watch, g, st.r)
			if proven {
				st.filled = true
				return fillPeriodic(g, st.upto, st.watch.a, st.watch.p), nil
			}
			st.nextPeriodCheck = next
		}
		v := value(st, g, n)
		if v > limit {
			return g, nil
		}
		g = append(g, T(v))
		st.noteValue(v)
		if st.sparse && len(st.split2) > 0 && n > 0 {
			if st.isRare(v) {
				st.rare = append(st.rare, uint32(n))
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
