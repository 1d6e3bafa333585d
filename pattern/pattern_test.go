package pattern

import (
	"encoding/json"
	"math"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/heap"
)

func seqOf(n int, f func(int) int64) []int64 {
	s := make([]int64, n)
	for i := range s {
		s[i] = f(i)
	}
	return s
}

// find returns the first pattern of kind and of, or nil.
func find(ps []*Pattern, kind, of string) *Pattern {
	for _, p := range ps {
		if p.Kind == kind && p.Of == of {
			return p
		}
	}
	return nil
}

func kinds(ps []*Pattern) string {
	var b []string
	for _, p := range ps {
		b = append(b, p.Kind+"/"+p.Of+": "+p.Formula)
	}
	return strings.Join(b, "\n")
}

// checkFits: every reported pattern predicts every value it was found in.
func checkFits(t *testing.T, s []int64, ps []*Pattern) {
	t.Helper()
	for _, p := range ps {
		if i := p.MismatchSeq(s); i >= 0 {
			t.Errorf("%s %s (%s) fails at n = %d", p.Kind, p.Of, p.Formula, i)
		}
		if p.CheckedUpto != len(s) {
			t.Errorf("%s: checked_upto %d, want %d", p.Formula, p.CheckedUpto, len(s))
		}
	}
}

func TestBinaryDetectors(t *testing.T) {
	odious := func(n int) int64 { // the n-th odious number, by counting
		c := -1
		for m := 0; ; m++ {
			if bits.OnesCount(uint(m))%2 == 1 {
				c++
				if c == n {
					return int64(m)
				}
			}
		}
	}
	for _, tc := range []struct {
		name, formula string
		f             func(int) int64
	}{
		{"identity", "G(n) = n", func(n int) int64 { return int64(n) }},
		{"xor", "G(n) = n xor 5", func(n int) int64 { return int64(n ^ 5) }},
		{"odious", "G(n) = 2n + 1 − (popcount(n) mod 2)", odious},
		{"popcount", "G(n) = popcount(n)", func(n int) int64 { return int64(bits.OnesCount(uint(n))) }},
		{"ruler", "G(n) = v₂(n + 1)", func(n int) int64 { return int64(bits.TrailingZeros(uint(n + 1))) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := seqOf(300, tc.f)
			ps := Sequence(s, Options{})
			checkFits(t, s, ps)
			if len(ps) == 0 || ps[0].Formula != tc.formula {
				t.Fatalf("best pattern is not %q:\n%s", tc.formula, kinds(ps))
			}
			if ps[0].Kind != Binary || ps[0].Proven {
				t.Errorf("kind %s proven %v", ps[0].Kind, ps[0].Proven)
			}
		})
	}
}

func TestPeriodicAndResidue(t *testing.T) {
	// subtract:1,3,4 has period 7: 0 1 0 1 2 3 2 (Winning Ways ch. 4).
	per := []int64{0, 1, 0, 1, 2, 3, 2}
	s := seqOf(200, func(n int) int64 { return per[n%7] })
	ps := Sequence(s, Options{})
	checkFits(t, s, ps)
	p := find(ps, Periodic, OfValues)
	if p == nil || p.Field("period") != 7 || p.Field("preperiod") != 0 || p.Proven {
		t.Fatalf("no unproven period 7:\n%s", kinds(ps))
	}
	r := find(ps, Residue, OfP)
	if r == nil || r.Formula != "P ⇔ n mod 7 ∈ {0, 2}" {
		t.Fatalf("no residue rule of the P-positions:\n%s", kinds(ps))
	}
	// With the heap rule, the same period is proven, and so are the
	// residues of the P-positions.
	rule, err := heap.Parse("subtract:1,3,4")
	if err != nil {
		t.Fatal(err)
	}
	ps = Sequence(s, Options{Rule: rule})
	if p := find(ps, Periodic, OfValues); p == nil || !p.Proven || !strings.Contains(p.Theorem, "state repetition") {
		t.Fatalf("period not proven:\n%s", kinds(ps))
	}
	if r := find(ps, Residue, OfP); r == nil || !r.Proven {
		t.Fatalf("the P-residues are not proven with the period:\n%s", kinds(ps))
	}

	// Bash's game: G(n) = n mod 4, proven through the period.
	rule, _ = heap.Parse("subtract:1,2,3")
	s = seqOf(100, func(n int) int64 { return int64(n % 4) })
	ps = Sequence(s, Options{Rule: rule})
	if ps[0].Formula != "G(n) = n mod 4" || !ps[0].Proven {
		t.Fatalf("best is not a proven n mod 4:\n%s", kinds(ps))
	}
	checkFits(t, s, ps)
}

