package pattern

import (
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/grundy-go/grundy/heap"
)

// The detectors of one-integer games: s[n] = G(n) (valuePatterns), and
// which n are P-positions (pPatterns).

// minZeroCost is the fewest values a rule without parameters must fit
// to be reported: on fewer, G(n) = n and the like fit by chance.
const minZeroCost = 8

func valuePatterns(s []int64, opts Options) []*Pattern {
	n := len(s)
	var out []*Pattern
	add := func(p *Pattern) {
		p.Of, p.CheckedUpto = OfValues, n
		out = append(out, p)
	}
	if p := periodicValues(s, opts); p != nil {
		add(p)
	}
	if n >= minZeroCost {
		for _, c := range binaryRules(s[0]) {
			if fitsAll(s, c.f) {
				add(&Pattern{Kind: Binary, Rule: c.rule, Formula: c.formula, cost: c.cost, seq: c.f})
			}
		}
		if fitsAll(s, smallestZeckendorf) {
			add(&Pattern{Kind: Zeckendorf, Rule: "G(n) is the smallest term of n's Zeckendorf representation (n as a sum of non-consecutive Fibonacci numbers), G(0) = 0",
				Formula: "G(n) = min Zeckendorf term of n", seq: smallestZeckendorf})
		}
	}
	// G(n) = n mod m, m the first n > 0 with G(n) = 0.
	for m := 2; m < n && 3*m <= n; m++ {
		if s[m] != 0 {
			continue
		}
		f := func(k int) int64 { return int64(k % m) }
		if fitsAll(s, f) {
			add(&Pattern{Kind: Residue, Rule: fmt.Sprintf("G(n) is the remainder of n divided by %d", m),
				Formula: fmt.Sprintf("G(n) = n mod %d", m), cost: 1, seq: f, perP: m,
				Fields: []Field{{"modulus", m}}})
		}
		break
	}
	if p := polynomialValues(s); p != nil {
		add(p)
	}
	return out
}

// fitsAll reports whether f(n) = s[n] for every n.
func fitsAll(s []int64, f func(int) int64) bool {
	for i, x := range s {
		if f(i) != x {
			return false
		}
	}
	return true
}

// periodicValues is the period (or arithmetic period) heap.FindPeriod
// finds in the values, the code `grundy seq` uses, proven by its
// theorems when opts.Rule is the game's heap rule.
func periodicValues(s []int64, opts Options) *Pattern {
	u := make([]uint32, len(s))
	for i, x := range s {
		if x < 0 || x > math.MaxUint32 {
			return nil
		}
		u[i] = uint32(x)
	}
	if len(u) == 0 {
		return nil
	}
	per := heap.FindPeriod(heap.FromSlice(u), opts.Rule)
	var a, p int
	var saltus int64
	switch {
	case per.Found:
		a, p = per.Preperiod, per.Period
	case per.Arith:
		a, p, saltus = per.ArithPreperiod, per.ArithPeriod, int64(per.Saltus)
	default:
		return nil
	}
	prefix := append([]int64(nil), s[:a+p]...)
	f := func(k int) int64 {
		if k < a+p {
			return prefix[k]
		}
		q, r := (k-a)/p, (k-a)%p
		return prefix[a+r] + int64(q)*saltus
	}
	pat := &Pattern{Kind: Periodic, cost: a + p, seq: f,
		Fields: []Field{{"preperiod", a}, {"period", p}, {"saltus", saltus}, {"period_values", prefix[a:]}}}
	from := ""
	if a > 0 {
		from = fmt.Sprintf(" for n ≥ %d", a)
	}
	if saltus == 0 {
		pat.perA, pat.perP = a, p
		pat.Rule = fmt.Sprintf("the values repeat with period %d%s (preperiod %d): %s", p, from, a, list(prefix[a:], 24))
		pat.Formula = fmt.Sprintf("G(n + %d) = G(n)%s", p, from)
	} else {
		pat.cost++
		pat.Rule = fmt.Sprintf("arithmetic-periodic: every %d steps the values grow by %d%s (preperiod %d): %s, then +%d", p, saltus, from, a, list(prefix[a:], 24), saltus)
		pat.Formula = fmt.Sprintf("G(n + %d) = G(n) + %d%s", p, saltus, from)
	}
	if per.Proven && saltus == 0 {
		pat.Proven, pat.Theorem = true, per.Theorem
	}
	return pat
}

type binaryRule struct {
	rule, formula string
	cost          int
	f             func(int) int64
}

