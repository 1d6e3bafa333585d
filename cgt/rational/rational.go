package rational

import (
	"errors"
	"math/big"
)

// Rat is a rational number in lowest terms with a positive denominator,
// or ±inf: a zero denominator and a numerator of ±1. The zero Rat is not
// valid; make one with New, Int or Inf. Methods never alter their
// receiver or arguments.
type Rat struct {
	num, den *big.Int
}

// ErrDivByZero is the error of 0/0, and of what leads to it (inf − inf,
// 0 · inf); its text is CGSuite's.
var ErrDivByZero = errors.New("/ by zero")

// MaxBits bounds the numerators and denominators made: past it a power
// or a product is refused rather than filling the memory.
const MaxBits = 1 << 16

// ErrOverflow is the error of a result past MaxBits; its text is CGSuite's.
var ErrOverflow = errors.New("Overflow.")

// New returns n/d in lowest terms: ±inf when d is 0 and n is not, and
// ErrDivByZero for 0/0.
func New(n, d *big.Int) (Rat, error) {
	if n.BitLen() > MaxBits || d.BitLen() > MaxBits {
		return Rat{}, ErrOverflow
	}
	if d.Sign() == 0 {
		if n.Sign() == 0 {
			return Rat{}, ErrDivByZero
		}
		return Inf(n.Sign()), nil
	}
	num, den := new(big.Int).Set(n), new(big.Int).Set(d)
	if den.Sign() < 0 {
		num.Neg(num)
		den.Neg(den)
	}
	if g := new(big.Int).GCD(nil, nil, new(big.Int).Abs(num), den); g.Cmp(big.NewInt(1)) != 0 {
		num.Quo(num, g)
		den.Quo(den, g)
	}
	return Rat{num, den}, nil
}

// Int returns the integer n.
func Int(n *big.Int) Rat { return Rat{new(big.Int).Set(n), big.NewInt(1)} }

// Inf returns inf for sign > 0 and −inf for sign < 0.
func Inf(sign int) Rat {
	if sign < 0 {
		return Rat{big.NewInt(-1), new(big.Int)}
	}
	return Rat{big.NewInt(1), new(big.Int)}
}

// Num and Den are the numerator and the denominator (0 for ±inf); the
// caller must not change them.
func (x Rat) Num() *big.Int { return x.num }
func (x Rat) Den() *big.Int { return x.den }

// IsInf reports whether x is inf or −inf.
func (x Rat) IsInf() bool { return x.den.Sign() == 0 }

// IsInt reports whether x is an integer.
func (x Rat) IsInt() bool { return x.den.Cmp(big.NewInt(1)) == 0 }

// IsDyadic reports whether x is a dyadic rational m/2^k, the numbers of
// short games (not ±inf).
func (x Rat) IsDyadic() bool {
	return x.den.Sign() > 0 && x.den.TrailingZeroBits() == uint(x.den.BitLen()-1)
}

// Sign is −1, 0 or 1.
func (x Rat) Sign() int { return x.num.Sign() }

// Cmp compares x and y: −1, 0 or 1. The infinities lie beyond every
// rational, and each equals itself.
func (x Rat) Cmp(y Rat) int {
	if x.IsInf() || y.IsInf() {
		xs, ys := 0, 0
		if x.IsInf() {
			xs = x.Sign()
		}
		if y.IsInf() {
			ys = y.Sign()
		}
		if xs != ys {
			if xs < ys {
				return -1
			}
			return 1
		}
		if xs != 0 {
			return 0
		}
	}
	a := new(big.Int).Mul(x.num, y.den)
	return a.Cmp(new(big.Int).Mul(x.den, y.num))
}

// Neg is −x.
func (x Rat) Neg() Rat { return Rat{new(big.Int).Neg(x.num), x.den} }

// The four operations on fractions n/d, with the infinities as fractions
// of denominator 0 (so inf + 1 = (1·1 + 0·1)/0 = inf, and inf − inf =
// 0/0 is refused), as CGSuite defines them.

// Add is x + y.
func (x Rat) Add(y Rat) (Rat, error) {
	a := new(big.Int).Mul(x.num, y.den)
	a.Add(a, new(big.Int).Mul(x.den, y.num))
	return New(a, new(big.Int).Mul(x.den, y.den))
}

