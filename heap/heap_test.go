package heap

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// published is one testdata file: values from the literature.
type published struct {
	file, game string
	values     []uint32
	sparse     map[int]uint32
	formula    string
	period     int
	preperiod  int
	arith      []int // preperiod, period, saltus
	upto       int
	long       bool // checked only with HEAP_LONG=1
}

func readPublished(t *testing.T) []published {
	t.Helper()
	files, _ := filepath.Glob("testdata/*.txt")
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	var out []published
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p := published{file: f, preperiod: -1}
		sc := bufio.NewScanner(bytes.NewReader(b))
		sc.Buffer(nil, 1<<20)
		sourced := false
		for sc.Scan() {
			line := sc.Text()
			if strings.HasPrefix(line, "#") {
				sourced = sourced || strings.Contains(line, "Source:")
				continue
			}
			key, rest, _ := strings.Cut(line, " ")
			fields := strings.Fields(rest)
			atoi := func(s string) int {
				n, err := strconv.Atoi(s)
				if err != nil {
					t.Fatalf("%s: %q: %v", f, line, err)
				}
				return n
			}
			switch key {
			case "game":
				p.game = rest
			case "values":
				for _, x := range fields {
					p.values = append(p.values, uint32(atoi(x)))
				}
			case "sparse":
				p.sparse = map[int]uint32{}
				for _, x := range fields {
					n, v, _ := strings.Cut(x, ":")
					p.sparse[atoi(n)] = uint32(atoi(v))
				}
			case "formula":
				p.formula = rest
			case "period":
				p.period = atoi(rest)
			case "preperiod":
				p.preperiod = atoi(rest)
			case "arithmetic":
				for _, x := range fields {
					p.arith = append(p.arith, atoi(x))
				}
			case "upto":
				p.upto = atoi(rest)
			case "long":
				p.long = true
			case "":
			default:
				t.Fatalf("%s: unknown key %q", f, key)
			}
		}
		if !sourced {
			t.Fatalf("%s names no source", f)
		}
		out = append(out, p)
	}
	return out
}

func compute(t testing.TB, spec string, n int, m Method) *Values {
	t.Helper()
	r, err := Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	v, err := Compute(context.Background(), r, n, Options{Method: m})
	if err != nil {
		t.Fatal(err)
	}
	if v.Len() != n {
		t.Fatalf("%s: %d values, want %d", spec, v.Len(), n)
	}
	return v
}

func TestPublished(t *testing.T) {
	for _, p := range readPublished(t) {
		t.Run(filepath.Base(p.file), func(t *testing.T) {
			if p.long && os.Getenv("HEAP_LONG") == "" {
				t.Skip("a long run: set HEAP_LONG=1")
			}
			r, err := Parse(p.game)
			if err != nil {
				t.Fatal(err)
			}
			methods := []Method{Sparse, Plain}
			if p.long || p.upto > 20_000 {
				methods = methods[:1] // the plain loop is checked on the test set
			}
			for _, m := range methods {
				v := compute(t, p.game, p.upto, m)
				for n, want := range p.values {
					if got := v.At(n); got != want {
						t.Fatalf("%s %v: G(%d) = %d, published %d", p.game, m, n, got, want)
					}
				}
				if p.sparse != nil {
					// The sparse values are exactly the heaps below upto
					// whose value has even parity without its lowest bit.
					for n := range p.upto {
						g := v.At(n)
						want, listed := p.sparse[n]
						isSparse := popParity(g>>1) == 0
						if isSparse != listed || listed && g != want {
							t.Fatalf("G(%d) = %d: sparse %v, listed %v (%d)", n, g, isSparse, listed, want)
						}
					}
				}
				if p.formula == "lasker" {
					for n := range p.upto {
						want := uint32(n)
						switch {
						case n == 0:
						case n%4 == 3:
							want = uint32(n + 1)
						case n%4 == 0:
							want = uint32(n - 1)
						}
						if v.At(n) != want {
							t.Fatalf("lasker: G(%d) = %d, formula %d", n, v.At(n), want)
						}
					}
				}
				per := FindPeriod(v, r)
				if p.period > 0 {
					if !per.Found || per.Period != p.period || per.Preperiod != p.preperiod || !per.Proven {
						t.Fatalf("%s: period %+v, published period %d from %d (proven)", p.game, per, p.period, p.preperiod)
					}
				} else if per.Found {
					t.Fatalf("%s: period %+v claimed, none published", p.game, per)
				}
				if p.arith != nil {
					if !per.Arith || per.ArithPreperiod != p.arith[0] || per.ArithPeriod != p.arith[1] || per.Saltus != p.arith[2] {
						t.Fatalf("%s: arithmetic %+v, want %v", p.game, per, p.arith)
					}
				}
			}
		})
	}
}

