package matrix

import (
	"bufio"
	"context"
	"math/big"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// checkEquilibrium verifies, independently of the package, that sol is an
// exact equilibrium of m: probability vectors, and x guarantees v against
// every column while y concedes at most v against every row.
func checkEquilibrium(t *testing.T, m *Matrix, sol *Solution) {
	t.Helper()
	if !sol.Verified {
		t.Fatalf("solution not verified: bracket [%s, %s]", sol.Lower.RatString(), sol.Upper.RatString())
	}
	sum := func(v []*big.Rat) *big.Rat {
		s := new(big.Rat)
		for _, x := range v {
			if x.Sign() < 0 {
				t.Fatalf("negative probability %s", x.RatString())
			}
			s.Add(s, x)
		}
		return s
	}
	if sum(sol.Row).Cmp(big.NewRat(1, 1)) != 0 || sum(sol.Col).Cmp(big.NewRat(1, 1)) != 0 {
		t.Fatalf("strategies do not sum to 1")
	}
	for j := 0; j < m.Cols(); j++ {
		s := new(big.Rat)
		for i := 0; i < m.Rows(); i++ {
			s.Add(s, new(big.Rat).Mul(sol.Row[i], m.Entries[i][j]))
		}
		if s.Cmp(sol.Value) < 0 {
			t.Fatalf("row strategy pays %s < value %s against column %d", s.RatString(), sol.Value.RatString(), j+1)
		}
	}
	for i := 0; i < m.Rows(); i++ {
		s := new(big.Rat)
		for j := 0; j < m.Cols(); j++ {
			s.Add(s, new(big.Rat).Mul(sol.Col[j], m.Entries[i][j]))
		}
		if s.Cmp(sol.Value) > 0 {
			t.Fatalf("column strategy concedes %s > value %s to row %d", s.RatString(), sol.Value.RatString(), i+1)
		}
	}
}

func TestKnownGames(t *testing.T) {
	f, err := os.Open("testdata/known.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type tc struct {
		name, value string
		rows        []string
	}
	var cases []*tc
	sc := bufio.NewScanner(f)
	var cur *tc
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "game "):
			fs := strings.Fields(line)
			cur = &tc{name: fs[1], value: fs[2]}
			cases = append(cases, cur)
		case strings.TrimSpace(line) == "":
			cur = nil
		default:
			cur.rows = append(cur.rows, line)
		}
	}
	if len(cases) < 5 {
		t.Fatalf("only %d cases read", len(cases))
	}
	for _, c := range cases {
		m, err := Parse(strings.NewReader(strings.Join(c.rows, "\n")))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		sol, err := Solve(context.Background(), m)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		checkEquilibrium(t, m, sol)
		want, _ := new(big.Rat).SetString(c.value)
		if sol.Value.Cmp(want) != 0 {
			t.Errorf("%s: value %s, want %s", c.name, sol.Value.RatString(), c.value)
		}
	}
}

