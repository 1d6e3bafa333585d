package cgt

import (
	"github.com/grundy-go/grundy/outcome"
)

// Outcome returns the outcome class of g: L (Left wins whoever starts,
// g > 0), R (g < 0), P (the second player wins, g = 0) or N (the first
// player wins, g || 0).
func (s *Space) Outcome(g Game) outcome.Outcome {
	ge, le := s.Leq(Zero, g), s.Leq(g, Zero)
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
// tree (0 for 0; n for the integer n; n+1+k for x = n + m/2^k).
func (s *Space) Birthday(g Game) int {
	n := &s.nodes[g]
	if n.birthday >= 0 {
		return int(n.birthday)
	}
	var b int64
	if n.isNus {
		b = nusBirthday(n.v)
	} else {
		L, R := n.left, n.right
		for _, o := range L {
			b = max(b, int64(s.Birthday(o))+1)
		}
		for _, o := range R {
			b = max(b, int64(s.Birthday(o))+1)
		}
	}
	if b > 1<<31-1 {
		b = 1<<31 - 1
	}
	s.nodes[g].birthday = int32(b)
	return int(b)
}

// nusBirthday is the birthday of x + n↑ + *k (CGSuite's formula): that of
// x plus that of n↑*k, which is n+1 when k = 0 and n > 0, n + (k⊕1) when n
// is odd and k ≠ 1, and n + k otherwise.
func nusBirthday(v nus) int64 {
	var nb int64
	m := abs64(v.num.num)
	if v.num.exp == 0 {
		nb = m
	} else {
		nb = 1 + (m >> v.num.exp) + int64(v.num.exp)
	}
	n, k := int64(v.up), int64(v.nim)
	if n < 0 {
		n = -n
	}
	var ub int64
	switch {
	case n > 0 && k == 0:
		ub = n + 1
	case n&1 == 1 && k != 1:
		ub = n + (k ^ 1)
	default:
		ub = n + k
	}
	return nb + ub
}

// LeftStop returns the left stop of g: the number reached when Left moves
// first and both players stop as soon as a number is reached.
func (s *Space) LeftStop(g Game) Dyadic {
	s.stops(g)
	return s.nodes[g].lstop
}

// RightStop returns the right stop of g.
func (s *Space) RightStop(g Game) Dyadic {
	s.stops(g)
	return s.nodes[g].rstop
}

func (s *Space) stops(g Game) {
	n := &s.nodes[g]
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
		if x := s.RightStop(o); i == 0 || ls.Less(x) {
			ls = x
		}
	}
	for i, o := range R {
		if x := s.LeftStop(o); i == 0 || x.Less(rs) {
			rs = x
		}
	}
	n = &s.nodes[g]
	n.lstop, n.rstop, n.stopsKnown = ls, rs, true
}

// Mean returns the mean value of g: the mast of its thermograph, the limit
// of (n·g)/n (Siegel, CGT, II.5, the mean value theorem).
func (s *Space) Mean(g Game) Dyadic {
	if n := &s.nodes[g]; n.isNus {
		return n.v.num
	}
	return s.Thermograph(g).Mast
}

// Temperature returns the temperature of g: the height at which its
// thermograph's walls meet; −1/2^k for a number m/2^k (−1 for integers),
// 0 for a number plus a non-zero infinitesimal (CGSuite's conventions).
func (s *Space) Temperature(g Game) Dyadic {
	if n := &s.nodes[g]; n.isNus {
		if n.v.isNumber() {
			return NewDyadic(-1, n.v.num.Exp())
		}
		return Dyadic{}
	}
	return s.Thermograph(g).Temperature
}

// IsAllSmall reports whether g is all-small: at every position of its
// canonical form either both players can move or neither can.
func (s *Space) IsAllSmall(g Game) bool {
	if n := &s.nodes[g]; n.isNus {
		return n.v.num.Sign() == 0
	}
	k := opKey{opAllSmall, g, 0}
	if r, ok := s.ops[k]; ok {
		return r == 1
	}
	res := Game(1)
	for _, o := range append(append([]Game(nil), s.Left(g)...), s.Right(g)...) {
		if !s.IsAllSmall(o) {
			res = 0
			break
		}
	}
	s.ops[k] = res
	return res == 1
}

// IsInfinitesimal reports whether both stops of g are 0.
func (s *Space) IsInfinitesimal(g Game) bool {
	return s.LeftStop(g).Sign() == 0 && s.RightStop(g).Sign() == 0
}