func popParity(x uint32) int {
	p := 0
	for ; x != 0; x &= x - 1 {
		p ^= 1
	}
	return p
}

// testSet is the set of games on which the sparse method must agree with
// the plain loop for n up to 10^4.
var testSet = []string{
	"kayles", "dawson", "octal:0.07", "guiles", "treblecross", "octal:0.007",
	"octal:0.376", "octal:0.165", "octal:0.156", "octal:4.07", "octal:0.6",
	"octal:0.16", "octal:0.4", "octal:4.0", "grundy-game", "subtract:1,3,4",
	"octal:0.354", "octal:0.72", "octal:0.17",
}

func TestSparseAgreesWithPlain(t *testing.T) {
	n := 10_000
	if testing.Short() {
		n = 2_000
	}
	specs := slices.Clone(testSet)
	rng := rand.New(rand.NewPCG(1, 2))
	for range 10 {
		specs = append(specs, randomOctal(rng, 4))
	}
	for _, spec := range specs {
		a := compute(t, spec, n, Plain)
		b := compute(t, spec, n, Sparse)
		for i := range n {
			if a.At(i) != b.At(i) {
				t.Fatalf("%s: G(%d) plain %d, sparse %d", spec, i, a.At(i), b.At(i))
			}
		}
	}
	// Rules whose values grow, and hexadecimal codes, at a smaller size.
	for _, spec := range []string{"lasker", "nim", "allbut:1,2", "allbut:2,5,6", "fib", "hex:0.F", "hex:0.9B", "hex:8.0", "hex:0.E4"} {
		a := compute(t, spec, 600, Plain)
		b := compute(t, spec, 600, Sparse)
		for i := range 600 {
			if a.At(i) != b.At(i) {
				t.Fatalf("%s: G(%d) plain %d, sparse %d", spec, i, a.At(i), b.At(i))
			}
		}
	}
}

