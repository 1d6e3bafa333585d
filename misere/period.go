package misere

// The periodicity test (Plambeck and Siegel, "Misère quotients for
// impartial games", JCTA 115, 2008, the periodicity theorem for misère
// quotients of octal games; Siegel's MisereSolver applies it to the
// sequence of heaps' elements). It is to a misère quotient what Guy and
// Smith's theorem is to a nim-sequence.
//
// The statement proven here, for a finite octal or hexadecimal rule whose
// moves take at most k tokens and leave at most h heaps: let Q be the
// quotient of the heaps up to N and φ its heap map. If φ(n+p) = φ(n) for
// every n with n0 ≤ n ≤ N−p, where n0 ≥ 1 and p ≥ 1, and every move from
// a heap larger than N leaves a heap of at least n0+p tokens — that is,
// ⌈(N+1−k)/h⌉ ≥ n0+p — then Q is the misère quotient of the whole game and
// φ(n+p) = φ(n) for every n ≥ n0.
//
// Proof, by induction on a heap m > N. The parts each option of m leaves
// include one, c, of at least n0+p tokens; replacing c by c−p (at least
// n0 ≥ 1, so the option still leaves as many heaps) is an option of m−p
// with the same element, by periodicity below m; and every option of m−p
// has a part c′ ≥ n0 (m−p−k ≥ h·n0 follows from the hypothesis), which
// c′+p turns back into an option of m. So m and m−p have the same set of
// option elements. A heap with the same option elements as a heap already
// in the set is indistinguishable from it: in any sum, moving in one or
// in the other reaches the same elements, so by induction on the sum
// every sum's outcome is still read from Q with φ(m) = φ(m−p), and Q,
// whose elements sums of heaps up to N already tell apart, stays the
// quotient. MisereSolver's own bound (CGSuite's periodicity checker for
// take-and-break codes: 2·n0 + 2·p + k + 2 ≤ N+1 for octal games) is
// stricter by a few heaps; ProvePeriod reports the bound it used.

// FiniteRule is what the periodicity test needs to know of a heap rule
// (heap.Rule has it): whether it is a finite octal or hexadecimal code,
// the most tokens a move takes, and the most heaps it leaves.
type FiniteRule interface {
	Finite() bool
	MaxRemove() int
	MaxHeaps() int
}

// Period is a proven periodicity of a quotient's heap map: φ(n+Period) =
// φ(n) for every n ≥ Preperiod, so the quotient is the whole game's.
// NeedsUpto is the least N the test needed for this preperiod and period.
type Period struct {
	Preperiod int `json:"preperiod"`
	Period    int `json:"period"`
	NeedsUpto int `json:"needs_upto"`
}

// needsUpto returns the least N for which ⌈(N+1−k)/h⌉ ≥ n0+p.
func needsUpto(n0, p, k, h int) int {
	return h*(n0+p-1) + k
}

// ProvePeriod applies the periodicity test to q, the quotient of rule's
// heaps up to q.Upto: the least period p, with the least preperiod n0 ≥ 1
// for it, that the test proves, or nil when none does (the rule is not a
// finite code, or the heaps up to q.Upto do not show a period long enough
// to prove). A proven period is kept in q: Heap and Element then answer
// heaps of any size.
func (q *Quotient) ProvePeriod(rule FiniteRule) *Period {
	if q.period != nil {
		return q.period
	}
	if !rule.Finite() {
		return nil
	}
	k, h, n := rule.MaxRemove(), rule.MaxHeaps(), q.Upto
	e := q.heap
	for p := 1; p < n; p++ {
		if needsUpto(1, p, k, h) > n {
			break // larger periods need more heaps still
		}
		// The least n0 with e[m+p] = e[m] for n0 ≤ m ≤ n−p.
		n0 := n - p + 1
		for n0 > 1 && e[n0-1+p] == e[n0-1] {
			n0--
		}
		if n0 <= n-p && needsUpto(n0, p, k, h) <= n {
			q.period = &Period{Preperiod: n0, Period: p, NeedsUpto: needsUpto(n0, p, k, h)}
			return q.period
		}
	}
	return nil
}

// heapElem returns the element of a heap of n: from the table up to Upto,
// beyond it from a proven period; ok is false when neither answers.
func (q *Quotient) heapElem(n int) (int32, bool) {
	if n >= 0 && n <= q.Upto {
		return q.heap[n], true
	}
	if p := q.period; p != nil && n > q.Upto {
		return q.heap[p.Preperiod+(n-p.Preperiod)%p.Period], true
	}
	return 0, false
}
