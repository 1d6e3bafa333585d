package cgt

import (
	"fmt"
	"math/bits"
	"strconv"

	"github.com/grundy-go/grundy/budget"
)

// MaxExp is the largest denominator exponent a Dyadic may have: every
// dyadic rational handled here is m/2^k with k ≤ MaxExp.
const MaxExp = 48

// MaxNum bounds the numerators that arithmetic produces: |m| ≤ 2^62, so
// that a negation, a comparison or a birthday of any result is exact.
const MaxNum = 1 << 62

// Dyadic is an exact dyadic rational m/2^k, kept normalised (m odd or
// k = 0), so == compares values. The zero value is 0.
//
// Arithmetic is on int64 numerators and checks for overflow: Add, Sub,
// Neg, Half, MulInt, NewDyadic and Simplest return a *budget.Exceeded
// (errors.Is(err, budget.ErrExceeded)) for a result whose numerator would
// pass MaxNum or whose denominator would pass 2^MaxExp. Comparisons are
// exact for every Dyadic and never fail.
type Dyadic struct {
	num int64
	exp uint8
}

// overflow throws the error of arithmetic past this package's numbers.
func overflow(op string) {
	limit(budget.Size, MaxNum, "number too large for exact arithmetic in %s (numerators are limited to 2^62, denominators to 2^%d)", op, MaxExp)
}

// Int returns the dyadic n.
func Int(n int64) Dyadic { return Dyadic{num: n} }

// NewDyadic returns m/2^k, normalised, or an error if k > MaxExp.
func NewDyadic(m int64, k uint) (d Dyadic, err error) {
	defer catch(&err)
	return newDyadic(m, k), nil
}

func newDyadic(m int64, k uint) Dyadic {
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
	if (a >= 0) == (b >= 0) && (s >= 0) != (a >= 0) || s > MaxNum || s < -MaxNum {
		overflow("addition")
	}
	return s
}

// Add returns d + e.
func (d Dyadic) Add(e Dyadic) (r Dyadic, err error) {
	defer catch(&err)
	return d.add(e), nil
}

// Sub returns d − e.
func (d Dyadic) Sub(e Dyadic) (r Dyadic, err error) {
	defer catch(&err)
	return d.sub(e), nil
}

// Neg returns −d.
func (d Dyadic) Neg() (r Dyadic, err error) {
	defer catch(&err)
	return d.neg(), nil
}

// Half returns d/2.
func (d Dyadic) Half() (r Dyadic, err error) {
	defer catch(&err)
	return d.half(), nil
}

// MulInt returns d·n.
func (d Dyadic) MulInt(n int64) (r Dyadic, err error) {
	defer catch(&err)
	return d.mulInt(n), nil
}

func (d Dyadic) add(e Dyadic) Dyadic {
	if d.exp == e.exp {
		return Dyadic{addInt(d.num, e.num), d.exp}.norm()
	}
	if d.exp < e.exp {
		d, e = e, d
	}
	return Dyadic{addInt(d.num, shl(e.num, uint(d.exp-e.exp))), d.exp}.norm()
}

func (d Dyadic) neg() Dyadic {
	if d.num == -1<<63 {
		overflow("negation")
	}
	return Dyadic{-d.num, d.exp}
}

func (d Dyadic) sub(e Dyadic) Dyadic { return d.add(e.neg()) }

func (d Dyadic) half() Dyadic {
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

func (d Dyadic) mulInt(n int64) Dyadic {
	hi, lo := bits.Mul64(uint64(abs64(d.num)), uint64(abs64(n)))
	if hi != 0 || lo > MaxNum {
		overflow("multiplication")
	}
	r := int64(lo)
	if (d.num < 0) != (n < 0) {
		r = -r
	}
	return Dyadic{r, d.exp}.norm()
}

// mul returns d·e.
func (d Dyadic) mul(e Dyadic) Dyadic {
	if uint(d.exp)+uint(e.exp) > MaxExp {
		overflow("multiplication")
	}
	p := Dyadic{num: d.num}.mulInt(e.num) // an integer: exp stays 0
	return Dyadic{p.num, d.exp + e.exp}.norm()
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

// Cmp returns -1, 0 or +1 as d <, ==, > e. It is exact for every pair
// (the cross products are compared in 128 bits).
func (d Dyadic) Cmp(e Dyadic) int {
	if d == e {
		return 0
	}
	if sd, se := d.Sign(), e.Sign(); sd != se {
		if sd < se {
			return -1
		}
		return 1
	}
	// Same sign, not both 0: compare |d|·2^e.exp with |e|·2^d.exp.
	c := cmpMag(uabs(d.num), uint(e.exp), uabs(e.num), uint(d.exp))
	if d.num < 0 {
		c = -c
	}
	return c
}

func uabs(x int64) uint64 {
	if x < 0 {
		return uint64(-x) // -MinInt64 wraps to 2^63, which is right as uint64
	}
	return uint64(x)
}

// cmpMag compares a·2^i with b·2^j (a ≤ 2^63; i, j ≤ MaxExp).
func cmpMag(a uint64, i uint, b uint64, j uint) int {
	m := min(i, j)
	i, j = i-m, j-m
	ahi, alo := shl128(a, i)
	bhi, blo := shl128(b, j)
	switch {
	case ahi != bhi:
		if ahi < bhi {
			return -1
		}
		return 1
	case alo != blo:
		if alo < blo {
			return -1
		}
		return 1
	}
	return 0
}

// shl128 returns x·2^s as a 128-bit number (s < 64).
func shl128(x uint64, s uint) (hi, lo uint64) {
	if s == 0 {
		return 0, x
	}
	return x >> (64 - s), x << s
}

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
func Simplest(lo Dyadic, hasLo bool, hi Dyadic, hasHi bool) (d Dyadic, err error) {
	defer catch(&err)
	return simplest(lo, hasLo, hi, hasHi), nil
}

func simplest(lo Dyadic, hasLo bool, hi Dyadic, hasHi bool) Dyadic {
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
		return simplest(hi.neg(), true, lo.neg(), true).neg()
	}
	// 0 ≤ lo < hi.
	if n := Int(lo.Floor() + 1); n.Less(hi) {
		return n
	}
	for k := uint(1); k <= MaxExp; k++ {
		// the least multiple of 2^-k above lo
		scaled := lo.scaleFloor(k) + 1
		c := newDyadic(scaled, k)
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
func ParseDyadic(s string) (_ Dyadic, err error) {
	defer catch(&err)
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
		d = newDyadic(n, k)
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
		d = Int(n).add(newDyadic(f/pow5, uint(len(fp))))
	} else {
		n, err := parseNat(t, s)
		if err != nil {
			return Dyadic{}, err
		}
		d = Int(n)
	}
	if neg {
		d = d.neg()
	}
	return d, nil
}

// MaxInt bounds the integers accepted in input: MaxNum, the bound of
// every numerator (a sum past it is refused with a *budget.Exceeded, never
// wrapped around).
const MaxInt = MaxNum

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
		return 0, fmt.Errorf("%q: numbers above 2^62 are not supported", whole)
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
