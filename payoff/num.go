package payoff

import (
	"math/big"
)

// num is one payoff entry: exact (r != nil) or float64 (r == nil).
type num struct {
	r *big.Rat
	f float64
}

func (s *core) fromRat(x *big.Rat) num {
	if s.float {
		f, _ := x.Float64()
		return num{f: f}
	}
	return num{r: x}
}

func (s *core) zero() num {
	if s.float {
		return num{}
	}
	return num{r: new(big.Rat)}
}

// addMul returns acc + p·x; acc is not modified.
func (s *core) addMul(acc num, p *big.Rat, pf float64, x num) num {
	if s.float {
		return num{f: acc.f + pf*x.f}
	}
	t := new(big.Rat).Mul(p, x.r)
	return num{r: t.Add(t, acc.r)}
}

func (s *core) add(a, b num) num {
	if s.float {
		return num{f: a.f + b.f}
	}
	return num{r: new(big.Rat).Add(a.r, b.r)}
}

func (s *core) neg(a num) num {
	if s.float {
		return num{f: -a.f}
	}
	return num{r: new(big.Rat).Neg(a.r)}
}

func (s *core) cmp(a, b num) int {
	if s.float {
		switch {
		case a.f < b.f:
			return -1
		case a.f > b.f:
			return 1
		}
		return 0
	}
	if a.r.IsInt() && b.r.IsInt() {
		// Rat.Cmp scales by the denominators, allocating even when they
		// are 1; integer payoffs are the common case.
		return a.r.Num().Cmp(b.r.Num())
	}
	return a.r.Cmp(b.r)
}

func (s *core) isZero(a num) bool {
	if s.float {
		return a.f == 0
	}
	return a.r.Sign() == 0
}

// Value is one payoff: exact in Rat (nil when the solver ran in float64),
// and Float, always set.
type Value struct {
	Rat   *big.Rat
	Float float64
}

func (v num) value() Value {
	if v.r == nil {
		return Value{Float: v.f}
	}
	f, _ := v.r.Float64()
	return Value{Rat: new(big.Rat).Set(v.r), Float: f}
}

// String writes the exact fraction ("7/36", "1") or the float.
func (v Value) String() string {
	if v.Rat != nil {
		return v.Rat.RatString()
	}
	return big.NewFloat(v.Float).Text('g', -1)
}

// Vector is a payoff vector, indexed by player number.
type Vector []Value

func toVector(v []num) Vector {
	out := make(Vector, len(v))
	for i, x := range v {
		out[i] = x.value()
	}
	return out
}

// Rotate returns the vector in turn order starting from player first:
// entries first, first+1, …, wrapping around (the order of DESIGN.md's
// "payoff" field).
func (v Vector) Rotate(first int) Vector {
	n := len(v)
	if n == 0 {
		return nil
	}
	first = ((first % n) + n) % n
	return append(append(Vector{}, v[first:]...), v[:first]...)
}
