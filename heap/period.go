package heap

import (
	"fmt"
	"sort"
)

// Period is the regularity that a run of values shows.
type Period struct {
	// Found: G(n+Period) = G(n) for all Preperiod ≤ n < N-Period, where N
	// is the number of values, with Period and Preperiod as small as the
	// values allow; reported when proven, or when the values show it
	// clearly: at least three full periods and N ≥ 2(Preperiod+Period).
	Found     bool
	Preperiod int
	Period    int
	// Proven: a theorem guarantees the period for all n (see ProofBound).
	Proven bool
	// Needed is the number of values the proof needs (0 when no theorem
	// applies to the rule).
	Needed int
	// Theorem names the theorem used, for people.
	Theorem string

	// Arithmetic periodicity, looked for when no ordinary period shows:
	// G(n+ArithPeriod) = G(n) + Saltus for ArithPreperiod ≤ n < N-ArithPeriod,
	// with Saltus > 0, shown as clearly as a period. Never proven here.
	Arith          bool
	ArithPreperiod int
	ArithPeriod    int
	Saltus         int
}

// ProofBound returns how many values G(0..needed-1) must show the period p
// from preperiod a for a theorem to prove it for every n, and the theorem's
// name; ok is false when no theorem here applies to r (infinite rules,
// Grundy's game).
//
// The bound, for a finite code whose last non-zero digit removes t tokens,
// with h the most heaps a move leaves (1, 2, or 3 for hexadecimal codes):
//
//   - Subtraction games (every non-zero digit is 3): needed = a + p + t.
//     The state-repetition argument: G(n) depends only on the t values
//     before it, so once the window G(a..a+t-1) recurs at a+p, everything
//     after it recurs.
//   - Otherwise, with a' = max(a, 1): needed = h·(a'+p) + t, that is
//     G(n+p) = G(n) is checked for a' ≤ n < h·a' + (h−1)·p + t. For octal
//     games (h = 2) this is the Guy–Smith periodicity theorem (R. K. Guy and
//     C. A. B. Smith, The G-values of various games, Proc. Cambridge Philos.
//     Soc. 52 (1956); Winning Ways ch. 4; Siegel, Combinatorial Game Theory,
//     Thm IV.2.7): values up to 2(a+p)+t. Proof: a heap B ≥ h·a'+(h−1)·p+t
//     with the claim true below B; an option of B+p removing k tokens
//     leaves parts summing to B+p−k, the largest at least (B+p−k)/h ≥ a'+p,
//     and replacing it by itself minus p gives an option of B of the same
//     value; conversely the largest part of an option of B is at least a',
//     and adding p to it gives an option of B+p. The same for moves leaving
//     one heap, since B−k ≥ a'. (a' ≥ 1 keeps every part non-empty; n = 0
//     is checked directly.)
func ProofBound(r *Rule, a, p int) (needed int, theorem string, ok bool) {
	if !r.Finite() || p <= 0 {
		return 0, "", false
	}
	t := r.MaxRemove()
	if r.PureSubtraction() && r.MaxHeaps() == 1 {
		return a + p + t, fmt.Sprintf("state repetition for a finite subtraction set: G(n) depends only on the previous %d values, which recur", t), true
	}
	h := r.MaxHeaps()
	a1 := max(a, 1)
	name := "Guy–Smith periodicity theorem"
	if h == 3 {
		name = "Guy–Smith periodicity theorem, for moves leaving up to three heaps"
	}
	needed = h*(a1+p) + t
	return needed, fmt.Sprintf("%s: the period holds for the first %d = %d·(%d+%d)+%d values, t = %d tokens at most removed", name, needed, h, a1, p, t, t), true
}

// FindPeriod finds the period and preperiod the values show (and arithmetic
// periodicity when there is no ordinary period), and proves the period when
// a theorem applies to r (r may be nil).
func FindPeriod(v *Values, r *Rule) Period {
	h := tailHint{v.perA, v.perP}
	if v.perP <= 0 || v.perA+v.perP > v.Len() {
		h = tailHint{}
	}
	switch {
	case v.u32 != nil:
		return findPeriod(v.u32, r, h)
	case v.u16 != nil:
		return findPeriod(v.u16, r, h)
	}
	return findPeriod(v.u8, r, h)
}

