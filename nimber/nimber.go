package nimber

import (
	"math/big"
	"math/bits"
)

// Sum returns the nim-sum of the values: their bitwise exclusive or.
func Sum(values ...uint64) uint64 {
	var s uint64
	for _, v := range values {
		s ^= v
	}
	return s
}

// BigSum returns the nim-sum of arbitrary-size values in a new big.Int.
func BigSum(values []*big.Int) *big.Int {
	s := new(big.Int)
	for _, v := range values {
		s.Xor(s, v)
	}
	return s
}

// Mexer computes the minimum excluded value of a set of small non-negative
// integers. It keeps its bitset between uses, so a search that computes
// millions of mexes allocates only while the largest set seen grows.
//
// The mex of k values is at most k, so values above the number of values
// added can never be the answer and Add drops them without growing the set.
// The zero Mexer is ready to use.
type Mexer struct {
	words []uint64
	limit int // values > limit cannot affect the mex
}

// Reset empties the set and prepares it for at most n values.
func (m *Mexer) Reset(n int) {
	need := n/64 + 1
	if cap(m.words) < need {
		m.words = make([]uint64, need)
	} else {
		m.words = m.words[:need]
		clear(m.words)
	}
	m.limit = n
}

// Add puts v in the set.
func (m *Mexer) Add(v uint64) {
	if v > uint64(m.limit) {
		return
	}
	m.words[v/64] |= 1 << (v % 64)
}

// Mex returns the smallest non-negative integer not in the set.
func (m *Mexer) Mex() uint64 {
	for i, w := range m.words {
		if w != ^uint64(0) {
			return uint64(i*64 + bits.TrailingZeros64(^w))
		}
	}
	return uint64(len(m.words) * 64)
}

// Mex returns the minimum excluded value of values. It allocates a bitset;
// hot loops should reuse a Mexer instead.
func Mex(values []uint64) uint64 {
	var m Mexer
	m.Reset(len(values))
	for _, v := range values {
		m.Add(v)
	}
	return m.Mex()
}

// Mul returns the nim-product of a and b.
//
// It uses the recursive structure of the nimber field: with the Fermat
// 2-power F = 2^(2^k) that splits a = a1·F ⊕ a0 and b = b1·F ⊕ b0,
//
//	a ⊗ b = ((a1⊗b1) ⊕ (a1⊗b0) ⊕ (a0⊗b1))·F ⊕ (a0⊗b0) ⊕ (a1⊗b1)⊗(F/2)
//
// because F⊗F = F ⊕ F/2 (Conway, On Numbers and Games, ch. 6). Three
// recursive products per level (Karatsuba) make it O(w^1.58) for w-bit
// operands.
func Mul(a, b uint64) uint64 {
	return mul(a, b, 64)
}

// mul multiplies operands of fewer than 2^half... bits: width is the number
// of bits (a power of two) that a and b fit in.
func mul(a, b uint64, width uint) uint64 {
	if a < 2 || b < 2 {
		return a * b
	}
	if width == 1 {
		return a & b
	}
	half := width / 2
	// Shrink the width while both operands fit in the lower half: it keeps
	// the recursion depth proportional to the operands' real size.
	for half > 1 && a>>half == 0 && b>>half == 0 {
		width, half = half, half/2
	}
	if a>>half == 0 && b>>half == 0 {
		// half == 1 and both operands are below 2: handled above.
		return a & b
	}
	mask := uint64(1)<<half - 1
	a1, a0 := a>>half, a&mask
	b1, b0 := b>>half, b&mask
	hh := mul(a1, b1, half)
	ll := mul(a0, b0, half)
	cross := mul(a1^a0, b1^b0, half) ^ ll // = a1b1 ⊕ a1b0 ⊕ a0b1
	return cross<<half ^ ll ^ mul(hh, uint64(1)<<(half-1), half)
}
