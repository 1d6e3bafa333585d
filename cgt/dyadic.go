package cgt

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"strings"

	"github.com/grundy-go/grundy/budget"
)

// MaxExp is the largest denominator exponent a Dyadic may have: every
// dyadic rational handled here is m/2^k with k ≤ MaxExp.
const MaxExp = 1 << 12

// MaxBits bounds the size of numerators: |m| < 2^MaxBits. A result past
// it is refused with a *budget.Exceeded, never rounded.
const MaxBits = 1 << 14

// MaxNum bounds the numerators kept in a machine word: |m| ≤ 2^62 is
// stored as an int64 and computed on without allocation; a larger
// numerator is kept as a big integer (math/big), exactly, up to MaxBits.
const MaxNum = 1 << 62

// Dyadic is an exact dyadic rational m/2^k, kept normalised (m odd or
// k = 0, and m in a machine word exactly when |m| ≤ MaxNum), so ==
// compares values and a Dyadic may key a map. The zero value is 0.
//
// Numerators of any size up to MaxBits are exact: arithmetic is on
// int64 numerators while they fit and on math/big past MaxNum. Add, Sub,
// Neg, Half, MulInt, NewDyadic and Simplest return a *budget.Exceeded
// (errors.Is(err, budget.ErrExceeded)) only for a result whose numerator
// would pass 2^MaxBits or whose denominator would pass 2^MaxExp.
// Comparisons are exact for every Dyadic and never fail.
type Dyadic struct {
	num int64  // the numerator when big is ""
	exp uint16 // k
	// big is the numerator when |m| > MaxNum: a sign byte ('+' or '-')
	// and the magnitude's big-endian bytes. A string keeps Dyadic
	// comparable.
	big string
}

// overflow throws the error of arithmetic past this package's numbers.
func overflow(op string) {
	limit(budget.Size, MaxBits, "number too large for exact arithmetic in %s (numerators are limited to 2^%d, denominators to 2^%d)", op, MaxBits, MaxExp)
}

// Int returns the dyadic n.
func Int(n int64) Dyadic {
	if n > MaxNum || n < -MaxNum {
		return fromBig(big.NewInt(n), 0)
	}
	return Dyadic{num: n}
}

// IntBig returns the dyadic n, or an error past 2^MaxBits.
func IntBig(n *big.Int) (d Dyadic, err error) {
	defer catch(&err)
	return fromBig(new(big.Int).Set(n), 0), nil
}

// NewDyadic returns m/2^k, normalised, or an error if k > MaxExp.
func NewDyadic(m int64, k uint) (d Dyadic, err error) {
	defer catch(&err)
	return newDyadic(m, k), nil
}

func newDyadic(m int64, k uint) Dyadic {
	if k > MaxExp {
		overflow("NewDyadic")
	}
	if m > MaxNum || m < -MaxNum {
		return fromBig(big.NewInt(m), k)
	}
	d := Dyadic{num: m, exp: uint16(k)}
	return d.norm()
}

// norm normalises a Dyadic with a machine-word numerator.
func (d Dyadic) norm() Dyadic {
	if d.num == 0 {
		return Dyadic{}
	}
	if tz := uint16(bits.TrailingZeros64(uint64(d.num))); tz > 0 && d.exp > 0 {
		s := min(tz, d.exp)
		d.num >>= s
		d.exp -= s
	}
	return d
}

// fromBig returns m/2^k normalised; it takes ownership of m.
func fromBig(m *big.Int, k uint) Dyadic {
	if m.Sign() == 0 {
		return Dyadic{}
	}
	if s := min(m.TrailingZeroBits(), k); s > 0 {
		m.Rsh(m, s) // exact: m is a multiple of 2^s
		k -= s
	}
	if k > MaxExp {
		overflow("a denominator")
	}
	if m.BitLen() > MaxBits {
		overflow("a numerator")
	}
	if m.IsInt64() {
		if n := m.Int64(); n <= MaxNum && n >= -MaxNum {
			return Dyadic{num: n, exp: uint16(k)}
		}
	}
	sign := byte('+')
	if m.Sign() < 0 {
		sign = '-'
	}
	return Dyadic{exp: uint16(k), big: string(sign) + string(m.Bytes())}
}

