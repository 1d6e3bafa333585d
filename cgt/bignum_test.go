package cgt

import (
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

// randBigDyadic returns a random dyadic whose numerator has up to bitsMax
// bits (so past 2^62 and 2^100 when asked) and whose denominator is up
// to 2^expMax, with the same value as a *big.Rat.
func randBigDyadic(r *rand.Rand, bitsMax, expMax int) (Dyadic, *big.Rat) {
	m := new(big.Int)
	for i := r.IntN(bitsMax + 1); i > 0; i-- {
		m.Lsh(m, 1)
		if r.IntN(2) == 1 {
			m.SetBit(m, 0, 1)
		}
	}
	if r.IntN(2) == 0 {
		m.Neg(m)
	}
	k := uint(r.IntN(expMax + 1))
	want := new(big.Rat).SetFrac(m, new(big.Int).Lsh(big.NewInt(1), k))
	return fromBig(new(big.Int).Set(m), k), want
}

// TestBigDyadicArithmetic checks Dyadic arithmetic past 2^62 and 2^100
// against math/big's exact rationals on thousands of random pairs, with
// numerators drawn on both sides of the machine-word bound: the fast
// int64 path and the big path must agree with the exact value, and the
// representation must be the normalised one (so == compares values).
func TestBigDyadicArithmetic(t *testing.T) {
	r := rand.New(rand.NewPCG(62, 100))
	check := func(what string, got Dyadic, want *big.Rat) {
		t.Helper()
		if got.Rat().Cmp(want) != 0 {
			t.Fatalf("%s = %s, want %s", what, got, want.RatString())
		}
		// Normalised: rebuilt from its value, it is the same Dyadic.
		num, den := want.Num(), want.Denom()
		k := uint(den.BitLen() - 1)
		if again := fromBig(new(big.Int).Set(num), k); again != got {
			t.Fatalf("%s: %#v is not normalised (%#v)", what, got, again)
		}
		if p, err := ParseDyadic(got.String()); err != nil || p != got {
			t.Fatalf("%s: %s reads back as %v (%v)", what, got, p, err)
		}
	}
	for i := 0; i < 5000; i++ {
		bitsMax := []int{40, 63, 64, 101, 200}[r.IntN(5)]
		a, ar := randBigDyadic(r, bitsMax, 70)
		b, br := randBigDyadic(r, bitsMax, 70)
		check("a", a, ar)
		check("a + b", a.add(b), new(big.Rat).Add(ar, br))
		check("a − b", a.sub(b), new(big.Rat).Sub(ar, br))
		check("−a", a.neg(), new(big.Rat).Neg(ar))
		check("a/2", a.half(), new(big.Rat).Quo(ar, big.NewRat(2, 1)))
		n := r.Int64N(1<<40) - 1<<39
		check("a·n", a.mulInt(n), new(big.Rat).Mul(ar, new(big.Rat).SetInt64(n)))
		check("a·b", a.mul(b), new(big.Rat).Mul(ar, br))
		if got, want := a.Cmp(b), ar.Cmp(br); got != want {
			t.Fatalf("Cmp(%s, %s) = %d, want %d", a, b, got, want)
		}
		fl := new(big.Int).Div(ar.Num(), ar.Denom()) // Euclidean: floor for a positive divisor
		check("⌊a⌋", a.Floor(), new(big.Rat).SetInt(fl))
		ce := new(big.Int).Neg(new(big.Int).Div(new(big.Int).Neg(ar.Num()), ar.Denom()))
		check("⌈a⌉", a.Ceil(), new(big.Rat).SetInt(ce))
		if f, _ := ar.Float64(); a.Float64() != f {
			t.Fatalf("Float64(%s) = %g, want %g", a, a.Float64(), f)
		}
		// Simplest number strictly between: strictly between, and no
		// dyadic of smaller denominator (or integer nearer 0) is.
		lo, hi := a, b
		if c := lo.Cmp(hi); c == 0 {
			continue
		} else if c > 0 {
			lo, hi = hi, lo
		}
		x := simplest(lo, true, hi, true)
		if !lo.Less(x) || !x.Less(hi) {
			t.Fatalf("simplest(%s, %s) = %s, not between", lo, hi, x)
		}
		if x.exp > 0 {
			// A coarser grid point between would be simpler.
			up := lo.shift(int(x.exp) - 1).Floor().add(one).shift(1 - int(x.exp))
			if up.Less(hi) {
				t.Fatalf("simplest(%s, %s) = %s, but %s is between", lo, hi, x, up)
			}
		}
	}
}

// TestBigNumberGames checks games built on numbers past 2^62 and 2^100:
// sums, stops, mean, temperature, thermographs and the printed forms,
// against the exact values (a switch {a|b} with a > b numbers has stops
// a and b, mean (a+b)/2 and temperature (a−b)/2: Siegel, CGT, II.5).
func TestBigNumberGames(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 100))
	s := NewSpace()
	for i := 0; i < 300; i++ {
		a, ar := randBigDyadic(r, 130, 20)
		b, br := randBigDyadic(r, 130, 20)
		if a.Cmp(b) == 0 {
			continue
		}
		if a.Less(b) {
			a, b, ar, br = b, a, br, ar
		}
		g := s.mk([]Game{s.Number(a)}, []Game{s.Number(b)})
		if s.leftStop(g) != a || s.rightStop(g) != b {
			t.Fatalf("stops of {%s|%s}: %s, %s", a, b, s.leftStop(g), s.rightStop(g))
		}
		mean, temp := s.mean(g), s.temperature(g)
		sum := new(big.Rat).Add(ar, br)
		diff := new(big.Rat).Sub(ar, br)
		half := big.NewRat(1, 2)
		if mean.Rat().Cmp(sum.Mul(sum, half)) != 0 || temp.Rat().Cmp(diff.Mul(diff, half)) != 0 {
			t.Fatalf("{%s|%s}: mean %s, temperature %s", a, b, mean, temp)
		}
		th, err := s.Thermograph(g)
		if err != nil || th.Temperature != temp || th.Mast != mean {
			t.Fatalf("thermograph of {%s|%s}: %+v, %v", a, b, th, err)
		}
		// g + (−b) − (a − b)/2 … : a sum with a number translates.
		c, cr := randBigDyadic(r, 130, 20)
		h := s.add(g, s.Number(c))
		if s.leftStop(h).Rat().Cmp(new(big.Rat).Add(ar, cr)) != 0 {
			t.Fatalf("{%s|%s} + %s: left stop %s", a, b, c, s.leftStop(h))
		}
		if z := s.add(h, s.neg(h)); z != Zero {
			t.Fatalf("h − h = %s", s.String(z))
		}
		str := s.String(h)
		if p, err := s.Parse(str); err != nil || p != h {
			t.Fatalf("%s reads back as %v (%v)", str, p, err)
		}
	}
	// 2^100 + 1 − 2^100 = 1, through the calculator's notation.
	for _, c := range []struct{ in, want string }{
		{"1267650600228229401496703205376 + 1 - 1267650600228229401496703205376", "1"},
		{"4611686018427387904 + 4611686018427387904", "9223372036854775808"},
		{"-9223372036854775808 - 9223372036854775808", "-18446744073709551616"},
		{"1267650600228229401496703205376 + ^ + *", "1267650600228229401496703205376^*"},
		{"(1267650600228229401496703205376)*3", "3802951800684688204490109616128"},
		{"1/1267650600228229401496703205376 + 1/1267650600228229401496703205376", "1/633825300114114700748351602688"},
		{"{1267650600228229401496703205376|1267650600228229401496703205377}", "2535301200456458802993406410753/2"},
	} {
		g, err := s.Parse(c.in)
		if err != nil || s.String(g) != c.want {
			t.Errorf("%s = %s (%v), want %s", c.in, s.String(g), err, c.want)
		}
	}
	g, _ := s.Parse("1267650600228229401496703205376")
	if b := s.BirthdayBig(g); b.String() != "1267650600228229401496703205376" {
		t.Errorf("birthday of 2^100: %s", b)
	}
	// birthday({n|0} + ^) = n + 3, as Birthday finds for small n.
	for _, n := range []string{"4", "16", "1267650600228229401496703205376"} {
		g, _ = s.Parse("{" + n + "|0}+^")
		want, _ := new(big.Int).SetString(n, 10)
		if b := s.BirthdayBig(g); b.Cmp(want.Add(want, big.NewInt(3))) != 0 {
			t.Errorf("birthday of {%s|0}+^: %s, want %s", n, b, want)
		}
	}
}