func TestArithmeticPeriodic(t *testing.T) {
	// Lasker's Nim: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4,
	// G(4k+4) = 4k+3.
	f := func(n int) int64 {
		switch {
		case n == 0:
			return 0
		case n%4 == 3:
			return int64(n + 1)
		case n%4 == 0:
			return int64(n - 1)
		}
		return int64(n)
	}
	s := seqOf(400, f)
	ps := Sequence(s, Options{})
	checkFits(t, s, ps)
	p := find(ps, Periodic, OfValues)
	if p == nil || p.Field("saltus") != int64(4) || p.Field("period") != 4 {
		t.Fatalf("no arithmetic period 4 saltus 4:\n%s", kinds(ps))
	}
	if v, _ := p.Value(4003); v != 4004 {
		t.Errorf("predicts G(4003) = %d, want 4004", v)
	}
}

func TestPolynomial(t *testing.T) {
	s := seqOf(50, func(n int) int64 { return int64(n * (n + 1) / 2) })
	ps := Sequence(s, Options{})
	checkFits(t, s, ps)
	p := find(ps, Polynomial, OfValues)
	if p == nil || p.Formula != "G(n) = (n² + n)/2" {
		t.Fatalf("no triangular numbers:\n%s", kinds(ps))
	}
	if v, _ := p.Value(1000); v != 500500 {
		t.Errorf("G(1000) predicted %d", v)
	}
	// P-positions at the squares: the k-th P-position is k².
	s = seqOf(500, func(n int) int64 {
		r := int(math.Sqrt(float64(n)))
		return boolN(r*r == n)
	})
	ps = Sequence(s, Options{})
	checkFits(t, s, ps)
	if p := find(ps, Polynomial, OfP); p == nil || p.Formula != "P ⇔ n = k² for some k ≥ 0" {
		t.Fatalf("no squares:\n%s", kinds(ps))
	}
	// 3n − 7 and a cubic with negative and fractional coefficients.
	for _, tc := range []struct {
		f    func(int) int64
		want string
	}{
		{func(n int) int64 { return int64(3*n - 7) }, "G(n) = 3n − 7"},
		{func(n int) int64 { return int64(-n*n*n+3*n*n) / 2 }, "G(n) = (−n³ + 3n²)/2"},
	} {
		s := seqOf(40, tc.f)
		if p := polynomialValues(s); p == nil || p.Formula != tc.want {
			t.Errorf("want %q, got %+v", tc.want, p)
		}
	}
}

func TestZeckendorf(t *testing.T) {
	s := seqOf(400, func(n int) int64 { return boolN(isFib(n)) })
	ps := Sequence(s, Options{})
	checkFits(t, s, ps)
	if len(ps) == 0 || ps[0].Kind != Zeckendorf || ps[0].Of != OfP {
		t.Fatalf("best is not the Fibonacci P-positions:\n%s", kinds(ps))
	}
	s = seqOf(400, smallestZeckendorf)
	if s[12] != 1 || s[11] != 3 || s[10] != 2 { // 12 = 8+3+1, 11 = 8+3, 10 = 8+2
		t.Fatalf("smallest Zeckendorf terms %v", s[:13])
	}
	if p := find(Sequence(s, Options{}), Zeckendorf, OfValues); p == nil {
		t.Fatal("no Zeckendorf values")
	}
}