// isBig reports whether the numerator is past MaxNum.
func (d Dyadic) isBig() bool { return d.big != "" }

// bigNum returns the numerator as a new *big.Int.
func (d Dyadic) bigNum() *big.Int {
	if d.big == "" {
		return big.NewInt(d.num)
	}
	m := new(big.Int).SetBytes([]byte(d.big[1:]))
	if d.big[0] == '-' {
		m.Neg(m)
	}
	return m
}

// Num and Exp return m and k of d = m/2^k. Num is meaningful only when
// the numerator fits a machine word (|m| ≤ MaxNum, see BigNum); past it
// it returns math.MaxInt64 or math.MinInt64 by the sign.
func (d Dyadic) Num() int64 {
	if d.big != "" {
		if d.big[0] == '-' {
			return math.MinInt64
		}
		return math.MaxInt64
	}
	return d.num
}
func (d Dyadic) Exp() uint { return uint(d.exp) }

// BigNum returns the numerator m of d = m/2^k, of any size.
func (d Dyadic) BigNum() *big.Int { return d.bigNum() }

// Rat returns d as a new *big.Rat.
func (d Dyadic) Rat() *big.Rat {
	return new(big.Rat).SetFrac(d.bigNum(), new(big.Int).Lsh(big.NewInt(1), uint(d.exp)))
}

// Float64 returns the float64 nearest d (±Inf far past the float range).
func (d Dyadic) Float64() float64 {
	if d.big == "" {
		return math.Ldexp(float64(d.num), -int(d.exp))
	}
	f, _ := d.Rat().Float64()
	return f
}

// IsInt reports whether d is an integer.
func (d Dyadic) IsInt() bool { return d.exp == 0 }

// Sign returns -1, 0 or +1.
func (d Dyadic) Sign() int {
	switch {
	case d.big != "":
		if d.big[0] == '-' {
			return -1
		}
		return 1
	case d.num < 0:
		return -1
	case d.num > 0:
		return 1
	}
	return 0
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
	if d.big == "" && e.big == "" {
		if d.exp < e.exp {
			d, e = e, d
		}
		// Both |numerators| ≤ 2^62: a shift by s < 62 leaves
		// |e.num·2^s| < 2^124, checked below before it is formed.
		s := uint(d.exp - e.exp)
		if s == 0 {
			// |d.num + e.num| ≤ 2^63, which wraps only at +2^63.
			if sum := d.num + e.num; sum != math.MinInt64 || d.num < 0 {
				return Dyadic{num: sum, exp: d.exp}.small()
			}
		} else if s < 62 {
			if x := e.num << s; x>>s == e.num {
				if sum := d.num + x; (d.num >= 0) != (x >= 0) || (sum >= 0) == (d.num >= 0) {
					return Dyadic{num: sum, exp: d.exp}.small()
				}
			}
		}
	}
	k := uint(max(d.exp, e.exp))
	a := d.bigNum()
	a.Lsh(a, k-uint(d.exp))
	b := e.bigNum()
	b.Lsh(b, k-uint(e.exp))
	return fromBig(a.Add(a, b), k)
}

// small normalises a result whose numerator is an int64 that may be past
// MaxNum (a sum of two numerators of at most 2^62 fits an int64).
func (d Dyadic) small() Dyadic {
	if d.num > MaxNum || d.num < -MaxNum {
		return fromBig(big.NewInt(d.num), uint(d.exp))
	}
	return d.norm()
}

func (d Dyadic) neg() Dyadic {
	if d.big != "" {
		b := []byte(d.big)
		if b[0] == '-' {
			b[0] = '+'
		} else {
			b[0] = '-'
		}
		return Dyadic{exp: d.exp, big: string(b)}
	}
	return Dyadic{num: -d.num, exp: d.exp} // |num| ≤ 2^62: no overflow
}

func (d Dyadic) sub(e Dyadic) Dyadic { return d.add(e.neg()) }

func (d Dyadic) half() Dyadic {
	if d.Sign() == 0 {
		return d
	}
	if d.exp == 0 && d.big == "" && d.num&1 == 0 {
		return Dyadic{num: d.num / 2}
	}
	if d.exp == 0 && d.big != "" {
		return fromBig(d.bigNum(), 1)
	}
	if d.exp >= MaxExp {
		overflow("halving")
	}
	d.exp++ // the numerator is odd: d stays normalised
	return d
}