func TestRockPaperScissorsStrategies(t *testing.T) {
	m, _ := FromInts([][]int64{{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}})
	sol, err := Solve(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	third := big.NewRat(1, 3)
	for i := 0; i < 3; i++ {
		if sol.Row[i].Cmp(third) != 0 || sol.Col[i].Cmp(third) != 0 {
			t.Fatalf("strategies %v %v, want uniform", sol.Row, sol.Col)
		}
	}
}

// value2x2 is the textbook formula: a saddle point if there is one, else
// (ad − bc)/(a + d − b − c).
func value2x2(a, b, c, d int64) *big.Rat {
	maxmin := max(min(a, b), min(c, d))
	minmax := min(max(a, c), max(b, d))
	if maxmin == minmax {
		return big.NewRat(maxmin, 1)
	}
	return big.NewRat(a*d-b*c, a+d-b-c)
}

func TestTwoByTwoFormula(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	for trial := 0; trial < 2000; trial++ {
		e := make([]int64, 4)
		for i := range e {
			e[i] = r.Int64N(21) - 10
		}
		m, _ := FromInts([][]int64{{e[0], e[1]}, {e[2], e[3]}})
		sol, err := Solve(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		checkEquilibrium(t, m, sol)
		if want := value2x2(e[0], e[1], e[2], e[3]); sol.Value.Cmp(want) != 0 {
			t.Fatalf("%v: value %s, want %s", e, sol.Value.RatString(), want.RatString())
		}
	}
}

// gaussRat solves a square system exactly, or reports it singular.
func gaussRat(a [][]*big.Rat, b []*big.Rat) ([]*big.Rat, bool) {
	n := len(b)
	M := make([][]*big.Rat, n)
	for i := range M {
		M[i] = make([]*big.Rat, n+1)
		for j := 0; j < n; j++ {
			M[i][j] = new(big.Rat).Set(a[i][j])
		}
		M[i][n] = new(big.Rat).Set(b[i])
	}
	for c := 0; c < n; c++ {
		p := -1
		for i := c; i < n; i++ {
			if M[i][c].Sign() != 0 {
				p = i
				break
			}
		}
		if p < 0 {
			return nil, false
		}
		M[c], M[p] = M[p], M[c]
		for i := 0; i < n; i++ {
			if i == c || M[i][c].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Quo(M[i][c], M[c][c])
			for j := c; j <= n; j++ {
				M[i][j].Sub(M[i][j], new(big.Rat).Mul(f, M[c][j]))
			}
		}
	}
	x := make([]*big.Rat, n)
	for i := range x {
		x[i] = new(big.Rat).Quo(M[i][n], M[i][i])
	}
	return x, true
}

// supportEnumeration finds the value by trying every pair of supports of
// equal size, solving the indifference equations, and keeping the first
// pair that is an equilibrium. For nondegenerate games some such pair
// exists (Shapley–Snow).
func supportEnumeration(m *Matrix) (*big.Rat, bool) {
	R, C := m.Rows(), m.Cols()
	for k := 1; k <= min(R, C); k++ {
		for sm := 1; sm < 1<<R; sm++ {
			if popcount(sm) != k {
				continue
			}
			for tm := 1; tm < 1<<C; tm++ {
				if popcount(tm) != k {
					continue
				}
				S, T := bitsOf(sm), bitsOf(tm)
				// x on S with x·A[:,j] = v for j in T, Σx = 1.
				a := make([][]*big.Rat, k+1)
				b := make([]*big.Rat, k+1)
				for r, j := range T {
					a[r] = make([]*big.Rat, k+1)
					for c, i := range S {
						a[r][c] = m.Entries[i][j]
					}
					a[r][k] = big.NewRat(-1, 1)
					b[r] = new(big.Rat)
				}
				a[k] = make([]*big.Rat, k+1)
				for c := 0; c < k; c++ {
					a[k][c] = big.NewRat(1, 1)
				}
				a[k][k] = new(big.Rat)
				b[k] = big.NewRat(1, 1)
				xs, ok := gaussRat(a, b)
				if !ok {
					continue
				}
				// y on T with A[i,:]·y = w for i in S, Σy = 1.
				for r, i := range S {
					a[r] = make([]*big.Rat, k+1)
					for c, j := range T {
						a[r][c] = m.Entries[i][j]
					}
					a[r][k] = big.NewRat(-1, 1)
				}
				ys, ok := gaussRat(a, b)
				if !ok {
					continue
				}
				v := xs[k]
				good := v.Cmp(ys[k]) == 0
				for c := 0; c < k && good; c++ {
					good = xs[c].Sign() >= 0 && ys[c].Sign() >= 0
				}
				x := make([]*big.Rat, R)
				y := make([]*big.Rat, C)
				for i := range x {
					x[i] = new(big.Rat)
				}
				for j := range y {
					y[j] = new(big.Rat)
				}
				for c, i := range S {
					x[i] = xs[c]
				}
				for c, j := range T {
					y[j] = ys[c]
				}
				for j := 0; j < C && good; j++ {
					s := new(big.Rat)
					for i := 0; i < R; i++ {
						s.Add(s, new(big.Rat).Mul(x[i], m.Entries[i][j]))
					}
					good = s.Cmp(v) >= 0
				}
				for i := 0; i < R && good; i++ {
					s := new(big.Rat)
					for j := 0; j < C; j++ {
						s.Add(s, new(big.Rat).Mul(y[j], m.Entries[i][j]))
					}
					good = s.Cmp(v) <= 0
				}
				if good {
					return v, true
				}
			}
		}
	}
	return nil, false
}

func popcount(x int) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

func bitsOf(x int) []int {
	var out []int
	for i := 0; x != 0; i, x = i+1, x>>1 {
		if x&1 != 0 {
			out = append(out, i)
		}
	}
	return out
}

func randomMatrix(r *rand.Rand, rows, cols int, spread int64) *Matrix {
	e := make([][]int64, rows)
	for i := range e {
		e[i] = make([]int64, cols)
		for j := range e[i] {
			e[i][j] = r.Int64N(2*spread+1) - spread
		}
	}
	m, _ := FromInts(e)
	return m
}

func TestRandomGamesAgainstSupportEnumeration(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 8))
	for trial := 0; trial < 400; trial++ {
		m := randomMatrix(r, 1+r.IntN(5), 1+r.IntN(5), int64(1+r.IntN(10)))
		sol, err := Solve(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		want, ok := supportEnumeration(m)
		if !ok {
			continue // degenerate: no equal-size support pair; the value is still checked exactly below
		}
		if !sol.Verified {
			t.Fatalf("trial %d: not verified on %v", trial, m.Entries)
		}
		checkEquilibrium(t, m, sol)
		if sol.Value.Cmp(want) != 0 {
			t.Fatalf("trial %d: value %s, support enumeration %s", trial, sol.Value.RatString(), want.RatString())
		}
	}
}

// TestDegenerateGames uses matrices with many repeated entries (values in
// {0, 1}), where supports do not pin the strategies: whatever Solve
// returns must be exactly right or an honest bracket.
func TestDegenerateGames(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	verified := 0
	for trial := 0; trial < 300; trial++ {
		m := randomMatrix(r, 1+r.IntN(5), 1+r.IntN(5), 1)
		sol, err := Solve(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		if sol.Verified {
			verified++
			checkEquilibrium(t, m, sol)
		}
		if want, ok := supportEnumeration(m); ok {
			if sol.Lower.Cmp(want) > 0 || sol.Upper.Cmp(want) < 0 {
				t.Fatalf("value %s outside bracket [%s, %s]", want.RatString(), sol.Lower.RatString(), sol.Upper.RatString())
			}
		}
	}
	t.Logf("%d of 300 degenerate games verified exactly", verified)
}

func TestLargerRandomGame(t *testing.T) {
	r := rand.New(rand.NewPCG(40, 40))
	m := randomMatrix(r, 40, 40, 100)
	sol, err := Solve(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	checkEquilibrium(t, m, sol)
}

func BenchmarkSolve200(b *testing.B) {
	r := rand.New(rand.NewPCG(200, 200))
	m := randomMatrix(r, 200, 200, 1000)
	for b.Loop() {
		sol, err := Solve(context.Background(), m)
		if err != nil {
			b.Fatal(err)
		}
		if !sol.Verified {
			b.Fatal("not verified")
		}
	}
}
