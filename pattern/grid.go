package pattern

import (
	"fmt"
	"math"
	"math/big"
)

// The detectors of two-integer games: g[a][b] = G(a, b), or Unknown for
// an N-position whose value is not known.

// minGrid is the smallest side on which grid patterns are reported;
// maxGridModulus the largest modulus of a grid's residues looked for
// (each costs a pass over the grid).
const (
	minGrid        = 4
	maxGridModulus = 32
)

func gridValuePatterns(g [][]int64, n int) []*Pattern {
	if n < minGrid {
		return nil
	}
	var out []*Pattern
	add := func(p *Pattern) {
		p.Of, p.CheckedUpto = OfValues, n
		out = append(out, p)
	}
	// The value of a sum is the xor of its parts.
	xor := func(a, b int) (int64, bool) { return g[a][0] ^ g[0][b], true }
	if fitsGrid(g, n, OfValues, xor) {
		nim := true
		for a := range n {
			nim = nim && g[a][0] == int64(a) && g[0][a] == int64(a)
		}
		if nim {
			add(&Pattern{Kind: XorOfParts, Rule: "G(a, b) = a xor b: the two heaps are Nim heaps, and the value of a sum is the xor of its parts (Sprague–Grundy)",
				Formula: "G(a, b) = a ⊕ b", grid: func(a, b int) (int64, bool) { return int64(a ^ b), true }})
		} else {
			rowA := make([]int64, n)
			colB := make([]int64, n)
			for i := range n {
				rowA[i], colB[i] = g[i][0], g[0][i]
			}
			add(&Pattern{Kind: XorOfParts, cost: 1,
				Rule:    "G(a, b) = G(a, 0) xor G(0, b): the two heaps play independently, and the value of a sum is the xor of its parts (Sprague–Grundy)",
				Formula: "G(a, b) = G(a, 0) ⊕ G(0, b)",
				Fields:  []Field{{"first", rowA}, {"second", colB}},
				grid: func(a, b int) (int64, bool) {
					if a >= len(rowA) || b >= len(colB) {
						return 0, false // the parts are known only as far as the grid
					}
					return rowA[a] ^ colB[b], true
				}})
		}
	}
	// G(a, b) determined by (a mod m, b mod m).
	if m := gridModulus(g, n, OfValues); m > 0 {
		base := copyGrid(g, m)
		add(&Pattern{Kind: Residue, cost: m * m,
			Rule:    fmt.Sprintf("G(a, b) depends only on a mod %d and b mod %d", m, m),
			Formula: fmt.Sprintf("G(a, b) = G(a mod %d, b mod %d)", m, m),
			Fields:  []Field{{"modulus", m}, {"table", base}},
			grid:    func(a, b int) (int64, bool) { return base[a%m][b%m], true }})
	}
	return out
}

func gridPPatterns(g [][]int64, n int, have []*Pattern) []*Pattern {
	if n < minGrid {
		return nil
	}
	var out []*Pattern
	add := func(p *Pattern) {
		p.Of, p.CheckedUpto = OfP, n
		out = append(out, p)
	}
	haveKind := func(k string) bool {
		for _, p := range have {
			if p.Kind == k {
				return true
			}
		}
		return false
	}
	if !haveKind(XorOfParts) {
		eq := func(a, b int) (int64, bool) { return boolN(a == b), true }
		if fitsGrid(g, n, OfP, eq) {
			add(&Pattern{Kind: XorOfParts, Rule: "(a, b) is a P-position exactly when a = b, that is a xor b = 0 (two Nim heaps)",
				Formula: "P ⇔ a ⊕ b = 0", grid: eq})
		}
	}
	if p := beatty(g, n); p != nil {
		add(p)
	}
	euclid := func(a, b int) (int64, bool) {
		if a == 0 || b == 0 {
			return 0, false
		}
		// Equal piles are won at once (take one from the other).
		return boolN(a != b && belowPhi(max(a, b), min(a, b))), true
	}
	if fitsGrid(g, n, OfP, euclid) {
		add(&Pattern{Kind: Euclid, cost: 0,
			Rule:    "for a, b ≥ 1, (a, b) is a P-position exactly when the piles differ and the larger is less than φ times the smaller (Euclid's game, Cole and Davie)",
			Formula: "P ⇔ min(a, b) < max(a, b) < φ·min(a, b), φ = (1 + √5)/2", grid: euclid})
	}
	if !haveKind(Residue) {
		if m := gridModulus(g, n, OfP); m > 0 {
			var cells [][2]int
			for a := range m {
				for b := range m {
					if g[a][b] == 0 {
						cells = append(cells, [2]int{a, b})
					}
				}
			}
			base := copyGrid(g, m)
			add(&Pattern{Kind: Residue, cost: m * m,
				Rule:    fmt.Sprintf("whether (a, b) is a P-position depends only on a mod %d and b mod %d: P for the residues %v", m, m, cells),
				Formula: fmt.Sprintf("P ⇔ (a mod %d, b mod %d) ∈ R", m, m),
				Fields:  []Field{{"modulus", m}, {"residues", cells}},
				grid:    func(a, b int) (int64, bool) { return boolN(base[a%m][b%m] == 0), true }})
		}
	}
	return out
}