func (d Dyadic) mulInt(n int64) Dyadic {
	if d.big == "" {
		hi, lo := bits.Mul64(uint64(uabs(d.num)), uabs(n))
		if hi == 0 && lo <= MaxNum {
			r := int64(lo)
			if (d.num < 0) != (n < 0) {
				r = -r
			}
			return Dyadic{num: r, exp: d.exp}.norm()
		}
	}
	m := d.bigNum()
	return fromBig(m.Mul(m, big.NewInt(n)), uint(d.exp))
}

// mul returns d·e.
func (d Dyadic) mul(e Dyadic) Dyadic {
	if uint(d.exp)+uint(e.exp) > MaxExp {
		overflow("multiplication")
	}
	m := d.bigNum()
	return fromBig(m.Mul(m, e.bigNum()), uint(d.exp)+uint(e.exp))
}

// shift returns d·2^s (s may be negative).
func (d Dyadic) shift(s int) Dyadic {
	k := int(d.exp) - s
	if k >= 0 {
		if k > MaxExp {
			overflow("a denominator")
		}
		return fromBig(d.bigNum(), uint(k))
	}
	m := d.bigNum()
	return fromBig(m.Lsh(m, uint(-k)), 0)
}

// Cmp returns -1, 0 or +1 as d <, ==, > e. It is exact for every pair.
func (d Dyadic) Cmp(e Dyadic) int {
	if d.big == "" && e.big == "" && d.exp == e.exp {
		// The common case (integers, or one denominator): compare the
		// numerators.
		switch {
		case d.num < e.num:
			return -1
		case d.num > e.num:
			return 1
		}
		return 0
	}
	if d == e {
		return 0
	}
	sd, se := d.Sign(), e.Sign()
	if sd != se {
		if sd < se {
			return -1
		}
		return 1
	}
	if d.big == "" && e.big == "" {
		// Same sign, not both 0: compare |d|·2^e.exp with |e|·2^d.exp.
		if i, j := uint(e.exp), uint(d.exp); max(i, j)-min(i, j) < 64 {
			c := cmpMag(uabs(d.num), i, uabs(e.num), j)
			if d.num < 0 {
				c = -c
			}
			return c
		}
	}
	k := uint(max(d.exp, e.exp))
	a := d.bigNum()
	a.Lsh(a, k-uint(d.exp))
	b := e.bigNum()
	b.Lsh(b, k-uint(e.exp))
	return a.Cmp(b)
}

func uabs(x int64) uint64 {
	if x < 0 {
		return uint64(-x) // -MinInt64 wraps to 2^63, which is right as uint64
	}
	return uint64(x)
}

// cmpMag compares a·2^i with b·2^j (a, b ≤ 2^63; |i − j| < 64).
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
func (d Dyadic) Floor() Dyadic {
	if d.exp == 0 {
		return d
	}
	if d.big == "" {
		return Dyadic{num: d.num >> d.exp}
	}
	m := d.bigNum()
	return fromBig(m.Rsh(m, uint(d.exp)), 0) // Rsh rounds towards −∞
}

// Ceil returns the least integer ≥ d.
func (d Dyadic) Ceil() Dyadic {
	if d.exp == 0 {
		return d
	}
	return d.Floor().add(Int(1))
}

