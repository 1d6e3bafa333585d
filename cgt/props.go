package cgt

import (
	"math"
	"math/big"
	"slices"

	"github.com/grundy-go/grundy/outcome"
)

// Outcome returns the outcome class of g: L (Left wins whoever starts,
// g > 0), R (g < 0), P (the second player wins, g = 0) or N (the first
// player wins, g || 0).
//
// Its error is a *budget.Exceeded (errors.Is(err, budget.ErrExceeded)) when
// the work passes one of the Space's limits, or wraps the context's
// error when s.Context is done; see the package doc.
func (s *Space) Outcome(g Game) (o outcome.Outcome, err error) {
	defer s.done(&err)
	return s.outcomeOf(g), nil
}

func (s *Space) outcomeOf(g Game) outcome.Outcome {
	ge, le := s.leq(Zero, g), s.leq(g, Zero)
	switch {
	case ge && le:
		return outcome.P
	case ge:
		return outcome.L
	case le:
		return outcome.R
	}
	return outcome.N
}

// Birthday returns the birthday of g: the height of its canonical game
// tree (0 for 0; n for the integer n; n+1+k for x = n + m/2^k). It is
// exact for every game whose numbers have numerators within MaxNum and
// saturates at math.MaxInt64 past them; BirthdayBig is exact for all.
func (s *Space) Birthday(g Game) int64 {
	n := s.nodes.at(g)
	if n.birthday >= 0 {
		return n.birthday
	}
	var b int64
	if n.isNus {
		b = nusBirthday(n.v)
	} else {
		L, R := n.left, n.right
		for _, o := range L {
			b = max(b, satAdd(s.Birthday(o), 1))
		}
		for _, o := range R {
			b = max(b, satAdd(s.Birthday(o), 1))
		}
	}
	s.nodes.at(g).birthday = b
	return b
}

// nusBirthday is the birthday of x + n↑ + *k (CGSuite's formula): that of
// x plus that of n↑*k, which is n+1 when k = 0 and n > 0, n + (k⊕1) when n
// is odd and k ≠ 1, and n + k otherwise.
func nusBirthday(v nus) int64 {
	var nb int64
	m := uabs(v.num.num)
	switch {
	case v.num.isBig():
		nb = math.MaxInt64 // see BirthdayBig
	case v.num.exp == 0:
		nb = int64(min(m, math.MaxInt64))
	default:
		nb = 1 + int64(m>>v.num.exp) + int64(v.num.exp)
	}
	ub := int64(math.MaxInt64) // saturated, see BirthdayBig
	if b := upStarBirthday(v); b.IsInt64() {
		ub = b.Int64()
	}
	return satAdd(nb, ub)
}

// upStarBirthday is the birthday of n↑*k, the up-star part of v, exact
// for every nimber up to *(2^64−1).
func upStarBirthday(v nus) *big.Int {
	n, k := uint64(uabs(int64(v.up))), v.nim
	b := new(big.Int).SetUint64(n)
	switch {
	case n > 0 && k == 0:
		return b.Add(b, big.NewInt(1))
	case n&1 == 1 && k != 1:
		k ^= 1
	}
	return b.Add(b, new(big.Int).SetUint64(k))
}

