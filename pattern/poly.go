package pattern

import (
	"fmt"
	"math/big"
	"strings"
)

// Polynomials, fitted by exact interpolation: a sequence is a polynomial
// of degree at most d in n exactly when its (d+1)-th differences vanish,
// and then G(n) = Σ_k Δᵏ G(0) · C(n, k) (Newton's forward-difference
// formula), whose coefficients are exact rationals.

// maxDegree is the highest degree looked for; polyBound bounds the
// values whose differences are taken (so that none overflows int64).
const (
	maxDegree = 3
	polyBound = 1 << 40
)

// newton returns the least d in 1..maxDegree with the (d+1)-th
// differences of s all 0 and Δᵈ ≠ 0, and the Newton coefficients Δᵏ s(0),
// k = 0..d; ok is false when there is none, or when s is too short to
// show a polynomial of that degree (2(d+1)+3 values: the fit takes d+1,
// the rest check it).
func newton(s []int64) (coef []int64, ok bool) {
	for _, x := range s {
		if x > polyBound || x < -polyBound {
			return nil, false
		}
	}
	diff := append([]int64(nil), s...)
	var c []int64
	for d := 0; d <= maxDegree && len(diff) > 0; d++ {
		c = append(c, diff[0])
		// diff holds Δᵈ s; next is Δᵈ⁺¹ s.
		next := make([]int64, len(diff)-1)
		zero := true
		for i := range next {
			next[i] = diff[i+1] - diff[i]
			zero = zero && next[i] == 0
		}
		if zero {
			if d == 0 || len(s) < 2*(d+1)+3 {
				return nil, false
			}
			return c, true
		}
		diff = next
	}
	return nil, false
}

// newtonEval is Σ_k coef[k]·C(n, k).
func newtonEval(coef []int64, n int) *big.Int {
	sum, term := new(big.Int), big.NewInt(1) // term = C(n, k)
	for k, c := range coef {
		if k > 0 {
			term.Mul(term, big.NewInt(int64(n-k+1)))
			term.Quo(term, big.NewInt(int64(k)))
		}
		sum.Add(sum, new(big.Int).Mul(term, big.NewInt(c)))
	}
	return sum
}

// monomial returns the coefficients of Σ_k coef[k]·C(n, k) in powers of
// n, lowest first.
func monomial(coef []int64) []*big.Rat {
	out := make([]*big.Rat, len(coef))
	for i := range out {
		out[i] = new(big.Rat)
	}
	basis := []*big.Rat{big.NewRat(1, 1)} // C(n, k) in powers of n
	fact := big.NewInt(1)
	for k, c := range coef {
		if k > 0 {
			// basis ·= (n − (k−1)); divide by k at the end via fact.
			nb := make([]*big.Rat, len(basis)+1)
			for i := range nb {
				nb[i] = new(big.Rat)
			}
			for i, b := range basis {
				nb[i+1].Add(nb[i+1], b)
				nb[i].Sub(nb[i], new(big.Rat).Mul(b, big.NewRat(int64(k-1), 1)))
			}
			basis = nb
			fact.Mul(fact, big.NewInt(int64(k)))
		}
		for i, b := range basis {
			t := new(big.Rat).Mul(b, big.NewRat(c, 1))
			t.Quo(t, new(big.Rat).SetInt(fact))
			out[i].Add(out[i], t)
		}
	}
	return out
}

// formatPoly writes the polynomial with coefficients c (lowest first) in
// the variable v, over a common denominator: "(n² + n)/2".
func formatPoly(c []*big.Rat, v string) string {
	den := big.NewInt(1)
	for _, x := range c {
		g := new(big.Int).GCD(nil, nil, den, x.Denom())
		den.Mul(den, new(big.Int).Quo(x.Denom(), g))
	}
	powers := []string{"", v, v + "²", v + "³"}
	var b strings.Builder
	terms := 0
	for i := len(c) - 1; i >= 0; i-- {
		num := new(big.Rat).Mul(c[i], new(big.Rat).SetInt(den)).Num()
		if num.Sign() == 0 {
			continue
		}
		abs := new(big.Int).Abs(num)
		switch {
		case terms == 0 && num.Sign() < 0:
			b.WriteString("−")
		case terms > 0 && num.Sign() < 0:
			b.WriteString(" − ")
		case terms > 0:
			b.WriteString(" + ")
		}
		if abs.Cmp(big.NewInt(1)) != 0 || i == 0 {
			b.WriteString(abs.String())
		}
		b.WriteString(powers[i])
		terms++
	}
	if terms == 0 {
		b.WriteString("0")
	}
	if den.Cmp(big.NewInt(1)) == 0 {
		return b.String()
	}
	if terms == 1 {
		return b.String() + "/" + den.String()
	}
	return "(" + b.String() + ")/" + den.String()
}

func polynomialValues(s []int64) *Pattern {
	coef, ok := newton(s)
	if !ok {
		return nil
	}
	d := len(coef) - 1
	formula := formatPoly(monomial(coef), "n")
	return &Pattern{Kind: Polynomial, cost: d + 1,
		Rule:    fmt.Sprintf("G(n) is a polynomial of degree %d in n", d),
		Formula: "G(n) = " + formula,
		Fields:  []Field{{"degree", d}, {"polynomial", formula}},
		seq:     func(n int) int64 { return clamp(newtonEval(coef, n)) },
	}
}

// polynomialP is the pattern "the k-th P-position is p(k)" for a
// polynomial p, fitted on the P-positions ps below n: p must increase
// (every Newton coefficient past the first non-negative, the first
// difference positive), and p(len(ps)) ≥ n, so that no predicted
// P-position below n is missing.
func polynomialP(ps []int64, n int) *Pattern {
	coef, ok := newton(ps)
	if !ok || coef[1] <= 0 {
		return nil
	}
	for _, c := range coef[2:] {
		if c < 0 {
			return nil
		}
	}
	if newtonEval(coef, len(ps)).Cmp(big.NewInt(int64(n))) < 0 {
		return nil
	}
	d := len(coef) - 1
	formula := formatPoly(monomial(coef), "k")
	isP := func(m int) bool {
		// p is increasing with p(k) ≥ k: binary search k in [0, m].
		lo, hi := 0, m
		for lo <= hi {
			mid := lo + (hi-lo)/2
			switch newtonEval(coef, mid).Cmp(big.NewInt(int64(m))) {
			case 0:
				return true
			case -1:
				lo = mid + 1
			default:
				hi = mid - 1
			}
		}
		return false
	}
	return &Pattern{Kind: Polynomial, cost: d + 1,
		Rule:    fmt.Sprintf("the P-positions are the values of a polynomial of degree %d: %s for k = 0, 1, 2, …", d, formula),
		Formula: "P ⇔ n = " + formula + " for some k ≥ 0",
		Fields:  []Field{{"degree", d}, {"polynomial", formula}},
		seq:     func(m int) int64 { return boolN(isP(m)) },
	}
}

// clamp is x as an int64, saturated.
func clamp(x *big.Int) int64 {
	if x.IsInt64() {
		return x.Int64()
	}
	if x.Sign() < 0 {
		return -1 << 63
	}
	return 1<<63 - 1
}
