package catalog

import (
	"context"
	"fmt"
	"math/big"

	"github.com/grundy-go/grundy/heap"
)

// An octal game with finitely many digits is ultimately periodic once the
// Guy–Smith theorem proves its period from enough values (heap.FindPeriod,
// heap.ProofBound), and then G(n) = G(a + (n−a) mod p) for every n ≥ a: a
// closed form found by computation, which answers heaps far beyond what
// can be computed (Kayles to 10^18). Its winning moves are counted by
// residues: a split of a huge heap of m tokens into x and m−x, both at
// least the preperiod a, has the value G(a + r) ⊕ G(a + (m−2a−r) mod p)
// with r = (x−a) mod p, so whether it wins depends on r alone; the splits
// with x < a are looked at one by one.

// maxPeriodicHeap bounds heaps answered from the period (the move counts
// must fit in an int).
const maxPeriodicHeap = 1_000_000_000_000_000_000

// periodic reports whether the rule's heaps can be answered from a proven
// period: finitely many digits, moves that leave at most two heaps.
func (g *heapRuleGame) periodic() bool { return g.rule.Finite() && g.rule.MaxHeaps() <= 2 }

// ProvenPeriod computes values of a finite rule until its period is
// proven, within maxPeriodValues values.
func ProvenPeriod(ctx context.Context, rule *heap.Rule, opts Options) (*heap.Values, heap.Period, error) {
	for n := 4096; ; n *= 4 {
		n = min(n, maxPeriodValues)
		v, err := heap.Compute(ctx, rule, n, heap.Options{Progress: opts.Progress})
		if err != nil {
			return nil, heap.Period{}, err
		}
		p := heap.FindPeriod(v, rule)
		if p.Found && p.Proven {
			return v, p, nil
		}
		if n == maxPeriodValues {
			return nil, p, fmt.Errorf("%s: no period proven within %d values, so heaps this large have no answer here; smaller heaps are computed directly (see 'grundy games' for the limit)", rule.Spec, n)
		}
	}
}

// proven returns the rule's values with their proven period, computed once
// per instance.
func (g *heapRuleGame) proven(ctx context.Context, opts Options) (periodicValues, heap.Period, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.period.vals == nil {
		vals, per, err := ProvenPeriod(ctx, g.rule, opts)
		if err != nil {
			return periodicValues{}, per, err
		}
		g.period, g.periodInfo = periodicValues{vals: vals, a: per.Preperiod, p: per.Period}, per
	}
	return g.period, g.periodInfo, nil
}

// periodicValues is G(n) for every n from values that show a proven period.
type periodicValues struct {
	vals *heap.Values
	a, p int
}

func (q periodicValues) at(n int) uint32 {
	if n < q.vals.Len() {
		return q.vals.At(n)
	}
	return q.vals.At(q.a + (n-q.a)%q.p)
}

// solveByPeriod answers heaps of any size up to maxPeriodicHeap for a
// finite octal rule (moves leave at most two heaps).
func (g *heapRuleGame) solveByPeriod(ctx context.Context, heaps []int, opts Options) (*Report, error) {
	q, per, err := g.proven(ctx, opts)
	if err != nil {
		return nil, err
	}
	vals := q.vals
	var x uint32
	for _, h := range heaps {
		x ^= q.at(h)
	}
	r := &Report{
		Game:     g.rule.Spec,
		Position: JoinInts(heaps),
		Outcome:  OutcomeOfValue(new(big.Int).SetUint64(uint64(x))),
		Grundy:   new(big.Int).SetUint64(uint64(x)),
		Method: fmt.Sprintf("proven period: G(n+%d) = G(n) for n ≥ %d (%s, checked on %d values), and the nim-sum over heaps",
			per.Period, per.Preperiod, per.Theorem, vals.Len()),
	}
	if x == 0 {
		return r, nil
	}
	// Every winning move, counted; listed in order (heap by heap, fewest
	// tokens taken first, smaller part first) while the text fits.
	count, size := 0, 0
	list := func(i int, parts ...int) bool {
		if r.MovesIncomplete {
			return false
		}
		m := replaceHeap(heaps, i, parts)
		if size += len(m); size > MaxMoveText && len(r.WinningMoves) > 0 {
			r.MovesIncomplete = true
			return false
		}
		r.WinningMoves = append(r.WinningMoves, m)
		return true
	}
	for i, h := range heaps {
		target := q.at(h) ^ x
		for k, d := range g.rule.Digits {
			m := h - k
			if d == 0 || m < 0 {
				continue
			}
			if d&heap.LeaveNone != 0 && m == 0 && target == 0 {
				count++
				list(i)
			}
			if d&heap.LeaveOne != 0 && m >= 1 && q.at(m) == target {
				count++
				list(i, m)
			}
			if d&heap.LeaveTwo != 0 {
				count += q.splits(m, target, func(a int) bool { return list(i, a, m-a) })
			}
		}
	}
	if r.MovesIncomplete {
		r.MoveCount = count
	}
	return r, nil
}

// splits counts the splits of m tokens into two non-empty heaps a ≤ m−a
// whose values have nim-sum target, passing each to list, smaller part
// ascending, until list returns false; the rest are counted by residue.
func (q periodicValues) splits(m int, target uint32, list func(a int) bool) int {
	half := m / 2
	// Splits with a part below the preperiod, or all of them when m is too
	// small for both parts of the others to be periodic: one by one.
	direct := half
	if m-half >= q.a {
		direct = min(half, q.a-1)
	}
	count, listing := 0, true
	for a := 1; a <= direct; a++ {
		if q.at(a)^q.at(m-a) == target {
			count++
			listing = listing && list(a)
		}
	}
	if direct == half {
		return count
	}
	// Both parts periodic: a = q.a + res + p·j and m−a ≡ q.a + (m−2q.a−res)
	// (mod p), so whether the split wins depends on res alone.
	wins := make([]bool, q.p)
	some := false
	for res := range q.p {
		o := ((m-2*q.a-res)%q.p + q.p) % q.p
		wins[res] = q.vals.At(q.a+res)^q.vals.At(q.a+o) == target
		some = some || wins[res]
	}
	if !some {
		return count // (and the listing below would never stop)
	}
	a := max(q.a, 1)
	for ; listing && a <= half; a++ {
		if wins[(a-q.a)%q.p] {
			count++
			listing = list(a)
		}
	}
	for res, w := range wins {
		if w {
			count += countResidue(a, half, q.a+res, q.p)
		}
	}
	return count
}

// countResidue returns how many x in [lo, hi] have x ≡ c (mod p).
func countResidue(lo, hi, c, p int) int {
	if lo > hi {
		return 0
	}
	first := lo + ((c-lo)%p+p)%p
	if first > hi {
		return 0
	}
	return (hi-first)/p + 1
}