func TestPlainOnTwoCores(t *testing.T) {
	defer func(old int) { parallelSplits = old }(parallelSplits)
	for _, spec := range []string{"kayles", "grundy-game", "octal:0.376", "lasker"} {
		want := compute(t, spec, 1500, Sparse)
		parallelSplits = 40
		for _, workers := range []int{1, 2} {
			r, _ := Parse(spec)
			got, err := Compute(context.Background(), r, 1500, Options{Method: Plain, Workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			for i := range 1500 {
				if got.At(i) != want.At(i) {
					t.Fatalf("%s, %d workers: G(%d) = %d, want %d", spec, workers, i, got.At(i), want.At(i))
				}
			}
		}
		parallelSplits = 1 << 15
	}
}

// TestSparseOnTwoCores checks the pipelined sparse method (a second
// goroutine sweeping the far rare heaps) against the sequential one.
func TestSparseOnTwoCores(t *testing.T) {
	n := 30_000 // blocks of 1024 are pipelined from 8192 on
	if testing.Short() {
		n = 15_000
	}
	for _, spec := range []string{"kayles", "grundy-game", "octal:0.376", "octal:0.165", "octal:4.07", "octal:0.156"} {
		r, _ := Parse(spec)
		one, err := Compute(context.Background(), r, n, Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		two, err := Compute(context.Background(), r, n, Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		for i := range n {
			if one.At(i) != two.At(i) {
				t.Fatalf("%s: G(%d) = %d on one core, %d on two", spec, i, one.At(i), two.At(i))
			}
		}
	}
}

func randomOctal(rng *rand.Rand, digits int) string {
	var sb strings.Builder
	sb.WriteString("octal:")
	sb.WriteString([]string{"0", "4"}[rng.IntN(2)])
	sb.WriteByte('.')
	for range digits {
		sb.WriteByte(byte('0' + rng.IntN(8)))
	}
	return sb.String()
}

func randomHex(rng *rand.Rand, digits int) string {
	var sb strings.Builder
	sb.WriteString("hex:")
	sb.WriteString([]string{"0", "4", "8", "C"}[rng.IntN(4)])
	sb.WriteByte('.')
	for range digits {
		sb.WriteString(strconv.FormatInt(int64(rng.IntN(16)), 16))
	}
	return sb.String()
}

// bruteValue computes the Sprague–Grundy value of a multiset of heaps by
// exhaustive search over whole positions (sorted heap lists), without the
// nim-sum rule, straight from the rule's definition in digits: a move
// removes k tokens from one heap and leaves i non-empty heaps in its place
// when bit i of digit k is set.
type brute struct {
	digit   func(k int) uint8
	unequal bool
	memo    map[string]uint32
}

func (b *brute) value(heaps []int) uint32 {
	key := fmt.Sprint(heaps)
	if v, ok := b.memo[key]; ok {
		return v
	}
	seen := map[uint32]bool{}
	for i, h := range heaps {
		rest := append(append([]int{}, heaps[:i]...), heaps[i+1:]...)
		for k := 0; k <= h; k++ {
			d := b.digit(k)
			left := h - k
			var parts [][]int
			if d&1 != 0 && left == 0 {
				parts = append(parts, nil)
			}
			if d&2 != 0 && left > 0 {
				parts = append(parts, []int{left})
			}
			if d&4 != 0 {
				for a := 1; a < left; a++ {
					if !(b.unequal && 2*a == left) {
						parts = append(parts, []int{a, left - a})
					}
				}
			}
			if d&8 != 0 {
				for a := 1; a < left; a++ {
					for c := 1; a+c < left; c++ {
						parts = append(parts, []int{a, c, left - a - c})
					}
				}
			}
			for _, p := range parts {
				next := append(append([]int{}, rest...), p...)
				slices.Sort(next)
				seen[b.value(next)] = true
			}
		}
	}
	v := uint32(0)
	for seen[v] {
		v++
	}
	b.memo[key] = v
	return v
}

func TestAgainstExhaustiveSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	specs := []string{"kayles", "dawson", "grundy-game", "lasker", "treblecross", "subtract:2,5", "allbut:1,3", "fib", "nim", "hex:0.F"}
	for range 25 {
		specs = append(specs, randomOctal(rng, 1+rng.IntN(4)))
	}
	for range 10 {
		specs = append(specs, randomHex(rng, 1+rng.IntN(3)))
	}
	for _, spec := range specs {
		r, err := Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		b := &brute{unequal: r.Unequal, memo: map[string]uint32{}}
		digits, tail, fib := r.Digits, r.Tail, r.Fib
		b.digit = func(k int) uint8 {
			d := tail
			if k < len(digits) {
				d = digits[k]
			}
			if fib && k >= 1 {
				for x, y := 1, 2; x <= k; x, y = y, x+y {
					if x == k {
						d |= 3
					}
				}
			}
			return d
		}
		n := 11
		if r.MaxHeaps() == 3 {
			n = 9
		}
		for _, m := range []Method{Plain, Sparse} {
			v := compute(t, spec, n, m)
			for h := range n {
				var heaps []int
				if h > 0 {
					heaps = []int{h}
				}
				if want := b.value(heaps); v.At(h) != want {
					t.Fatalf("%s %v: G(%d) = %d, exhaustive search %d", spec, m, h, v.At(h), want)
				}
			}
			// Sums: the nim-sum of the parts is the value of the sum.
			for range 5 {
				x, y := 1+rng.IntN(n-1), 1+rng.IntN(n-1)
				if want := b.value(sorted(x, y)); v.At(x)^v.At(y) != want {
					t.Fatalf("%s: G(%d)⊕G(%d) = %d, exhaustive search of the sum %d", spec, x, y, v.At(x)^v.At(y), want)
				}
			}
		}
	}
}

func sorted(xs ...int) []int { slices.Sort(xs); return xs }

// TestProvenPeriodsHold checks the proof bounds: for random finite codes,
// whenever a period is proven from the values up to some point, many more
// values computed afterwards keep it.
func TestProvenPeriodsHold(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	proven := 0
	for range 120 {
		spec := randomOctal(rng, 1+rng.IntN(3))
		if rng.IntN(4) == 0 {
			spec = randomHex(rng, 1+rng.IntN(2))
		}
		if rng.IntN(4) == 0 {
			spec = fmt.Sprintf("subtract:%d,%d,%d", 1+rng.IntN(9), 1+rng.IntN(9), 1+rng.IntN(9))
		}
		r, _ := Parse(spec)
		long := 3000
		if r.MaxHeaps() == 3 {
			long = 300
		}
		all := compute(t, spec, long, Sparse)
		for _, n := range []int{20, 40, 80, 160, long / 2} {
			prefix := FromSlice(all.Uint64sAs32()[:n])
			p := FindPeriod(prefix, r)
			if !p.Proven {
				continue
			}
			proven++
			if p.Needed > n {
				t.Fatalf("%s: proven with %d values, needs %d", spec, n, p.Needed)
			}
			for i := p.Preperiod; i+p.Period < long; i++ {
				if all.At(i+p.Period) != all.At(i) {
					t.Fatalf("%s: period %d from %d proven with %d values, but G(%d) = %d ≠ G(%d) = %d",
						spec, p.Period, p.Preperiod, n, i+p.Period, all.At(i+p.Period), i, all.At(i))
				}
			}
			if p.Preperiod > 0 && all.At(p.Preperiod-1+p.Period) == all.At(p.Preperiod-1) {
				t.Fatalf("%s: preperiod %d is not the least", spec, p.Preperiod)
			}
		}
	}
	if proven < 50 {
		t.Fatalf("only %d proofs: the test proves too little", proven)
	}
}

// Uint64sAs32 is a test helper: the values as uint32.
func (v *Values) Uint64sAs32() []uint32 {
	out := make([]uint32, v.Len())
	for i := range out {
		out[i] = v.At(i)
	}
	return out
}

func TestFindPeriodSynthetic(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 300 {
		a, p := rng.IntN(40), 1+rng.IntN(20)
		pattern := make([]uint32, p)
		for {
			for i := range pattern {
				pattern[i] = uint32(rng.IntN(4))
			}
			if leastPeriod(pattern) == p {
				break
			}
		}
		n := 2*(a+p) + 3*p + rng.IntN(50)
		xs := make([]uint32, n)
		for i := range xs {
			if i < a {
				xs[i] = uint32(10 + rng.IntN(5))
			} else {
				xs[i] = pattern[(i-a)%p]
			}
		}
		// The least preperiod may be smaller than a if the random prefix
		// happens to continue the pattern backwards.
		wantA := a
		for wantA > 0 && xs[wantA-1] == xs[wantA-1+p] {
			wantA--
		}
		got := FindPeriod(FromSlice(xs), nil)
		if !got.Found || got.Period != p || got.Preperiod != wantA || got.Proven {
			t.Fatalf("period %d from %d in %v: got %+v", p, wantA, xs, got)
		}
		// Arithmetic: add (i-a)/p*s to the periodic part.
		s := 1 + rng.IntN(5)
		for i := a; i < n; i++ {
			xs[i] += uint32((i - a) / p * s)
		}
		got = FindPeriod(FromSlice(xs), nil)
		// (A smaller arithmetic period q | p with saltus s·q/p may fit too.)
		if got.Found || !got.Arith || p%got.ArithPeriod != 0 || got.Saltus*(p/got.ArithPeriod) != s || got.ArithPreperiod > a {
			t.Fatalf("arithmetic period %d saltus %d from %d: got %+v", p, s, a, got)
		}
	}
	// Random values show no period; a pattern at the very end is not one.
	for range 100 {
		xs := make([]uint32, 200)
		for i := range xs {
			xs[i] = uint32(rng.IntN(1000))
		}
		xs[198], xs[199] = 5, 5
		if got := FindPeriod(FromSlice(xs), nil); got.Found || got.Arith {
			t.Fatalf("random values: got %+v", got)
		}
	}
}

func leastPeriod(xs []uint32) int {
	for q := 1; q <= len(xs); q++ {
		if len(xs)%q == 0 {
			ok := true
			for i := range xs {
				if xs[i] != xs[(i+q)%len(xs)] {
					ok = false
					break
				}
			}
			if ok {
				return q
			}
		}
	}
	return len(xs)
}

func TestProofBound(t *testing.T) {
	for _, c := range []struct {
		spec      string
		a, p, out int
	}{
		{"kayles", 71, 12, 2*(71+12) + 2},
		{"dawson", 52, 34, 2*(52+34) + 3},
		{"subtract:1,3,4", 0, 7, 0 + 7 + 4},
		{"octal:0.3", 0, 2, 0 + 2 + 1},
		{"octal:0.2", 0, 2, 1*(1+2) + 1},
		{"hex:0.F", 0, 2, 3*(1+2) + 1},
	} {
		r, _ := Parse(c.spec)
		got, _, ok := ProofBound(r, c.a, c.p)
		if !ok || got != c.out {
			t.Errorf("%s: bound %d %v, want %d", c.spec, got, ok, c.out)
		}
	}
	for _, spec := range []string{"grundy-game", "lasker", "fib", "allbut:1", "nim"} {
		r, _ := Parse(spec)
		if _, _, ok := ProofBound(r, 1, 1); ok {
			t.Errorf("%s: a proof bound for a rule no theorem covers", spec)
		}
	}
}

func TestWidths(t *testing.T) {
	for _, c := range []struct {
		spec  string
		n     int
		width int
	}{{"kayles", 1000, 1}, {"nim", 256, 1}, {"nim", 257, 2}, {"nim", 70000, 4}, {"lasker", 300, 2}} {
		v := compute(t, c.spec, c.n, Sparse)
		if v.Width() != c.width {
			t.Errorf("%s to %d: width %d, want %d", c.spec, c.n, v.Width(), c.width)
		}
		for i := range c.n {
			if c.spec == "nim" && v.At(i) != uint32(i) {
				t.Fatalf("nim: G(%d) = %d", i, v.At(i))
			}
		}
	}
}

func TestExtendResumes(t *testing.T) {
	for _, spec := range []string{"kayles", "grundy-game", "lasker", "fib", "octal:0.376"} {
		r, _ := Parse(spec)
		full := compute(t, spec, 3000, Sparse)
		half := compute(t, spec, 1300, Sparse)
		var buf bytes.Buffer
		if err := Save(&buf, r.Spec, half); err != nil {
			t.Fatal(err)
		}
		gotSpec, loaded, err := Load(&buf, 1<<20)
		if err != nil || gotSpec != r.Spec || loaded.Len() != 1300 {
			t.Fatalf("%s: load: %v %q %v", spec, err, gotSpec, loaded)
		}
		more, err := Extend(context.Background(), r, loaded, 3000, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for i := range 3000 {
			if more.At(i) != full.At(i) {
				t.Fatalf("%s: resumed G(%d) = %d, want %d", spec, i, more.At(i), full.At(i))
			}
		}
	}
}

func TestLoadRejects(t *testing.T) {
	r, _ := Parse("nim")
	v := compute(t, "nim", 70000, Sparse)
	var buf bytes.Buffer
	if err := Save(&buf, r.Spec, v); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	_, got, err := Load(bytes.NewReader(good), 1<<20)
	if err != nil || got.Len() != 70000 {
		t.Fatalf("round trip: %v", err)
	}
	for i := range 70000 { // several chunks of 4-byte values
		if got.At(i) != uint32(i) {
			t.Fatalf("round trip: G(%d) = %d", i, got.At(i))
		}
	}
	for name, data := range map[string][]byte{
		"empty":     nil,
		"garbage":   []byte("hello"),
		"truncated": good[:len(good)/2],
	} {
		if _, _, err := Load(bytes.NewReader(data), 1<<20); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
	if _, _, err := Load(bytes.NewReader(good), 1000); err == nil {
		t.Errorf("more values than allowed: loaded")
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, _ := Parse("grundy-game")
	v, err := Compute(ctx, r, 1<<20, Options{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
	if v == nil || v.Len() > 1<<17 {
		t.Fatalf("cancelled run returned %v", v)
	}
	calls := 0
	k, _ := Parse("kayles")
	if _, err := Compute(context.Background(), k, 300_000, Options{Progress: func(int) { calls++ }}); err != nil || calls < 3 {
		t.Fatalf("progress called %d times, err %v", calls, err)
	}
}

func TestParse(t *testing.T) {
	good := map[string]string{
		"kayles": "kayles", "octal:.137": "octal:0.137", "octal:0.1370": "octal:0.137",
		"octal:4.07": "octal:4.07", "hex:0.f": "hex:0.F", "hex:C.0": "hex:C.0",
		"subtract:4,1,3,3": "subtract:1,3,4", "allbut:2,1": "allbut:1,2", "octal:0": "octal:0.0",
	}
	for in, want := range good {
		r, err := Parse(in)
		if err != nil || r.Spec != want {
			t.Errorf("Parse(%q) = %v, %v; want %s", in, r, err, want)
		}
	}
	bad := map[string]string{
		"octal:0.8":                     "not a digit",
		"octal:abc":                     "is not a digit", // several digits before the point read as CGSuite's adding digits
		"octal:1.07":                    "must be 0 or 4",
		"octal:2.07":                    "must be 0 or 4",
		"octal:":                        "needs parameters",
		"hex:0.G":                       "not a digit",
		"subtract:":                     "needs parameters",
		"subtract:0,1":                  "amounts are integers from 1",
		"subtract:1,,2":                 "empty amount",
		"subtract:-1":                   "amounts are integers from 1",
		"subtract:1.5":                  "amounts are integers from 1",
		"allbut:0":                      "amounts are integers from 1",
		"kayles:3":                      "takes no parameters",
		"chess":                         "unknown heap game",
		"octal:0.+1":                    "not a digit",
		"subtract:99999999999999999999": "amounts are integers from 1",
	}
	for in, want := range bad {
		_, err := Parse(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%q): error %v, want one saying %q", in, err, want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"kayles", "octal:0.137", "octal:4.07", "hex:0.F", "subtract:1,3,4", "allbut:1,2",
		"octal:0.8", "octal:abc", "subtract:", "subtract:0", "hex:8.", "octal:.", "octal:0..1", "grundy-game", "lasker:",
		"tb:4!.0", "tb:0.*?3", "octal:0.7[03]", "tb:80.0", "hex:{2+}=.0", "tb:0.&12;"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		r, err := Parse(spec)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		again, err := Parse(r.Spec)
		if err != nil || again.Spec != r.Spec || !slices.Equal(again.Digits, r.Digits) || again.Tail != r.Tail {
			t.Fatalf("%q → %q does not parse back the same: %v", spec, r.Spec, err)
		}
		if r.Code == nil && (r.Digits[0]&3 != 0 || r.Tail&^3 != 0) {
			t.Fatalf("%q: rule with a pass or splitting tail: %+v", spec, r)
		}
		if len(r.Digits) <= 64 {
			v, err := Compute(context.Background(), r, 30, Options{})
			if err != nil || v.Len() != 30 {
				t.Fatalf("%q: %v", spec, err)
			}
		}
	})
}

func FuzzParseStrip(f *testing.F) {
	for _, s := range []string{"..X....X..", "X", "", "XX.", ".X.X.", "ab", "...", "XXX"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cells, err := ParseStrip(s)
		if err != nil {
			return
		}
		if FormatStrip(cells) != strings.ToUpper(s) {
			t.Fatalf("%q → %q", s, FormatStrip(cells))
		}
		if len(cells) <= 200 {
			res, err := SolveStrip(context.Background(), cells, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Wins() != (len(res.WinningCells) > 0) {
				t.Fatalf("%q: wins %v but cells %v", s, res.Wins(), res.WinningCells)
			}
		}
	})
}