// fitsGrid reports whether f predicts every cell of the n×n grid g.
func fitsGrid(g [][]int64, n int, of string, f func(a, b int) (int64, bool)) bool {
	for a := range n {
		for b := range n {
			if v, ok := f(a, b); ok && !fitsAt(of, v, g[a][b]) {
				return false
			}
		}
	}
	return true
}

// gridModulus is the least m from 2 to maxGridModulus with 3m ≤ n such
// that g (its values, or which cells are P) depends only on (a mod m,
// b mod m), or 0.
func gridModulus(g [][]int64, n int, of string) int {
	for m := 2; 3*m <= n && m <= maxGridModulus; m++ {
		f := func(a, b int) (int64, bool) { return g[a%m][b%m], true }
		if fitsGrid(g, n, of, f) {
			return m
		}
	}
	return 0
}

func copyGrid(g [][]int64, m int) [][]int64 {
	out := make([][]int64, m)
	for a := range m {
		out[a] = append([]int64(nil), g[a][:m]...)
	}
	return out
}

// belowPhi reports whether x < φ·y for x, y ≥ 0, exactly: 2x − y < √5·y.
func belowPhi(x, y int) bool {
	l := 2*int64(x) - int64(y)
	if l < 0 {
		return true
	}
	return l*l < 5*int64(y)*int64(y)
}