// Random values show no pattern; random outcomes neither.
func TestRandomNoPattern(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		s := seqOf(1000, func(int) int64 { return int64(r.IntN(40)) })
		if ps := Sequence(s, Options{}); len(ps) > 0 {
			t.Fatalf("random values: %s", kinds(ps))
		}
		s = seqOf(1000, func(int) int64 { return int64(r.IntN(2)) * Unknown })
		if ps := Sequence(s, Options{}); len(ps) > 0 {
			t.Fatalf("random outcomes: %s", kinds(ps))
		}
		g := make([][]int64, 40)
		for a := range g {
			g[a] = seqOf(40, func(int) int64 { return int64(r.IntN(5)) })
		}
		if ps := Grid(g); len(ps) > 0 {
			t.Fatalf("random grid: %s", kinds(ps))
		}
	}
}

// Every detector is total: empty, length 1, huge values.
func TestTotal(t *testing.T) {
	for _, s := range [][]int64{nil, {}, {0}, {5}, {Unknown}, {math.MaxInt64, 0, math.MaxInt64},
		seqOf(100, func(n int) int64 { return math.MaxInt64 - int64(n) }),
		seqOf(100, func(n int) int64 { return int64(n) << 40 }),
		seqOf(30, func(int) int64 { return 0 })} {
		ps := Sequence(s, Options{})
		checkFits(t, s, ps)
		if len(s) < 8 && len(ps) > 0 {
			t.Errorf("%v: patterns on too few values: %s", s, kinds(ps))
		}
		for _, p := range ps {
			if _, err := json.Marshal(p); err != nil {
				t.Error(err)
			}
		}
	}
	for _, g := range [][][]int64{nil, {}, {{}}, {{0}}, {{0, 1}, {1}}, {{math.MaxInt64, 1}, {2, 3}}} {
		Grid(g)
	}
	var p Pattern
	if _, ok := p.Value(3); ok {
		t.Error("a zero pattern predicts")
	}
}

func gridOf(n int, f func(a, b int) int64) [][]int64 {
	g := make([][]int64, n)
	for a := range g {
		g[a] = make([]int64, n)
		for b := range g[a] {
			g[a][b] = f(a, b)
		}
	}
	return g
}

func TestGridDetectors(t *testing.T) {
	g := gridOf(32, func(a, b int) int64 { return int64(a ^ b) })
	ps := Grid(g)
	if len(ps) == 0 || ps[0].Formula != "G(a, b) = a ⊕ b" {
		t.Fatalf("nim grid:\n%s", kinds(ps))
	}
	// A sum of two subtraction games {1,2}: G = (a mod 3) xor (b mod 3).
	g = gridOf(30, func(a, b int) int64 { return int64(a%3 ^ b%3) })
	ps = Grid(g)
	if p := find(ps, XorOfParts, OfValues); p == nil || ps[0] != p {
		t.Fatalf("sum grid:\n%s", kinds(ps))
	}
	// The same values by (a mod 3, b mod 3) predict the same, and are
	// dropped as the same rule.
	if m := gridModulus(g, 30, OfValues); m != 3 || find(ps, Residue, OfValues) != nil {
		t.Fatalf("sum grid: modulus %d:\n%s", m, kinds(ps))
	}
	// Euclid's game, by a plain search of its moves (a multiple of the
	// smaller pile taken from the larger; an empty pile ends the game).
	euclidWin := map[[2]int]bool{}
	var win func(a, b int) bool
	win = func(a, b int) bool {
		if a == 0 || b == 0 {
			return false
		}
		if a < b {
			a, b = b, a
		}
		if w, ok := euclidWin[[2]int{a, b}]; ok {
			return w
		}
		w := false
		for k := 1; k*b <= a && !w; k++ {
			w = !win(a-k*b, b)
		}
		euclidWin[[2]int{a, b}] = w
		return w
	}
	g = gridOf(40, func(a, b int) int64 {
		if a == 0 || b == 0 {
			return 0
		}
		return boolN(!win(a, b)) * Unknown
	})
	if p := find(Grid(g), Euclid, OfP); p == nil {
		t.Fatalf("no Euclid rule:\n%s", kinds(Grid(g)))
	}
}

// wythoffP is the P-positions of Wythoff's game by the mex construction
// (a_k the least number not yet used, b_k = a_k + k), no golden ratio.
func aWythoffP(n, d int) [][]int64 {
	g := gridOf(n, func(int, int) int64 { return Unknown })
	used := map[int]bool{}
	a := 0
	for k := 0; a < n; k++ {
		for used[a] {
			a++
		}
		b := a + d*k
		used[a], used[b] = true, true
		if a < n && b < n {
			g[a][b], g[b][a] = 0, 0
		}
	}
	return g
}

