package nimber

import (
	"math/big"
	"math/bits"
	"sync"
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
// products of halves per level (Karatsuba), a fourth by the constant F/2,
// and a 256×256 table of byte products at the bottom: 64-bit operands
// take a few dozen table lookups.
func Mul(a, b uint64) uint64 {
	byteTableOnce.Do(fillByteTable)
	return mul(a, b, 64)
}

var (
	byteTableOnce sync.Once
	byteTable     [256][256]uint8 // nim-products of bytes
)

// fillByteTable computes the byte products by the same recursion, down to
// single bits.
func fillByteTable() {
	for a := range 256 {
		for b := range 256 {
			byteTable[a][b] = uint8(mulSlow(uint64(a), uint64(b), 8))
		}
	}
}

// mul multiplies operands below 2^width, width a power of two ≥ 8.
func mul(a, b uint64, width uint) uint64 {
	// Shrink the width while both operands fit in the lower half: it keeps
	// the recursion proportional to the operands' real size.
	for width > 8 && a>>(width/2) == 0 && b>>(width/2) == 0 {
		width /= 2
	}
	if width == 8 {
		return uint64(byteTable[a][b])
	}
	half := width / 2
	mask := uint64(1)<<half - 1
	a1, a0 := a>>half, a&mask
	b1, b0 := b>>half, b&mask
	hh := mul(a1, b1, half)
	ll := mul(a0, b0, half)
	cross := mul(a1^a0, b1^b0, half) ^ ll // = a1b1 ⊕ a1b0 ⊕ a0b1
	return cross<<half ^ ll ^ mul(hh, uint64(1)<<(half-1), half)
}

// mulSlow is the same recursion all the way down to bits, used once to
// fill the byte table.
func mulSlow(a, b uint64, width uint) uint64 {
	if a < 2 || b < 2 {
		return a * b
	}
	half := width / 2
	mask := uint64(1)<<half - 1
	a1, a0 := a>>half, a&mask
	b1, b0 := b>>half, b&mask
	hh := mulSlow(a1, b1, half)
	ll := mulSlow(a0, b0, half)
	cross := mulSlow(a1^a0, b1^b0, half) ^ ll
	return cross<<half ^ ll ^ mulSlow(hh, uint64(1)<<(half-1), half)
}

// Inverse returns the nim-multiplicative inverse of a ≠ 0: the b with
// Mul(a, b) = 1. The nimbers below 2^64 are the field GF(2^64) (ONAG
// ch. 6), whose non-zero elements form a group of order 2^64 − 1, so
// a^(2^64−2) = a^−1; 2^64 − 2 = 2 + 4 + … + 2^63, so the power is the
// product of the squarings a^(2^i), i = 1 … 63. Inverse(0) is 0.
func Inverse(a uint64) uint64 {
	r, sq := uint64(1), a
	for i := 1; i < 64; i++ {
		sq = Mul(sq, sq)
		r = Mul(r, sq)
	}
	return r
}
