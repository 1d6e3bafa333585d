package cgt

import (
	"fmt"
	"math/bits"
	"strconv"
)

// MaxExp is the largest denominator exponent a Dyadic may have: every
// dyadic rational handled here is m/2^k with k ≤ MaxExp.
const MaxExp = 48

// Dyadic is an exact dyadic rational m/2^k, kept normalised (m odd or
// k = 0), so == compares values. The zero value is 0.
//
// Arithmetic is on int64 numerators and checks for overflow: a result
// that does not fit panics with an *OverflowError, which the parsing and
// evaluation entry points (Parse, Space.Eval) turn into an ordinary error.
type Dyadic struct {
	num int64
	exp uint8
}

// OverflowError reports arithmetic on numbers too large (or with
// denominators too fine) for this package's exact representation.
type OverflowError struct{ Op string }

func (e *OverflowError) Error() string {
	return "number too large for exact arithmetic in " + e.Op + " (numerators are limited to 63 bits, denominators to 2^48)"
}

func overflow(op string) { panic(&OverflowError{op}) }

// Int returns the dyadic n.
func Int(n int64) Dyadic { return Dyadic{num: n} }

// NewDyadic returns m/2^k, normalised. It panics if k > MaxExp.
func NewDyadic(m int64, k uint) Dyadic {
	if k > MaxExp {
		overflow("NewDyadic")
	}
	d := Dyadic{num: m, exp: uint8(k)}
	return d.norm()
}

func (d Dyadic) norm() Dyadic {
	if d.num == 0 {
		return Dyadic{}
	}
	for d.exp > 0 && d.num&1 == 0 {
		d.num >>= 1
		d.exp--
	}
	return d
}

// Num and Exp return m and k of d = m/2^k.
func (d Dyadic) Num() int64 { return d.num }
func (d Dyadic) Exp() uint  { return uint(d.exp) }

// IsInt reports whether d is an integer.
func (d Dyadic) IsInt() bool { return d.exp == 0 }

// Sign returns -1, 0 or +1.
func (d Dyadic) Sign() int {
	switch {
	case d.num < 0:
		return -1
	case d.num > 0:
		return 1
	}
	return 0
}

func shl(x int64, s uint) int64 {
	if s == 0 {
		return x
	}
	if s >= 63 {
		if x != 0 {
			overflow("shift")
		}
		return 0
	}
	r := x << s
	if r>>s != x {
		overflow("shift")
	}
	return r
}

func addInt(a, b int64) int64 {
	s := a + b
	if (a >= 0) == (b >= 0) && (s >= 0) != (a >= 0) {
		overflow("addition")
	}
	return s
}

// Add returns d + e.
func (d Dyadic) Add(e Dyadic) Dyadic {
	if d.exp == e.exp {
		return Dyadic{addInt(d.num, e.num), d.exp}.norm()
	}
	if d.exp < e.exp {
		d, e = e, d
	}
	return Dyadic{addInt(d.num, shl(e.num, uint(d.exp-e.exp))), d.exp}.norm()
}

// Neg returns -d.
func (d Dyadic) Neg() Dyadic {
	if d.num == -1<<63 {
		overflow("negation")
	}
	return Dyadic{-d.num, d.exp}
}

// Sub returns d - e.
func (d Dyadic) Sub(e Dyadic) Dyadic { return d.Add(e.Neg()) }

// Half returns d/2.
func (d Dyadic) Half() Dyadic {
	if d.num == 0 {
		return d
	}
	if d.exp == 0 && d.num&1 == 0 {
		return Dyadic{d.num / 2, 0}
	}
	if d.exp >= MaxExp {
		overflow("halving")
	}
	return Dyadic{d.num, d.exp + 1}.norm()
}

// MulInt returns d·n.
func (d Dyadic) MulInt(n int64) Dyadic {
	hi, lo := bits.Mul64(uint64(abs64(d.num)), uint64(abs64(n)))
	if hi != 0 || lo > 1<<62 {
		overflow("multiplication")
	}
	r := int64(lo)
	if (d.num < 0) != (n < 0) {
		r = -r
	}
	return Dyadic{r, d.exp}.norm()
}

func abs64(x int64) int64 {
	if x < 0 {
		if x == -1<<63 {
			overflow("absolute value")
		}
		return -x
	}
	return x
}

// Cmp returns -1, 0 or +1 as d <, ==, > e.
func (d Dyadic) Cmp(e Dyadic) int { return d.Sub(e).Sign() }

// Less reports d < e.
func (d Dyadic) Less(e Dyadic) bool { return d.Cmp(e) < 0 }

// Floor returns the greatest integer ≤ d.
func (d Dyadic) Floor() int64 { return d.num >> d.exp }

// Ceil returns the least integer ≥ d.
func (d Dyadic) Ceil() int64 {
	f := d.Floor()
	if d.exp != 0 {
		f++
	}
	return f
}