// parity is popcount(n) mod 2.
func parity(n int) int64 { return int64(bits.OnesCount64(uint64(n)) & 1) }

// binaryRules are the rules of binary digits, c being G(0).
func binaryRules(c int64) []binaryRule {
	rs := []binaryRule{
		{"G(n) = n: each position is worth a Nim heap of its size", "G(n) = n", 0, func(n int) int64 { return int64(n) }},
		{"G(n) is the n-th odious number (an odd number of 1s in binary: 1, 2, 4, 7, 8, 11, …), as for Mock Turtles (Winning Ways ch. 14)",
			"G(n) = 2n + 1 − (popcount(n) mod 2)", 0, func(n int) int64 { return 2*int64(n) + 1 - parity(n) }},
		{"G(n) is the n-th evil number (an even number of 1s in binary: 0, 3, 5, 6, 9, 10, …)",
			"G(n) = 2n + (popcount(n) mod 2)", 0, func(n int) int64 { return 2*int64(n) + parity(n) }},
		{"G(n) is the number of 1s in n's binary digits", "G(n) = popcount(n)", 0, func(n int) int64 { return int64(bits.OnesCount64(uint64(n))) }},
		{"G(n) is the parity of the number of 1s in n's binary digits (Thue–Morse)", "G(n) = popcount(n) mod 2", 0, parity},
		{"G(n) is the number of trailing 1s of n in binary, the 2-adic valuation of n+1 (the ruler sequence)", "G(n) = v₂(n + 1)", 0,
			func(n int) int64 { return int64(bits.TrailingZeros64(uint64(n) + 1)) }},
		{"G(n) is the lowest set bit of n+1", "G(n) = (n + 1) & −(n + 1)", 0,
			func(n int) int64 { m := uint64(n) + 1; return int64(m & -m) }},
	}
	if c > 0 {
		rs = append(rs, binaryRule{fmt.Sprintf("G(n) is n with the binary digits of %d flipped", c), fmt.Sprintf("G(n) = n xor %d", c), 1,
			func(n int) int64 { return int64(n) ^ c }})
	}
	return rs
}

// fibs are the Fibonacci numbers 1, 2, 3, 5, 8, … below 2^62.
var fibs = func() []int64 {
	f := []int64{1, 2}
	for f[len(f)-1] < 1<<61 {
		f = append(f, f[len(f)-1]+f[len(f)-2])
	}
	return f
}()

// smallestZeckendorf is the smallest term of n's Zeckendorf
// representation (0 for n = 0): the greedy representation takes the
// largest Fibonacci number each time, and the last one taken is the
// smallest.
func smallestZeckendorf(n int) int64 {
	r, last := int64(n), int64(0)
	for i := len(fibs) - 1; i >= 0 && r > 0; i-- {
		if fibs[i] <= r {
			r -= fibs[i]
			last = fibs[i]
		}
	}
	return last
}

// isFib reports whether n is 0 or a Fibonacci number.
func isFib(n int) bool {
	if n == 0 {
		return true
	}
	for _, f := range fibs {
		if f == int64(n) {
			return true
		}
		if f > int64(n) {
			return false
		}
	}
	return false
}