// TestParseLargestNumbers: every integer below 2^MaxBits reads back
// exactly, and 2^MaxBits is refused (issue 19). The digit pre-check once
// estimated the digits of 2^16384 as 4916 (3/10 for log10 2), so numbers
// from about 2^16330 up were refused although below the bound.
func TestParseLargestNumbers(t *testing.T) {
	s := NewSpace()
	top := new(big.Int).Lsh(big.NewInt(1), MaxBits)
	below := new(big.Int).Sub(top, big.NewInt(1))
	if len(top.String()) != 4933 || len(below.String()) != 4933 {
		t.Fatalf("2^%d has %d digits", MaxBits, len(top.String()))
	}
	for _, n := range []*big.Int{below, new(big.Int).Lsh(big.NewInt(1), MaxBits-1), new(big.Int).Neg(below)} {
		g, err := s.Parse(n.String())
		if err != nil {
			t.Errorf("%d-digit integer: %v", len(n.String()), err)
			continue
		}
		if got := s.String(g); got != n.String() {
			t.Errorf("%d-digit integer prints back as %d digits", len(n.String()), len(got))
		}
	}
	for _, e := range []string{top.String(), top.String() + "0"} {
		if _, err := s.Parse(e); err == nil || !strings.Contains(err.Error(), "numbers are limited to 2^16384") {
			t.Errorf("%d digits: %v, want the limit 2^16384", len(e), err)
		}
	}
	if _, err := s.Parse(top.String() + "0"); err == nil || !strings.Contains(err.Error(), "(4933 digits)") {
		t.Errorf("4934 digits: %v, want the digits of 2^16384 named", err)
	}
}