// String writes d as an integer or an exact fraction "-5/16".
func (d Dyadic) String() string {
	if d.exp == 0 {
		return strconv.FormatInt(d.num, 10)
	}
	return fmt.Sprintf("%d/%d", d.num, int64(1)<<d.exp)
}

// MarshalText writes d as String does, so JSON carries exact fractions.
func (d Dyadic) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// Simplest returns the simplest number strictly between lo and hi
// (Conway's simplicity rule, ONAG ch. 0; Siegel, CGT, ch. II.3):
// an integer of least magnitude if any lies strictly between, else the
// dyadic of least denominator. hasLo/hasHi false means that side is
// unbounded. It requires lo < hi when both are present.
func Simplest(lo Dyadic, hasLo bool, hi Dyadic, hasHi bool) Dyadic {
	switch {
	case !hasLo && !hasHi:
		return Dyadic{}
	case !hasLo:
		if hi.Sign() > 0 {
			return Dyadic{}
		}
		return Int(hi.Ceil() - 1)
	case !hasHi:
		if lo.Sign() < 0 {
			return Dyadic{}
		}
		return Int(lo.Floor() + 1)
	}
	if lo.Sign() < 0 && hi.Sign() > 0 {
		return Dyadic{}
	}
	if hi.Sign() <= 0 {
		return Simplest(hi.Neg(), true, lo.Neg(), true).Neg()
	}
	// 0 ≤ lo < hi.
	if n := Int(lo.Floor() + 1); n.Less(hi) {
		return n
	}
	for k := uint(1); k <= MaxExp; k++ {
		// the least multiple of 2^-k above lo
		scaled := lo.scaleFloor(k) + 1
		c := NewDyadic(scaled, k)
		if c.Less(hi) {
			return c
		}
	}
	overflow("simplest number")
	return Dyadic{}
}

// scaleFloor returns floor(d·2^k).
func (d Dyadic) scaleFloor(k uint) int64 {
	if k >= uint(d.exp) {
		return shl(d.num, k-uint(d.exp))
	}
	return d.num >> (uint(d.exp) - k)
}

// ParseDyadic parses "n", "-n", "m/2^k" written as "m/d" with d a power of
// two, or a decimal "1.25" whose value is dyadic.
func ParseDyadic(s string) (Dyadic, error) {
	if s == "" {
		return Dyadic{}, fmt.Errorf("empty number")
	}
	neg := false
	t := s
	if t[0] == '-' {
		neg, t = true, t[1:]
	}
	var d Dyadic
	if num, den, ok := cut(t, '/'); ok {
		n, err := parseNat(num, s)
		if err != nil {
			return Dyadic{}, err
		}
		m, err := parseNat(den, s)
		if err != nil {
			return Dyadic{}, err
		}
		if m == 0 {
			return Dyadic{}, fmt.Errorf("%q: division by zero", s)
		}
		k := uint(bits.TrailingZeros64(uint64(m)))
		if m != 1<<k {
			return Dyadic{}, fmt.Errorf("%q is not a dyadic rational: the denominator %d is not a power of 2", s, m)
		}
		if k > MaxExp {
			return Dyadic{}, fmt.Errorf("%q: denominators above 2^%d are not supported", s, MaxExp)
		}
		d = NewDyadic(n, k)
	} else if ip, fp, ok := cut(t, '.'); ok {
		n, err := parseNat(ip, s)
		if err != nil {
			return Dyadic{}, err
		}
		// fp is a decimal fraction f/10^len; dyadic iff 5^len divides f.
		f, err := parseNat(fp, s)
		if err != nil || len(fp) > 15 {
			return Dyadic{}, fmt.Errorf("%q: bad decimal fraction", s)
		}
		pow5 := int64(1)
		for range fp {
			pow5 *= 5
		}
		if f%pow5 != 0 {
			return Dyadic{}, fmt.Errorf("%q is not a dyadic rational", s)
		}
		d = Int(n).Add(NewDyadic(f/pow5, uint(len(fp))))
	} else {
		n, err := parseNat(t, s)
		if err != nil {
			return Dyadic{}, err
		}
		d = Int(n)
	}
	if neg {
		d = d.Neg()
	}
	return d, nil
}

// MaxInt bounds the integers accepted in input; sums of many of them still
// fit the 63-bit numerators.
const MaxInt = 1 << 40

func parseNat(s, whole string) (int64, error) {
	if s == "" {
		return 0, fmt.Errorf("%q: missing digits", whole)
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, fmt.Errorf("%q: bad digit %q", whole, r)
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n > MaxInt {
		return 0, fmt.Errorf("%q: numbers above 2^40 are not supported", whole)
	}
	return n, nil
}

func cut(s string, c byte) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}
