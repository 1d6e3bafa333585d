package cgt

import (
	"math/bits"
	"math/rand/v2"
	"strconv"
	"testing"
)

// Nimbers beyond *4095: *n for every n < 2^64, their sums, products and
// printing, checked against nim arithmetic computed here from its
// definitions, apart from package nimber's multiplication.

// fermatMul is the nim-product by bits: a ⊗ b is the nim-sum of 2^i ⊗ 2^j
// over the bits i of a and j of b, and 2^i is the ordinary product of the
// Fermat 2-powers 2^(2^k) for the bits k of i, which multiply as integers
// when distinct and square to F ⊕ F/2 (Conway, ONAG ch. 6).
type fermatMul struct{ memo map[[2]int]uint64 }

func (m *fermatMul) mul(a, b uint64) uint64 {
	var r uint64
	for x := a; x != 0; x &= x - 1 {
		for y := b; y != 0; y &= y - 1 {
			r ^= m.pow2(bits.TrailingZeros64(x), bits.TrailingZeros64(y))
		}
	}
	return r
}

// pow2 is 2^i ⊗ 2^j.
func (m *fermatMul) pow2(i, j int) uint64 {
	if i&j == 0 {
		return 1 << (i | j)
	}
	key := [2]int{i, j}
	if r, ok := m.memo[key]; ok {
		return r
	}
	k := 1 << (bits.Len(uint(i&j)) - 1) // the highest Fermat power both hold
	F := uint64(1) << k
	x := m.pow2(i-k, j-k) // 2^i ⊗ 2^j = (F ⊗ F) ⊗ 2^(i−k) ⊗ 2^(j−k)
	r := m.mul(F|F>>1, x)
	m.memo[key] = r
	return r
}

// mexProduct is a ⊗ b by the definition, mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b'}.
func mexProduct(n int) [][]uint64 {
	t := make([][]uint64, n)
	for a := range n {
		t[a] = make([]uint64, n)
		for b := range n {
			seen := map[uint64]bool{}
			for x := range a {
				for y := range b {
					seen[t[x][b]^t[a][y]^t[x][y]] = true
				}
			}
			for seen[t[a][b]] {
				t[a][b]++
			}
		}
	}
	return t
}

func TestBigNimbers(t *testing.T) {
	s := NewSpace()
	fm := &fermatMul{memo: map[[2]int]uint64{}}
	// The definition on small nimbers, through the calculator.
	mex := mexProduct(16)
	for a := range 16 {
		for b := range 16 {
			g := mustParse(t, s, "*"+strconv.Itoa(a)+" ConwayProduct *"+strconv.Itoa(b))
			if k, ok := s.nimberOf(g); !ok || k != mex[a][b] || fm.mul(uint64(a), uint64(b)) != mex[a][b] {
				t.Fatalf("*%d ⊗ *%d = %s, the definition gives *%d", a, b, s.String(g), mex[a][b])
			}
		}
	}
	// Published values: F ⊗ F = 3F/2 for the Fermat 2-powers F = 2^(2^k)
	// and distinct Fermat 2-powers multiply as integers (ONAG ch. 6);
	// 8 ⊗ 8 = 13 and 32 ⊗ 32 = 52 (Winning Ways ch. 14's table).
	for _, c := range [][3]uint64{{1 << 32, 1 << 32, 3 << 31}, {1 << 16, 1 << 16, 3 << 15}, {1 << 32, 1 << 16, 1 << 48},
		{1 << 32, 1 << 16 << 8 << 4 << 2 << 1, 1 << 63}, {8, 8, 13}, {32, 32, 52}, {1 << 32, 2, 1 << 33}} {
		expr := "*" + strconv.FormatUint(c[0], 10) + ".ConwayProduct(*" + strconv.FormatUint(c[1], 10) + ")"
		if g := mustParse(t, s, expr); s.String(g) != "*"+strconv.FormatUint(c[2], 10) || fm.mul(c[0], c[1]) != c[2] {
			t.Errorf("%s = %s, want *%d", expr, s.String(g), c[2])
		}
	}
	// Random nimbers of 64 bits: sums are exclusive or, products agree
	// with the product by bits, ups add beside them, and each prints and
	// reads back.
	r := rand.New(rand.NewPCG(64, 2))
	for range 2000 {
		a, b := r.Uint64(), r.Uint64()>>r.IntN(64)
		ga, gb := s.Nimber64(a), s.Nimber64(b)
		if sum, ok := s.nimberOf(s.add(ga, gb)); !ok || sum != a^b {
			t.Fatalf("*%d + *%d = %s, want *%d", a, b, s.String(s.add(ga, gb)), a^b)
		}
		if p, ok := s.nimberOf(s.conwayProduct(ga, gb)); !ok || p != fm.mul(a, b) {
			t.Fatalf("*%d ⊗ *%d = *%d, by bits *%d", a, b, p, fm.mul(a, b))
		}
		if (a == b) != (s.add(ga, gb) == Zero) || s.leq(s.add(ga, gb), Zero) != (a == b) {
			t.Fatalf("*%d + *%d compared with 0 wrongly", a, b)
		}
		up := s.add(mustParse(t, s, "^^"), ga)
		str := s.String(s.add(up, gb))
		if str != "^^"+nimText(a^b) {
			t.Fatalf("^^*%d + *%d prints %s", a, b, str)
		}
		for _, g := range []Game{ga, up, s.add(s.Number(Int(int64(b%1000)-500).half()), ga)} {
			text := s.String(g)
			if h := mustParse(t, s, text); h != g {
				t.Fatalf("%s reads back as %s", text, s.String(h))
			}
		}
	}
	// The largest nimber, and beyond it a one-line error.
	if g := mustParse(t, s, "*18446744073709551615 + *18446744073709551614"); s.String(g) != "*" {
		t.Errorf("*(2^64-1) + *(2^64-2) = %s, want *", s.String(g))
	}
	if _, err := s.Parse("*18446744073709551616"); err == nil {
		t.Errorf("*2^64 parsed")
	}
	// Birthdays past 2^63 saturate in Birthday and are exact in BirthdayBig.
	g := s.Nimber64(1<<63 + 5)
	if s.Birthday(g) != 1<<63-1 || s.BirthdayBig(g).String() != "9223372036854775813" {
		t.Errorf("birthday of *(2^63+5): %d, %s", s.Birthday(g), s.BirthdayBig(g))
	}
}

func nimText(k uint64) string {
	switch k {
	case 0:
		return ""
	case 1:
		return "*"
	}
	return "*" + strconv.FormatUint(k, 10)
}