// tailHint says that the values are known to be periodic with period p
// from a on (p = 0: nothing known), as a run that filled its values by a
// proven period knows: detect then looks at one period of the tail
// instead of all of it.
type tailHint struct{ a, p int }

func findPeriod[T unsigned](g []T, r *Rule, hint tailHint) Period {
	var res Period
	o := detectHint(g, false, hint)
	if o.ok {
		res.Preperiod, res.Period = o.a, o.p
		if r != nil {
			if needed, theorem, ok := ProofBound(r, o.a, o.p); ok {
				res.Needed = needed
				if needed <= len(g) {
					res.Proven, res.Theorem = true, theorem
				}
			}
		}
		res.Found = res.Proven || shows(len(g), o.a, o.p)
	}
	if !res.Found {
		if ar := detect(g, true); ar.ok && shows(len(g), ar.a, ar.p) {
			res.Arith, res.ArithPreperiod, res.ArithPeriod, res.Saltus = true, ar.a, ar.p, int(ar.s)
		}
	}
	if !res.Found {
		res.Preperiod, res.Period, res.Proven, res.Theorem = 0, 0, false, ""
	}
	return res
}

// shows reports whether n values show a period p from a clearly enough to
// report it unproven: three full periods, and as many values as the
// Guy–Smith theorem would want for an octal game without removals,
// 2(a+p). A pattern that only the last few values follow is not reported.
func shows(n, a, p int) bool { return n-a >= 3*p && n >= 2*(a+p) }

type candidate struct {
	ok   bool
	a, p int
	s    int64
}

// detect finds, among the periods p with G(n+p) − G(n) constant (0 for
// ordinary periods, positive for arithmetic ones) for all n from a on, and
// at least two periods shown (N − a ≥ 2p), the one with the least a + p,
// then the least p.
//
// The search stops at p ≥ a+p of the best so far. A multiple k·p ≤ N−1−a
// of the best period p (preperiod a > 0) has preperiod exactly a, since
// G(a−1+kp) = G(a−1+p) + (k−1)s ≠ G(a−1) + ks, so those are skipped.
// Other p show a mismatch near the end quickly (Fine and Wilf), so the
// search costs about N/2 steps for sequences without a period.
//
// With a hint (values periodic with period q from b on), the mismatches
// G(i+p) ≠ G(i) for b ≤ i < N−p recur with period q in i (both G(i) and
// G(i+p) do), so the last q of them show whether there is one: the scan
// of the tail costs q steps, not N−b.
func detect[T unsigned](g []T, arith bool) candidate { return detectHint(g, arith, tailHint{}) }

func detectHint[T unsigned](g []T, arith bool, hint tailHint) candidate {
	if arith {
		hint = tailHint{} // the hint is about equal values
	}
	n := len(g)
	var best candidate
	var off offPattern
	bestSum := n + 1
	for p := 1; 2*p <= n && p < bestSum; p++ {
		if best.ok && p%best.p == 0 && p <= n-1-best.a {
			continue
		}
		s := int64(g[n-1]) - int64(g[n-1-p])
		if arith && s <= 0 || !arith && s != 0 {
			continue
		}
		// Accept only a ≤ limit: N − a ≥ 2p and a + p < bestSum.
		limit := min(n-2*p, bestSum-p-1)
		if limit < 0 {
			continue
		}
		i := n - 1 - p
		if hint.p > 0 && i >= hint.a {
			lo := max(hint.a, i-hint.p+1)
			for i >= lo && g[i+p] == g[i] {
				i--
			}
			if i < lo { // no mismatch from hint.a on
				i = hint.a - 1
			}
		}
		if !arith && best.ok && off.p == 0 && p%best.p == 0 {
			listOffPattern(&off, g, best.a, best.p)
		}
		if off.p > 0 && p%off.p == 0 {
			// A multiple of the first period found (which holds on the
			// tail whichever is best now): jump to the largest value
			// off its pattern.
			i = off.skip(i, max(limit, off.a-p))
		}
		for i >= limit && int64(g[i+p])-int64(g[i]) == s {
			i--
		}
		if i >= limit { // a mismatch at i: the preperiod would exceed the limit
			continue
		}
		for i >= 0 && int64(g[i+p])-int64(g[i]) == s {
			i--
		}
		a := i + 1
		best = candidate{ok: true, a: a, p: p, s: s}
		bestSum = a + p
	}
	return best
}