// String writes d as an integer or an exact fraction "-5/16".
func (d Dyadic) String() string {
	if d.big == "" && d.exp < 63 {
		if d.exp == 0 {
			return fmt.Sprint(d.num)
		}
		return fmt.Sprintf("%d/%d", d.num, int64(1)<<d.exp)
	}
	if d.exp == 0 {
		return d.bigNum().String()
	}
	return d.bigNum().String() + "/" + new(big.Int).Lsh(big.NewInt(1), uint(d.exp)).String()
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

var one = Dyadic{num: 1}

func simplest(lo Dyadic, hasLo bool, hi Dyadic, hasHi bool) Dyadic {
	switch {
	case !hasLo && !hasHi:
		return Dyadic{}
	case !hasLo:
		if hi.Sign() > 0 {
			return Dyadic{}
		}
		return hi.Ceil().sub(one)
	case !hasHi:
		if lo.Sign() < 0 {
			return Dyadic{}
		}
		return lo.Floor().add(one)
	}
	if lo.Sign() < 0 && hi.Sign() > 0 {
		return Dyadic{}
	}
	if hi.Sign() <= 0 {
		return simplest(hi.neg(), true, lo.neg(), true).neg()
	}
	// 0 ≤ lo < hi.
	if n := lo.Floor().add(one); n.Less(hi) {
		return n
	}
	// No integer lies between: lo and hi share their integer part, and
	// the answer's denominator is at most hi's or lo's (the multiple of
	// 2^-k just above lo, for the least k that is below hi).
	for k := 1; k <= MaxExp; k++ {
		// the least multiple of 2^-k above lo
		c := lo.shift(k).Floor().add(one).shift(-k)
		if c.Less(hi) {
			return c
		}
	}
	overflow("simplest number")
	return Dyadic{}
}

// maxDigits bounds the digits of a number read: the digits of 2^MaxBits,
// ⌊MaxBits·log10 2⌋ + 1 with log10 2 rounded up to 0.30103 (4933), so
// every number below 2^MaxBits passes and the bit length decides.
const maxDigits = MaxBits*30103/100000 + 1

// ErrNotDyadic is wrapped by ParseDyadic's error for a fraction that is a
// rational but no dyadic one, or a non-zero number over 0 (CGSuite's
// Rational 1/3, inf): no number of a short game.
var ErrNotDyadic = errors.New("not a number of a short game")

// ParseDyadic parses "n", "-n", "m/2^k" written as "m/d" with d a power of
// two, or a decimal "1.25" whose value is dyadic. Integers of any size up
// to 2^MaxBits are exact.
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
	if num, den, ok := strings.Cut(t, "/"); ok {
		n, err := parseNat(num, s)
		if err != nil {
			return Dyadic{}, err
		}
		m, err := parseNat(den, s)
		if err != nil {
			return Dyadic{}, err
		}
		if m.Sign() == 0 {
			if n.Sign() != 0 {
				return Dyadic{}, fmt.Errorf("%q: division by zero: %w", s, ErrNotDyadic)
			}
			return Dyadic{}, fmt.Errorf("%q: division by zero", s)
		}
		// n/m in lowest terms (0/7 is 0, 6/2 is 3, as CGSuite reads them).
		if g := new(big.Int).GCD(nil, nil, n, m); g.Cmp(big.NewInt(1)) > 0 && n.Sign() != 0 {
			n, m = new(big.Int).Quo(n, g), new(big.Int).Quo(m, g)
		} else if n.Sign() == 0 {
			m = big.NewInt(1)
		}
		k := m.TrailingZeroBits()
		if m.BitLen() != int(k)+1 {
			return Dyadic{}, fmt.Errorf("%q is not a dyadic rational: the denominator %s is not a power of 2: %w", s, den, ErrNotDyadic)
		}
		if k > MaxExp {
			return Dyadic{}, fmt.Errorf("%q: denominators above 2^%d are not supported", s, MaxExp)
		}
		d = fromBig(n, k)
	} else if ip, fp, ok := strings.Cut(t, "."); ok {
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
		if f.Int64()%pow5 != 0 {
			return Dyadic{}, fmt.Errorf("%q is not a dyadic rational", s)
		}
		d = fromBig(n, 0).add(newDyadic(f.Int64()/pow5, uint(len(fp))))
	} else {
		n, err := parseNat(t, s)
		if err != nil {
			return Dyadic{}, err
		}
		d = fromBig(n, 0)
	}
	if neg {
		d = d.neg()
	}
	return d, nil
}

func parseNat(s, whole string) (*big.Int, error) {
	if s == "" {
		return nil, fmt.Errorf("%q: missing digits", whole)
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return nil, fmt.Errorf("%q: bad digit %q", whole, r)
		}
	}
	if len(s) > maxDigits {
		return nil, fmt.Errorf("a number of %d digits: numbers are limited to 2^%d (%d digits)", len(s), MaxBits, maxDigits)
	}
	n, _ := new(big.Int).SetString(s, 10)
	if n.BitLen() > MaxBits {
		return nil, fmt.Errorf("a number of %d digits: numbers are limited to 2^%d", len(s), MaxBits)
	}
	return n, nil
}