func TestBeatty(t *testing.T) {
	for _, d := range []int{1, 2, 3} {
		g := aWythoffP(64, d)
		ps := Grid(g)
		p := find(ps, Beatty, OfP)
		if p == nil {
			t.Fatalf("d = %d: no Beatty pairs:\n%s", d, kinds(ps))
		}
		want := (2 - float64(d) + math.Sqrt(float64(d*d+4))) / 2
		if a := p.Field("alpha").(float64); math.Abs(a-want) > 1e-12 {
			t.Errorf("d = %d: alpha %v, want %v", d, a, want)
		}
		if b := p.Field("beta").(float64); math.Abs(1/want+1/b-1) > 1e-12 {
			t.Errorf("d = %d: 1/α + 1/β = %v", d, 1/want+1/b)
		}
		// Predicts a grid 8 times larger.
		if a, b, bad := p.MismatchGrid(aWythoffP(512, d)); bad {
			t.Errorf("d = %d: wrong at (%d, %d) of a larger grid", d, a, b)
		}
	}
	// One P-position moved: no Beatty pairs.
	g := aWythoffP(64, 1)
	g[3][5], g[5][3] = Unknown, Unknown
	g[3][6], g[6][3] = 0, 0
	if p := find(Grid(g), Beatty, OfP); p != nil {
		t.Fatal("Beatty pairs on a broken grid")
	}
}

// Mock Turtles (Winning Ways ch. 14): turn over one, two or three coins
// of a row, the rightmost from heads to tails. A head at n is worth
// G(n) = mex{0, G(x), G(x) ⊕ G(y) : x < y < n}, by plain brute force
// here; Winning Ways shows G(n) is the n-th odious number.
func TestMockTurtles(t *testing.T) {
	const n = 200
	g := make([]int64, n)
	for i := range g {
		seen := map[int64]bool{0: true}
		for x := range i {
			seen[g[x]] = true
			for y := x + 1; y < i; y++ {
				seen[g[x]^g[y]] = true
			}
		}
		for seen[g[i]] {
			g[i]++
		}
	}
	ps := Sequence(g, Options{})
	if len(ps) == 0 || ps[0].Kind != Binary || !strings.Contains(ps[0].Rule, "odious") {
		t.Fatalf("mock turtles:\n%s", kinds(ps))
	}
	checkFits(t, g, ps)
}

// floorAlpha is ⌊kα⌋ exactly, by whole numbers and by big ones.
func TestFloorAlpha(t *testing.T) {
	for _, d := range []int64{1, 2, 5} {
		alpha := (2 - float64(d) + math.Sqrt(float64(d*d+4))) / 2
		for k := int64(1); k < 5000; k++ {
			if got, want := floorAlpha(k, d), int64(math.Floor(float64(k)*alpha)); got != want {
				t.Fatalf("d = %d: ⌊%dα⌋ = %d, want %d", d, k, got, want)
			}
		}
		// The big path agrees with the whole-number one where both apply.
		k := int64(1<<20 - 1)
		if a, b := floorAlpha(k, d), floorAlpha(k+1, d); b-a < 1 || b-a > 2 {
			t.Errorf("d = %d: ⌊kα⌋ jumps by %d at k = %d", d, b-a, k)
		}
	}
}

// Bash's game with the rule of subtract:1,2,3: G(n) = n mod 4 is proven
// through the period, and so are the P-positions' residues.
func TestResidueInheritsProof(t *testing.T) {
	rule, _ := heap.Parse("subtract:1,2,3")
	s := seqOf(100, func(n int) int64 { return int64(n % 4) })
	ps := Sequence(s, Options{Rule: rule})
	for _, p := range ps {
		if !p.Proven {
			t.Errorf("%s %s: unproven", p.Kind, p.Formula)
		}
	}
	if p := find(ps, Residue, OfP); p == nil || p.Formula != "P ⇔ n mod 4 ∈ {0}" {
		t.Fatalf("no P residues:\n%s", kinds(ps))
	}
}