// offPattern lists the values below a preperiod a that differ from the
// pattern of the period p that holds from a on: with G(j) = G(j+p) for
// a ≤ j < N−p, a multiple k·p > N−1−a of p compares, at every i ≥ a−k·p,
// G(i) with G(i+k·p), which is the pattern's value at i; so the first
// mismatch below any such i is the largest listed value at or below it.
// On values that are nearly periodic long before the preperiod (0.376's
// values are 17 33 16 32 with sparse exceptions from far below its
// preperiod of 2,268,248 on), each multiple of the period scanned down
// to its first mismatch one value at a time: the search at 2.47·10^6
// values cost 1.15 s of CPU, and the run's 119 searches 2.4 s on the main
// goroutine, where the list makes it a binary search per multiple (0.16 s
// for all 119).
type offPattern struct {
	a, p int
	low  int   // every i in [low, a) off the pattern is listed
	at   []int // descending
}

// offPatternMax is the most values an offPattern lists (a variable for
// the tests): 512 KiB. Below the lowest, detect scans value by value.
var offPatternMax = 1 << 16

// listOffPattern fills o with the values of g below a off the pattern
// of the period p from a, from a−1 down, at most offPatternMax of them.
func listOffPattern[T unsigned](o *offPattern, g []T, a, p int) {
	o.a, o.p, o.at = a, p, o.at[:0]
	i := a - 1
	for ; i >= 0; i-- {
		// The pattern's value at i is G(j) for the j ≥ a with j ≡ i (mod p).
		if g[i] != g[a+((i-a)%p+p)%p] {
			if len(o.at) == offPatternMax {
				break
			}
			o.at = append(o.at, i)
		}
	}
	o.low = i + 1
}

// skip returns, for a scan of a multiple of o.p at i (matching from i+1
// on), the index of its first mismatch at or below i when one is listed
// at lo or above, else the highest index below lo and below o.low it has
// not ruled out: the scan goes on from there value by value. lo must be
// at least a−k·p for the multiple k·p.
func (o *offPattern) skip(i, lo int) int {
	lo = max(lo, o.low)
	if i < lo {
		return i
	}
	// The first listed value at or below i (the list is descending).
	k := sort.Search(len(o.at), func(k int) bool { return o.at[k] <= i })
	if k < len(o.at) && o.at[k] >= lo {
		return o.at[k]
	}
	return lo - 1
}

// periodWatch is the run loop's period search (Options.UsePeriod). It
// keeps the best candidate the values showed, (a, p) with the last
// mismatch at a−1, and extends it as values arrive: each new value is
// compared with the one p before it, O(1) a value, and nothing older is
// looked at again. A full search (detect) runs only when there is no
// candidate or the candidate broke; while a candidate holds, nothing is
// searched before its proof bound, and the proof is noticed at the bound
// itself. Any candidate that holds up to its proof bound is a proven
// period, whether or not it is the least: the values it fills in are
// certain, and FindPeriod finds the least period of the whole run.
type periodWatch struct {
	ok      bool
	a, p    int
	needed  int // ProofBound(a, p)
	checked int // G(i) = G(i−p) is checked for a+p ≤ i < checked
	// searches counts the full searches (detect), for the tests.
	searches int
}

// check brings the watch up to date with g = G(0..n-1) and reports
// whether its candidate is proven by them. next is the heap at which
// check wants to be called again (the caller may call it earlier).
func watchCheck[T unsigned](w *periodWatch, g []T, r *Rule) (proven bool, next int) {
	n := len(g)
	if w.ok {
		for i := w.checked; i < n; i++ {
			if g[i] != g[i-w.p] {
				w.ok = false
				break
			}
		}
	}
	if !w.ok {
		w.searches++
		o := detect(g, false)
		if !o.ok {
			return false, n + max(n/8, 1)
		}
		needed, _, ok := ProofBound(r, o.a, o.p)
		if !ok {
			return false, n + max(n/8, 1)
		}
		*w = periodWatch{ok: true, a: o.a, p: o.p, needed: needed, searches: w.searches}
	}
	w.checked = n
	if w.needed <= n {
		return true, n
	}
	// Next: the proof bound, or an eighth more values, whichever comes
	// first, so that a candidate that broke is replaced soon.
	return false, min(w.needed, n+max(n/8, 1))
}
