package nimber

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// mexByMap is the textbook definition, kept independent of Mexer.
func mexByMap(values []uint64) uint64 {
	seen := map[uint64]bool{}
	for _, v := range values {
		seen[v] = true
	}
	var m uint64
	for seen[m] {
		m++
	}
	return m
}

func TestMexAgainstDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var m Mexer
	for trial := 0; trial < 5000; trial++ {
		n := rng.IntN(200)
		values := make([]uint64, n)
		for i := range values {
			values[i] = uint64(rng.IntN(n + 3))
		}
		m.Reset(n)
		for _, v := range values {
			m.Add(v)
		}
		if got, want := m.Mex(), mexByMap(values); got != want {
			t.Fatalf("Mex(%v) = %d, want %d", values, got, want)
		}
	}
	if got := Mex([]uint64{0, 1, 2, 3, 5}); got != 4 {
		t.Fatalf("Mex(0,1,2,3,5) = %d, want 4", got)
	}
	if got := Mex(nil); got != 0 {
		t.Fatalf("Mex() = %d, want 0", got)
	}
	full := make([]uint64, 128)
	for i := range full {
		full[i] = uint64(i)
	}
	if got := Mex(full); got != 128 {
		t.Fatalf("Mex(0..127) = %d, want 128", got)
	}
}

// mulByDefinition computes nim-products from Conway's definition
// a⊗b = mex{ a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b }.
func mulTableByDefinition(n int) [][]uint64 {
	t := make([][]uint64, n)
	for a := range t {
		t[a] = make([]uint64, n)
		for b := 0; b < n; b++ {
			var opts []uint64
			for a2 := 0; a2 < a; a2++ {
				for b2 := 0; b2 < b; b2++ {
					opts = append(opts, t[a2][b]^t[a][b2]^t[a2][b2])
				}
			}
			t[a][b] = mexByMap(opts)
		}
	}
	return t
}

func TestMulAgainstDefinition(t *testing.T) {
	const n = 40
	table := mulTableByDefinition(n)
	for a := 0; a < n; a++ {
		for b := 0; b < n; b++ {
			if got := Mul(uint64(a), uint64(b)); got != table[a][b] {
				t.Fatalf("Mul(%d,%d) = %d, want %d", a, b, got, table[a][b])
			}
		}
	}
}

func TestMulPublished(t *testing.T) {
	// Conway, On Numbers and Games ch. 6: Fermat 2-powers square to 3/2 of
	// themselves, and small products from the published table.
	cases := []struct{ a, b, want uint64 }{
		{2, 2, 3}, {2, 3, 1}, {3, 3, 2}, {4, 4, 6}, {16, 16, 24},
		{256, 256, 384}, {65536, 65536, 98304}, {1 << 32, 1 << 32, 3 << 31},
		{4, 8, 11}, {8, 8, 13},
	}
	for _, c := range cases {
		if got := Mul(c.a, c.b); got != c.want {
			t.Errorf("Mul(%d,%d) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestMulFieldLaws(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		a, b, c := rng.Uint64(), rng.Uint64(), rng.Uint64()
		if Mul(a, b) != Mul(b, a) {
			t.Fatalf("not commutative at %d,%d", a, b)
		}
		if Mul(Mul(a, b), c) != Mul(a, Mul(b, c)) {
			t.Fatalf("not associative at %d,%d,%d", a, b, c)
		}
		if Mul(a, b^c) != Mul(a, b)^Mul(a, c) {
			t.Fatalf("not distributive at %d,%d,%d", a, b, c)
		}
		if Mul(a, 1) != a {
			t.Fatalf("1 is not the unit at %d", a)
		}
	}
}

func TestSums(t *testing.T) {
	if got := Sum(3, 4, 5); got != 2 {
		t.Fatalf("Sum(3,4,5) = %d, want 2", got)
	}
	got := BigSum([]*big.Int{big.NewInt(3), big.NewInt(4), big.NewInt(5)})
	if got.Cmp(big.NewInt(2)) != 0 {
		t.Fatalf("BigSum(3,4,5) = %v, want 2", got)
	}
}

func BenchmarkMex64(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	values := make([]uint64, 64)
	for i := range values {
		values[i] = uint64(rng.IntN(70))
	}
	var m Mexer
	b.ReportAllocs()
	for b.Loop() {
		m.Reset(len(values))
		for _, v := range values {
			m.Add(v)
		}
		_ = m.Mex()
	}
}

func BenchmarkNimSum1e6(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 8))
	heaps := make([]uint64, 1_000_000)
	for i := range heaps {
		heaps[i] = rng.Uint64()
	}
	b.SetBytes(8 * int64(len(heaps)))
	for b.Loop() {
		_ = Sum(heaps...)
	}
}

func BenchmarkMul(b *testing.B) {
	rng := rand.New(rand.NewPCG(9, 10))
	x, y := rng.Uint64(), rng.Uint64()
	for b.Loop() {
		x = Mul(x, y) | 1
	}
}

// TestInverse: Inverse against a search of the field of nimbers below
// 256 for the b with a ⊗ b = 1, against CGSuite's values of NimInverse
// for 1 … 16 (aaron-siegel/cgsuite, GameTest.scala, game.Integer:
// [n.NimInverse for n from 1 to 16]), and a ⊗ Inverse(a) = 1 for random
// a below 2^64.
func TestInverse(t *testing.T) {
	for a := uint64(1); a < 256; a++ {
		var want uint64
		found := 0
		for b := uint64(1); b < 256; b++ {
			if Mul(a, b) == 1 {
				want = b
				found++
			}
		}
		if found != 1 || Inverse(a) != want {
			t.Fatalf("Inverse(%d) = %d, search finds %d (%d times)", a, Inverse(a), want, found)
		}
	}
	cgsuite := []uint64{1, 3, 2, 15, 12, 9, 11, 10, 6, 8, 7, 5, 14, 13, 4, 170}
	for i, want := range cgsuite {
		if got := Inverse(uint64(i + 1)); got != want {
			t.Errorf("Inverse(%d) = %d, CGSuite says %d", i+1, got, want)
		}
	}
	rng := rand.New(rand.NewPCG(3, 7))
	for range 2000 {
		a := rng.Uint64() >> rng.IntN(64)
		if a == 0 {
			continue
		}
		if p := Mul(a, Inverse(a)); p != 1 {
			t.Fatalf("%d ⊗ Inverse(%d) = %d", a, a, p)
		}
	}
}
