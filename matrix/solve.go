package matrix

import (
	"context"
	"fmt"
	"math"
	"math/big"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize/convex/lp"
)

// Solution is the value of a matrix game and an optimal mixed strategy for
// each player.
type Solution struct {
	// Verified is set when Value, Row and Col are exact and proven to be an
	// equilibrium: Row·A ≥ Value ≥ A·Col componentwise, in exact arithmetic.
	Verified bool
	// Value is the game's value for the row player: exact when Verified,
	// otherwise the midpoint of [Lower, Upper].
	Value *big.Rat
	// Lower ≤ value ≤ Upper is proven in exact arithmetic; Lower == Upper
	// when Verified.
	Lower, Upper *big.Rat
	// Row and Col are the strategies: probabilities summing to 1. When not
	// Verified they are the simplex's floating-point strategies, normalised.
	Row, Col []*big.Rat
}

// Float returns x as a float64.
func Float(x *big.Rat) float64 {
	f, _ := x.Float64()
	return f
}

// Floats returns xs as float64s.
func Floats(xs []*big.Rat) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = Float(x)
	}
	return out
}

// simplexTol is the reduced-cost tolerance handed to gonum's simplex.
const simplexTol = 1e-10

// Solve solves the matrix game. Cancelling the context makes it return at
// once with the context's error.
func Solve(ctx context.Context, m *Matrix) (*Solution, error) {
	if m == nil || m.Rows() == 0 || m.Cols() == 0 {
		return nil, fmt.Errorf("the matrix is empty")
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	rows, cols := m.Rows(), m.Cols()
	// Shift so that every entry is at least 1: the value becomes positive
	// and both LPs are feasible and bounded.
	lo := math.Inf(1)
	af := make([][]float64, rows)
	for i, r := range m.Entries {
		af[i] = make([]float64, cols)
		for j, x := range r {
			f := Float(x)
			if math.IsInf(f, 0) || math.IsNaN(f) {
				return nil, fmt.Errorf("row %d, column %d: %s is too large for the simplex", i+1, j+1, x.RatString())
			}
			af[i][j] = f
			lo = min(lo, f)
		}
	}
	shift := 1 - lo
	// Column player: max Σw  s.t.  B w ≤ 1, w ≥ 0 (B = A + shift ≥ 1); then
	// y = w/Σw. The row player's strategy is the column player's in the
	// game −Aᵀ, whose shifted matrix is shift' − Aᵀ with shift' = 1 + max A.
	hi := math.Inf(-1)
	for _, r := range af {
		for _, f := range r {
			hi = max(hi, f)
		}
	}
	// The column player's problem first; its solution tells, by
	// complementary slackness, which basis of the row player's problem is
	// optimal (the rows that are best replies to y, and the slacks of the
	// columns y does not use), so that the second simplex starts at the
	// end. If that start is not feasible after all (a degenerate game), the
	// second problem is solved from scratch.
	colLP := func(basis []int) ([]float64, error) {
		return columnLP(rows, cols, func(i, j int) float64 { return af[i][j] + shift }, basis)
	}
	rowLP := func(basis []int) ([]float64, error) {
		return columnLP(cols, rows, func(j, i int) float64 { return 1 + hi - af[i][j] }, basis)
	}
	w, err := interruptible(ctx, func() ([]float64, error) { return colLP(nil) })
	if err != nil {
		return nil, fmt.Errorf("the simplex failed on the column player's problem: %v", err)
	}
	y := normalise(w)
	u, err := interruptible(ctx, func() ([]float64, error) {
		if basis := rowBasis(af, y); basis != nil {
			if u, err := rowLP(basis); err == nil {
				return u, nil
			}
		}
		return rowLP(nil)
	})
	if err != nil {
		return nil, fmt.Errorf("the simplex failed on the row player's problem: %v", err)
	}
	return settle(m, af, normalise(u), y), nil
}

// interruptible runs f, returning early with the context's error if it is
// cancelled first (the simplex itself cannot be interrupted; f then
// finishes on its own).
func interruptible(ctx context.Context, f func() ([]float64, error)) ([]float64, error) {
	type result struct {
		v   []float64
		err error
	}
	ch := make(chan result, 1)
	go func() {
		v, err := f()
		ch <- result{v, err}
	}()
	select {
	case r := <-ch:
		return r.v, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// rowBasis guesses the optimal basis of the row player's problem from the
// column player's optimal strategy y: the variables of the rows that earn
// the most against y, and the slacks of the columns y does not use. It
// returns nil when the counts do not make a basis.
func rowBasis(af [][]float64, y []float64) []int {
	rows, cols := len(af), len(af[0])
	scale := 1.0
	ay := make([]float64, rows)
	for i := range af {
		for j, f := range af[i] {
			ay[i] += f * y[j]
			scale = max(scale, math.Abs(f))
		}
	}
	best := math.Inf(-1)
	for _, v := range ay {
		best = max(best, v)
	}
	var basis []int
	for i, v := range ay {
		if best-v <= 1e-9*scale {
			basis = append(basis, i)
		}
	}
	tight := len(basis)
	used := 0
	for j, p := range y {
		if p > 1e-9 {
			used++
		} else {
			basis = append(basis, rows+j)
		}
	}
	if tight != used || len(basis) != cols {
		return nil
	}
	return basis
}

// columnLP solves max Σw subject to Bw ≤ 1, w ≥ 0 for the rows×cols
// matrix b(i, j) > 0, in gonum's standard form: min −Σw subject to
// Bw + t = 1, (w, t) ≥ 0, from the given initial basis (indices of w, then
// of t), or from gonum's own phase 1 when basis is nil. (The slack basis
// t = 1 is feasible, but phase 1 finds a start from which fewer pivots
// follow, in our measurements.)
func columnLP(rows, cols int, b func(i, j int) float64, basis []int) (w []float64, err error) {
	defer func() {
		if r := recover(); r != nil { // gonum panics on some numerical failures
			w, err = nil, fmt.Errorf("%v", r)
		}
	}()
	c := make([]float64, cols+rows)
	for j := 0; j < cols; j++ {
		c[j] = -1
	}
	A := mat.NewDense(rows, cols+rows, nil)
	rhs := make([]float64, rows)
	for i := 0; i < rows; i++ {
		for j := 0; j < cols; j++ {
			A.Set(i, j, b(i, j))
		}
		A.Set(i, cols+i, 1)
		rhs[i] = 1
	}
	_, w, err = lp.Simplex(c, A, rhs, simplexTol, basis)
	if err != nil {
		return nil, err
	}
	return w[:cols], nil
}

// normalise makes a float vector a probability vector of floats.
func normalise(v []float64) []float64 {
	out := make([]float64, len(v))
	var sum float64
	for i, f := range v {
		if f > 0 {
			out[i] = f
			sum += f
		}
	}
	if sum == 0 {
		for i := range out {
			out[i] = 1 / float64(len(out))
		}
		return out
	}
	for i := range out {
		out[i] /= sum
	}
	return out
}

// settle turns floating-point strategies into an exact, verified solution
// when it can, else into a proven bracket.
//
// A basic optimal solution of the simplex is a vertex: it is pinned down by
// the constraints tight there — the columns that pay exactly the value
// against x (which include the support of y), and x_i = 0 off x's support.
// So the candidate solves those equations; the opponent's support alone is
// tried too, and a few tolerances for what counts as tight.
func settle(m *Matrix, af [][]float64, xf, yf []float64) *Solution {
	A := integerMatrix(m)
	rows, cols := len(af), len(af[0])
	scale := 1.0
	xa := make([]float64, cols) // xᵀA
	ay := make([]float64, rows) // Ay
	for i := 0; i < rows; i++ {
		for j := 0; j < cols; j++ {
			scale = max(scale, math.Abs(af[i][j]))
			xa[j] += xf[i] * af[i][j]
			ay[i] += af[i][j] * yf[j]
		}
	}
	lof, hif := math.Inf(1), math.Inf(-1)
	for _, v := range xa {
		lof = min(lof, v)
	}
	for _, v := range ay {
		hif = max(hif, v)
	}
	for _, tol := range []float64{1e-9, 1e-7, 1e-5, 1e-3} {
		S, T := support(xf, tol), support(yf, tol)
		var tightCols, tightRows []int
		for j, v := range xa {
			if v-lof <= tol*scale {
				tightCols = append(tightCols, j)
			}
		}
		for i, v := range ay {
			if hif-v <= tol*scale {
				tightRows = append(tightRows, i)
			}
		}
		for _, eqs := range [][2][]int{{tightCols, tightRows}, {T, S}} {
			x, ok1 := equalise(A.a, S, eqs[0], false)
			y, ok2 := equalise(A.a, T, eqs[1], true)
			if !ok1 || !ok2 {
				continue
			}
			lo, hi := bracket(A, x, y)
			if lo.Cmp(hi) == 0 {
				return &Solution{Verified: true, Value: lo, Lower: lo, Upper: hi, Row: x, Col: y}
			}
		}
	}
	x, y := exactOf(xf), exactOf(yf)
	lo, hi := bracket(A, x, y)
	mid := new(big.Rat).Add(lo, hi)
	mid.Quo(mid, big.NewRat(2, 1))
	return &Solution{Value: mid, Lower: lo, Upper: hi, Row: x, Col: y}
}

func support(v []float64, tol float64) []int {
	var s []int
	for i, f := range v {
		if f > tol {
			s = append(s, i)
		}
	}
	return s
}

// exactOf converts a float probability vector to rationals summing to 1.
func exactOf(v []float64) []*big.Rat {
	out := make([]*big.Rat, len(v))
	sum := new(big.Rat)
	for i, f := range v {
		out[i] = new(big.Rat)
		if f > 0 {
			out[i].SetFloat64(f)
		}
		sum.Add(sum, out[i])
	}
	for _, x := range out {
		x.Quo(x, sum)
	}
	return out
}

// bracket returns min_j (xᵀA)_j and max_i (Ay)_i: for probability vectors
// x and y, the value lies between them (x guarantees the first, y
// concedes at most the second). Computed exactly, over a common
// denominator so the inner loops multiply integers.
func bracket(A intMatrix, x, y []*big.Rat) (lo, hi *big.Rat) {
	xi, xd := commonDenominator(x)
	yi, yd := commonDenominator(y)
	rows, cols := len(A.a), len(A.a[0])
	t := new(big.Int)
	var loI, hiI *big.Int
	for j := 0; j < cols; j++ {
		s := new(big.Int)
		for i := 0; i < rows; i++ {
			if xi[i].Sign() != 0 {
				s.Add(s, t.Mul(A.a[i][j], xi[i]))
			}
		}
		if loI == nil || s.Cmp(loI) < 0 {
			loI = s
		}
	}
	for i := 0; i < rows; i++ {
		s := new(big.Int)
		for j := 0; j < cols; j++ {
			if yi[j].Sign() != 0 {
				s.Add(s, t.Mul(A.a[i][j], yi[j]))
			}
		}
		if hiI == nil || s.Cmp(hiI) > 0 {
			hiI = s
		}
	}
	lo = new(big.Rat).SetFrac(loI, new(big.Int).Mul(xd, A.scale))
	hi = new(big.Rat).SetFrac(hiI, new(big.Int).Mul(yd, A.scale))
	return lo, hi
}

// intMatrix is A·scale with integer entries.
type intMatrix struct {
	a     [][]*big.Int
	scale *big.Int
}

func integerMatrix(m *Matrix) intMatrix {
	scale := big.NewInt(1)
	g := new(big.Int)
	for _, r := range m.Entries {
		for _, x := range r {
			d := x.Denom()
			if d.Cmp(scale) != 0 && !(d.BitLen() == 1) {
				// scale = lcm(scale, d)
				g.GCD(nil, nil, scale, d)
				scale = new(big.Int).Mul(scale, new(big.Int).Quo(d, g))
			}
		}
	}
	a := make([][]*big.Int, len(m.Entries))
	for i, r := range m.Entries {
		a[i] = make([]*big.Int, len(r))
		for j, x := range r {
			v := new(big.Int).Mul(x.Num(), scale)
			a[i][j] = v.Quo(v, x.Denom())
		}
	}
	return intMatrix{a: a, scale: scale}
}

// commonDenominator writes v as ints/d with d > 0.
func commonDenominator(v []*big.Rat) ([]*big.Int, *big.Int) {
	d := big.NewInt(1)
	g := new(big.Int)
	for _, x := range v {
		g.GCD(nil, nil, d, x.Denom())
		d = new(big.Int).Mul(d, new(big.Int).Quo(x.Denom(), g))
	}
	out := make([]*big.Int, len(v))
	for i, x := range v {
		n := new(big.Int).Mul(x.Num(), d)
		out[i] = n.Quo(n, x.Denom())
	}
	return out, d
}

// equalise solves, for the player whose strategy lives on support S, the
// equations that the opponent's support T makes tight: Σ_{i∈S} a(i,j) z_i
// = v for every j ∈ T and Σ z_i = 1 (a(i,j) is A[i][j], or A[j][i] when
// transposed). Free unknowns are set to 0. It returns the full strategy,
// or false if the equations are inconsistent or a probability is negative.
func equalise(A [][]*big.Int, S, T []int, transposed bool) ([]*big.Rat, bool) {
	if len(S) == 0 || len(T) == 0 {
		return nil, false
	}
	k := len(S)
	// unknowns: z_S (k of them), then v; equations: one per j in T, then Σz = 1.
	M := make([][]*big.Int, len(T)+1)
	for r, j := range T {
		row := make([]*big.Int, k+2)
		for c, i := range S {
			if transposed {
				row[c] = new(big.Int).Set(A[j][i])
			} else {
				row[c] = new(big.Int).Set(A[i][j])
			}
		}
		row[k] = big.NewInt(-1)
		row[k+1] = new(big.Int)
		M[r] = row
	}
	last := make([]*big.Int, k+2)
	for c := 0; c < k; c++ {
		last[c] = big.NewInt(1)
	}
	last[k] = new(big.Int)
	last[k+1] = big.NewInt(1)
	M[len(T)] = last
	sol, ok := solveBareiss(M, k+1)
	if !ok {
		return nil, false
	}
	n := len(A)
	if transposed {
		n = len(A[0])
	}
	z := make([]*big.Rat, n)
	for i := range z {
		z[i] = new(big.Rat)
	}
	for c, i := range S {
		if sol[c].Sign() < 0 {
			return nil, false
		}
		z[i] = sol[c]
	}
	return z, true
}

// solveBareiss solves the linear system M (rows of n coefficients and a
// right-hand side) by fraction-free Gaussian elimination (Bareiss 1968),
// setting free unknowns to 0. It returns false if the system is
// inconsistent.
func solveBareiss(M [][]*big.Int, n int) ([]*big.Rat, bool) {
	rows := len(M)
	prev := big.NewInt(1)
	var pivCols []int
	r := 0
	t1, t2 := new(big.Int), new(big.Int)
	for c := 0; c < n && r < rows; c++ {
		p := -1
		for i := r; i < rows; i++ {
			if M[i][c].Sign() != 0 {
				p = i
				break
			}
		}
		if p < 0 {
			continue
		}
		M[r], M[p] = M[p], M[r]
		piv := M[r][c]
		for i := r + 1; i < rows; i++ {
			f := M[i][c]
			for j := c + 1; j <= n; j++ {
				t1.Mul(piv, M[i][j])
				t2.Mul(f, M[r][j])
				t1.Sub(t1, t2)
				M[i][j].Quo(t1, prev)
			}
			M[i][c] = new(big.Int)
		}
		prev = piv
		pivCols = append(pivCols, c)
		r++
	}
	for i := r; i < rows; i++ {
		if M[i][n].Sign() != 0 {
			return nil, false
		}
	}
	x := make([]*big.Rat, n)
	for i := range x {
		x[i] = new(big.Rat)
	}
	for i := r - 1; i >= 0; i-- {
		c := pivCols[i]
		s := new(big.Rat).SetInt(M[i][n])
		for _, j := range pivCols[i+1:] {
			if x[j].Sign() != 0 {
				s.Sub(s, new(big.Rat).Mul(new(big.Rat).SetInt(M[i][j]), x[j]))
			}
		}
		x[c] = s.Quo(s, new(big.Rat).SetInt(M[i][c]))
	}
	return x, true
}