// satAdd returns a + b for a, b ≥ 0, or math.MaxInt64 when that does not
// fit: only an integer built with Int near ±2^63 has a birthday that
// large, beyond every number arithmetic or Parse makes (MaxNum).
func satAdd(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// LeftStop returns the left stop of g: the number reached when Left moves
// first and both players stop as soon as a number is reached.
func (s *Space) LeftStop(g Game) Dyadic { return s.leftStop(g) }

func (s *Space) leftStop(g Game) Dyadic {
	s.stops(g)
	return s.nodes.at(g).lstop
}

// RightStop returns the right stop of g.
func (s *Space) RightStop(g Game) Dyadic { return s.rightStop(g) }

func (s *Space) rightStop(g Game) Dyadic {
	s.stops(g)
	return s.nodes.at(g).rstop
}

func (s *Space) stops(g Game) {
	n := s.nodes.at(g)
	if n.stopsKnown {
		return
	}
	if n.isNus {
		n.lstop, n.rstop, n.stopsKnown = n.v.num, n.v.num, true
		return
	}
	L, R := n.left, n.right
	var ls, rs Dyadic
	for i, o := range L {
		if x := s.rightStop(o); i == 0 || ls.Less(x) {
			ls = x
		}
	}
	for i, o := range R {
		if x := s.leftStop(o); i == 0 || x.Less(rs) {
			rs = x
		}
	}
	n = s.nodes.at(g)
	n.lstop, n.rstop, n.stopsKnown = ls, rs, true
}

// Mean returns the mean value of g: the mast of its thermograph, the limit
// of (n·g)/n (Siegel, CGT, II.5, the mean value theorem).
//
// Its error is a *budget.Exceeded (errors.Is(err, budget.ErrExceeded)) when
// the work passes one of the Space's limits, or wraps the context's
// error when s.Context is done; see the package doc.
func (s *Space) Mean(g Game) (m Dyadic, err error) {
	defer s.done(&err)
	return s.mean(g), nil
}

func (s *Space) mean(g Game) Dyadic {
	if n := s.nodes.at(g); n.isNus {
		return n.v.num
	}
	return s.thermograph(g).Mast
}

// Temperature returns the temperature of g: the height at which its
// thermograph's walls meet; −1/2^k for a number m/2^k (−1 for integers),
// 0 for a number plus a non-zero infinitesimal (CGSuite's conventions).
//
// Its error is a *budget.Exceeded (errors.Is(err, budget.ErrExceeded)) when
// the work passes one of the Space's limits, or wraps the context's
// error when s.Context is done; see the package doc.
func (s *Space) Temperature(g Game) (t Dyadic, err error) {
	defer s.done(&err)
	return s.temperature(g), nil
}

func (s *Space) temperature(g Game) Dyadic {
	if n := s.nodes.at(g); n.isNus {
		if n.v.isNumber() {
			return newDyadic(-1, n.v.num.Exp())
		}
		return Dyadic{}
	}
	return s.thermograph(g).Temperature
}

// IsAllSmall reports whether g is all-small: at every position of its
// canonical form either both players can move or neither can.
func (s *Space) IsAllSmall(g Game) bool { return s.isAllSmall(g) }

func (s *Space) isAllSmall(g Game) bool {
	if n := s.nodes.at(g); n.isNus {
		return n.v.num.Sign() == 0
	}
	k := opKey{opAllSmall, g, 0}
	if r, ok := s.ops[k]; ok {
		return r == 1
	}
	res := Game(1)
	for _, o := range append(append([]Game(nil), s.Left(g)...), s.Right(g)...) {
		if !s.isAllSmall(o) {
			res = 0
			break
		}
	}
	s.ops[k] = res
	return res == 1
}

// IsInfinitesimal reports whether both stops of g are 0.
func (s *Space) IsInfinitesimal(g Game) bool { return s.isInfinitesimal(g) }

func (s *Space) isInfinitesimal(g Game) bool {
	return s.leftStop(g).Sign() == 0 && s.rightStop(g).Sign() == 0
}

// BirthdayBig returns the birthday of g exactly, however large its
// numbers (Birthday saturates past MaxNum).
func (s *Space) BirthdayBig(g Game) *big.Int {
	if b := s.Birthday(g); b < math.MaxInt64 {
		return big.NewInt(b)
	}
	memo := map[Game]*big.Int{}
	var rec func(g Game) *big.Int
	rec = func(g Game) *big.Int {
		if b := s.Birthday(g); b < math.MaxInt64 {
			return big.NewInt(b)
		}
		if b, ok := memo[g]; ok {
			return b
		}
		n := s.nodes.at(g)
		b := new(big.Int)
		if n.isNus {
			// nusBirthday's formula in big integers: the number's part
			// (|x| for an integer, ⌊|x|⌋ + 1 + k for m/2^k) plus that of
			// n↑*k, which nusBirthday computes alone.
			x := n.v.num
			if x.Sign() < 0 {
				x = x.neg()
			}
			b.Set(x.Floor().bigNum())
			if !x.IsInt() {
				b.Add(b, big.NewInt(1+int64(x.exp)))
			}
			b.Add(b, upStarBirthday(n.v))
		} else {
			for _, o := range append(slices.Clone(n.left), n.right...) {
				if c := new(big.Int).Add(rec(o), big.NewInt(1)); c.Cmp(b) > 0 {
					b = c
				}
			}
		}
		memo[g] = b
		return b
	}
	return rec(g)
}