// Sub is x − y.
func (x Rat) Sub(y Rat) (Rat, error) { return x.Add(y.Neg()) }

// Mul is x · y.
func (x Rat) Mul(y Rat) (Rat, error) {
	return New(new(big.Int).Mul(x.num, y.num), new(big.Int).Mul(x.den, y.den))
}

// Quo is x / y.
func (x Rat) Quo(y Rat) (Rat, error) {
	return New(new(big.Int).Mul(x.num, y.den), new(big.Int).Mul(x.den, y.num))
}

// Rem is x % y: ((n·d') rem (d·n'))/(d·d') for x = n/d, y = n'/d', the
// remainder with the sign of the dividend; a zero divisor is refused.
func (x Rat) Rem(y Rat) (Rat, error) {
	a := new(big.Int).Mul(x.num, y.den)
	b := new(big.Int).Mul(x.den, y.num)
	if b.Sign() == 0 {
		return Rat{}, ErrDivByZero
	}
	return New(a.Rem(a, b), new(big.Int).Mul(x.den, y.den))
}

// Pow is x^e for an integer e: (n^e)/(d^e), and (d^−e)/(n^−e) for e < 0.
func (x Rat) Pow(e *big.Int) (Rat, error) {
	n, d := x.num, x.den
	if e.Sign() < 0 {
		n, d = d, n
	}
	ae := new(big.Int).Abs(e)
	if !ae.IsInt64() || ae.Int64() > MaxBits || ae.Int64()*int64(max(n.BitLen(), d.BitLen())) > MaxBits {
		if n.BitLen() > 1 || d.BitLen() > 1 { // bases 0 and ±1 stay small
			return Rat{}, ErrOverflow
		}
		ae = new(big.Int).SetBit(new(big.Int), 0, ae.Bit(0)) // the parity decides
		if e.Sign() != 0 && ae.Sign() == 0 {
			ae.SetInt64(2)
		}
	}
	return New(new(big.Int).Exp(n, ae, nil), new(big.Int).Exp(d, ae, nil))
}

// Floor is the greatest integer ≤ x; Ceiling the least ≥ x. Neither is
// defined for ±inf (ErrDivByZero, as CGSuite says).
func (x Rat) Floor() (Rat, error) {
	if x.IsInf() {
		return Rat{}, ErrDivByZero
	}
	q := new(big.Int).Div(x.num, x.den) // Euclidean: the floor, as den > 0
	return Int(q), nil
}

func (x Rat) Ceiling() (Rat, error) {
	f, err := x.Neg().Floor()
	if err != nil {
		return Rat{}, err
	}
	return f.Neg(), nil
}

// Abs is |x|.
func (x Rat) Abs() Rat {
	if x.Sign() < 0 {
		return x.Neg()
	}
	return x
}

// Reciprocal is 1/x: 1/0 is inf, 1/±inf is 0.
func (x Rat) Reciprocal() (Rat, error) { return New(x.den, x.num) }

// Birthday is the day x is born as a surreal number: ⌈|x|⌉ + k for a
// dyadic m/2^k in lowest terms (|n| for an integer n), ω for any other
// rational (ONAG ch. 3), and none for ±inf.
func (x Rat) Birthday() (string, error) {
	switch {
	case x.IsInf():
		return "", errors.New("inf has no birthday")
	case !x.IsDyadic():
		return "ω", nil
	}
	c, _ := x.Abs().Ceiling()
	k := int64(x.den.BitLen() - 1)
	return new(big.Int).Add(c.num, big.NewInt(k)).String(), nil
}

// Outcome is the outcome class of x as a game: L when positive (inf
// too), R when negative, P for 0.
func (x Rat) Outcome() string {
	switch x.Sign() {
	case 1:
		return "L"
	case -1:
		return "R"
	}
	return "P"
}

// String is CGSuite's printing: n, n/d, inf, -inf.
func (x Rat) String() string {
	switch {
	case x.IsInf() && x.Sign() < 0:
		return "-inf"
	case x.IsInf():
		return "inf"
	case x.IsInt():
		return x.num.String()
	}
	return x.num.String() + "/" + x.den.String()
}