// pPatterns are the patterns of which n are P-positions (s[n] = 0).
// Periodic outcomes are left out when a periodic pattern of the values
// (in have) implies them, except as residues, which say which residues
// are P in words.
func pPatterns(s []int64, have []*Pattern) []*Pattern {
	n := len(s)
	var out []*Pattern
	add := func(p *Pattern) {
		p.Of, p.CheckedUpto = OfP, n
		out = append(out, p)
	}
	if n == 0 {
		return nil
	}
	isP := func(i int) bool { return s[i] == 0 }
	u := make([]uint32, n)
	for i := range n {
		if !isP(i) {
			u[i] = 1
		}
	}
	var valuePeriod *Pattern
	for _, p := range have {
		if p.perP > 0 && (valuePeriod == nil || p.Proven && !valuePeriod.Proven) {
			valuePeriod = p
		}
	}
	per := heap.FindPeriod(heap.FromSlice(u), nil)
	if per.Found {
		a, p := per.Preperiod, per.Period
		prefix := append([]uint32(nil), u[:a+p]...)
		f := func(k int) int64 {
			if k >= a+p {
				k = a + (k-a)%p
			}
			return int64(prefix[k])
		}
		var res, below []int64
		for r := range p {
			if prefix[a+r] == 0 {
				res = append(res, int64((a+r)%p))
			}
		}
		for k := range a {
			if prefix[k] == 0 {
				below = append(below, int64(k))
			}
		}
		slices.Sort(res)
		pat := &Pattern{seq: f, perA: a, perP: p, cost: 1 + len(res) + len(below)}
		if a == 0 {
			pat.Kind = Residue
			pat.Fields = []Field{{"modulus", p}, {"residues", nonNil(res)}}
			pat.Rule = fmt.Sprintf("n is a P-position exactly when n mod %d is one of %s", p, braces(res))
			pat.Formula = fmt.Sprintf("P ⇔ n mod %d ∈ %s", p, braces(res))
			if len(res) == 0 {
				pat.Rule = "no n is a P-position"
				pat.Formula = "P ⇔ false"
			}
		} else if len(res) == 0 && len(have) == 0 {
			// Finitely many P-positions: the values' patterns, when
			// there are any, say so already.
			pat.Kind = Periodic
			pat.Fields = []Field{{"preperiod", a}, {"period", p}, {"saltus", 0}, {"residues", nonNil(res)}, {"p_below_preperiod", nonNil(below)}}
			pat.Rule = fmt.Sprintf("the only P-positions are %s", braces(below))
			pat.Formula = fmt.Sprintf("P ⇔ n ∈ %s", braces(below))
		} else if valuePeriod == nil && len(res) > 0 {
			pat.Kind = Periodic
			pat.Fields = []Field{{"preperiod", a}, {"period", p}, {"saltus", 0}, {"residues", nonNil(res)}, {"p_below_preperiod", nonNil(below)}}
			pat.Rule = fmt.Sprintf("for n ≥ %d, n is a P-position exactly when n mod %d is one of %s; below %d the P-positions are %s", a, p, braces(res), a, braces(below))
			pat.Formula = fmt.Sprintf("P ⇔ n mod %d ∈ %s for n ≥ %d", p, braces(res), a)
		}
		if pat.Kind != "" && (valuePeriod == nil || a == 0) {
			if valuePeriod != nil && valuePeriod.Proven && periodicAgreement(pat, valuePeriod.perA, valuePeriod.perP, n) {
				pat.Proven, pat.Theorem = true, valuePeriod.Theorem
			}
			add(pat)
		}
	}
	var ps []int64
	for i := range n {
		if isP(i) {
			ps = append(ps, int64(i))
		}
	}
	if n >= 14 && fitsAllP(s, isFib) {
		add(&Pattern{Kind: Zeckendorf, Rule: "n is a P-position exactly when n is a Fibonacci number (0, 1, 2, 3, 5, 8, 13, …), as in Fibonacci Nim (Whinihan)",
			Formula: "P ⇔ n ∈ {0} ∪ {Fₖ}", seq: func(k int) int64 { return boolN(isFib(k)) }})
	}
	if n >= minZeroCost {
		for _, c := range []struct {
			rule, formula string
			f             func(int) bool
		}{
			{"n is a P-position exactly when it has an even number of 1s in binary (evil)", "P ⇔ popcount(n) even", func(k int) bool { return parity(k) == 0 }},
			{"n is a P-position exactly when it has an odd number of 1s in binary (odious)", "P ⇔ popcount(n) odd", func(k int) bool { return parity(k) == 1 }},
			{"n is a P-position exactly when n+1 is a power of 2 (n is 0, 1, 3, 7, 15, …)", "P ⇔ n + 1 = 2ᵏ", func(k int) bool { m := uint64(k) + 1; return m&(m-1) == 0 }},
			{"n is a P-position exactly when n is a power of 2 (1, 2, 4, 8, …)", "P ⇔ n = 2ᵏ", func(k int) bool { return k > 0 && k&(k-1) == 0 }},
		} {
			if fitsAllP(s, c.f) {
				add(&Pattern{Kind: Binary, Rule: c.rule, Formula: c.formula, seq: func(k int) int64 { return boolN(c.f(k)) }})
			}
		}
	}
	if p := polynomialP(ps, n); p != nil {
		add(p)
	}
	return out
}

// boolN is 0 (P) when p, else 1 (N).
func boolN(p bool) int64 {
	if p {
		return 0
	}
	return 1
}

func fitsAllP(s []int64, f func(int) bool) bool {
	for i, x := range s {
		if (x == 0) != f(i) {
			return false
		}
	}
	return true
}

func nonNil(xs []int64) []int64 {
	if xs == nil {
		return []int64{}
	}
	return xs
}

func braces(xs []int64) string { return "{" + list(xs, 40) + "}" }