// beatty finds P-positions that are the pairs (⌊kα⌋, ⌊kβ⌋), k ≥ 0, and
// their mirror images, with 1/α + 1/β = 1 and β = α + d for a whole d ≥ 1
// (Wythoff's game for d = 1, α the golden ratio; Fraenkel's a-Wythoff
// games for d = a: α = (2 − d + √(d² + 4))/2). The pairs are read off
// the grid (those with a < b, in order of a, the k-th being the pair k);
// d is b − a of the first, and the bounds α ∈ [a_k/k, (a_k+1)/k) of every
// pair are intersected to confirm α before every cell is predicted.
func beatty(g [][]int64, n int) *Pattern {
	if g[0][0] != 0 {
		return nil
	}
	type pair struct{ a, b int64 }
	var ps []pair
	for a := range n {
		for b := a + 1; b < n; b++ {
			if g[a][b] == 0 {
				ps = append(ps, pair{int64(a), int64(b)})
			}
		}
	}
	if len(ps) < 4 {
		return nil
	}
	d := ps[0].b - ps[0].a
	if d < 1 || d > 1<<20 {
		return nil
	}
	// Bounds on α: ⌊kα⌋ = a_k ⇔ a_k/k ≤ α < (a_k+1)/k.
	lo, hi := new(big.Rat), new(big.Rat).SetInt64(math.MaxInt64)
	for i, p := range ps {
		k := int64(i + 1)
		if p.a < int64(i) || p.b-p.a != d*k {
			return nil
		}
		if l := big.NewRat(p.a, k); l.Cmp(lo) > 0 {
			lo = l
		}
		if h := big.NewRat(p.a+1, k); h.Cmp(hi) < 0 {
			hi = h
		}
	}
	alpha := (2 - float64(d) + math.Sqrt(float64(d*d+4))) / 2
	fa := func(k int64) int64 { return floorAlpha(k, d) }
	// α lies in [lo, hi): lo ≤ α ⇔ ⌊kα⌋ ≥ a_k for the k of lo, checked as
	// every cell is below.
	if lo.Cmp(hi) >= 0 {
		return nil
	}
	isP := func(a, b int) bool {
		x, y := int64(min(a, b)), int64(max(a, b))
		if x == y {
			return x == 0
		}
		// k with ⌊kα⌋ = x: ⌊kα⌋ ≥ k, so k ≤ x; ⌊kα⌋ increases in k.
		lo, hi := int64(1), x
		for lo <= hi {
			mid := lo + (hi-lo)/2
			v := fa(mid)
			switch {
			case v == x:
				return y == x+d*mid
			case v < x:
				lo = mid + 1
			default:
				hi = mid - 1
			}
		}
		return false
	}
	f := func(a, b int) (int64, bool) { return boolN(isP(a, b)), true }
	if !fitsGrid(g, n, OfP, f) {
		return nil
	}
	loF, _ := lo.Float64()
	hiF, _ := hi.Float64()
	if alpha < loF-1e-9 || alpha > hiF+1e-9 {
		return nil // cannot happen when every cell fits; a guard
	}
	rule := fmt.Sprintf("the P-positions are (⌊kα⌋, ⌊kβ⌋) and their mirror images, k ≥ 0, with β = α + %d and 1/α + 1/β = 1: α = (%d + √%d)/2 (Fraenkel's %d-Wythoff)", d, 2-d, d*d+4, d)
	formula := fmt.Sprintf("P ⇔ {a, b} = {⌊kα⌋, ⌊kβ⌋}, α = (%d + √%d)/2 ≈ %.9f, β = α + %d", 2-d, d*d+4, alpha, d)
	if d == 1 {
		rule = "the P-positions are (⌊kφ⌋, ⌊kφ²⌋) and their mirror images, k ≥ 0, φ the golden ratio (Wythoff's Beatty pairs: 1/φ + 1/φ² = 1)"
		formula = fmt.Sprintf("P ⇔ {a, b} = {⌊kφ⌋, ⌊kφ²⌋}, φ = (1 + √5)/2 ≈ %.9f", alpha)
	}
	return &Pattern{Kind: Beatty, cost: 1, Rule: rule, Formula: formula,
		Fields: []Field{{"alpha", alpha}, {"beta", alpha + float64(d)}, {"difference", d}}, grid: f}
}

// floorAlpha is ⌊kα⌋ for α = (2 − d + √(d²+4))/2, exactly: with
// r = ⌊√(k²(d²+4))⌋ and c = k(2 − d), ⌊(c + √…)/2⌋ = ⌊(c + r)/2⌋, as
// c + r ≤ c + √… < c + r + 1 and c + r + 1 is the next whole number.
func floorAlpha(k, d int64) int64 {
	if k < 1<<20 && d < 1<<10 {
		// k²(d²+4) < 2^62: whole numbers suffice.
		r := isqrt(k * k * (d*d + 4))
		return floorDiv2(k*(2-d) + r)
	}
	sq := new(big.Int).Mul(big.NewInt(k), big.NewInt(k))
	sq.Mul(sq, big.NewInt(d*d+4))
	r := new(big.Int).Sqrt(sq)
	num := new(big.Int).Add(r, new(big.Int).Mul(big.NewInt(k), big.NewInt(2-d)))
	q, _ := new(big.Int).DivMod(num, big.NewInt(2), new(big.Int)) // Euclidean: the floor for a positive divisor
	return clamp(q)
}

// isqrt is ⌊√x⌋ for 0 ≤ x < 2^62.
func isqrt(x int64) int64 {
	r := int64(math.Sqrt(float64(x)))
	for r*r > x {
		r--
	}
	for (r+1)*(r+1) <= x {
		r++
	}
	return r
}

// floorDiv2 is ⌊x/2⌋.
func floorDiv2(x int64) int64 { return x >> 1 }
