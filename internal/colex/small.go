package colex

import "math/bits"

// Table-driven ranking of small sets, a byte of cells at a time instead
// of a bit at a time (GamesmanOne's two-piece hash does the same with
// BMI2 pext and lookup tables): RankSmall is Rank for a set of at most 32
// cells, Extract packs the bits of a subset at the places of its set's
// bits (pext), Deposit undoes it (pdep). Board games rank a position by
// the occupied cells and one player's among them (Quixo's cubes, Teeko's
// pieces).

// byteRank[j][k][b] is what the cells of byte b at bits 8j..8j+7 add to
// a set's colex rank when k of the set's cells lie below bit 8j: the
// i-th of b's cells (from 0), at bit 8j+e, adds C(8j+e, k+i+1)
// (Rank's sum, split by bytes). Sets have at most 32 cells, so 4 bytes
// and k ≤ 24; every value is below C(32, 16) and fits an int32.
var byteRank = func() (t [4][26][256]int32) {
	for j := range 4 {
		for k := range 26 {
			for b := range 256 {
				var sum int64
				i := k
				for s := b; s != 0; s &= s - 1 {
					i++
					if i <= 64 {
						sum += Binom(8*j+bits.TrailingZeros(uint(s)), i)
					}
				}
				t[j][k][b] = int32(sum)
			}
		}
	}
	return t
}()

// byteExtract[o<<8|x] is the bits of x at the places of o's bits, packed
// (pext(x, o) of one byte).
var byteExtract = func() (t [1 << 16]uint8) {
	for o := range 256 {
		for x := range 256 {
			var out, i uint
			for s := uint(o); s != 0; s &= s - 1 {
				if uint(x)&(s&-s) != 0 {
					out |= 1 << i
				}
				i++
			}
			t[o<<8|x] = uint8(out)
		}
	}
	return t
}()

// RankSmall is Rank(s) for a set of at most 32 cells (s < 2^32).
func RankSmall(s uint64) int64 {
	if s < 1<<16 {
		b0, b1 := s&0xff, s>>8
		return int64(byteRank[0][0][b0]) + int64(byteRank[1][bits.OnesCount64(b0)][b1])
	}
	b0, b1, b2, b3 := s&0xff, s>>8&0xff, s>>16&0xff, s>>24&0xff
	k1 := bits.OnesCount64(b0)
	k2 := k1 + bits.OnesCount64(b1)
	k3 := k2 + bits.OnesCount64(b2)
	return int64(byteRank[0][0][b0]) + int64(byteRank[1][k1][b1]) + int64(byteRank[2][k2][b2]) + int64(byteRank[3][k3][b3])
}

// Extract is the bits of x at the places of occ's bits, packed: bit i of
// the result is x's bit at occ's i-th cell.
func Extract(x, occ uint64) uint64 {
	var out uint64
	var at uint
	if occ < 1<<16 {
		o0 := occ & 0xff
		return uint64(byteExtract[o0<<8|x&0xff]) | uint64(byteExtract[(occ>>8)<<8|(x>>8&0xff)])<<uint(bits.OnesCount64(o0))
	}
	for j := uint(0); j < 32; j += 8 {
		o := occ >> j & 0xff
		out |= uint64(byteExtract[o<<8|(x>>j&0xff)]) << at
		at += uint(bits.OnesCount64(o))
	}
	return out
}

// byteDeposit[o<<8|x] spreads the low bits of x over the places of o's
// bits (pdep(x, o) of one byte): the inverse of byteExtract.
var byteDeposit = func() (t [1 << 16]uint8) {
	for o := range 256 {
		for x := range 256 {
			var out uint
			i := uint(0)
			for s := uint(o); s != 0; s &= s - 1 {
				if uint(x)>>i&1 == 1 {
					out |= s & -s
				}
				i++
			}
			t[o<<8|x] = uint8(out)
		}
	}
	return t
}()

// Deposit spreads the bits of sub over the places of occ's bits: bit i
// of sub goes to occ's i-th cell (the inverse of Extract).
func Deposit(sub, occ uint64) uint64 {
	var out uint64
	for j := uint(0); j < 32 && occ>>j != 0; j += 8 {
		o := occ >> j & 0xff
		out |= uint64(byteDeposit[o<<8|(sub&0xff)]) << j
		sub >>= uint(bits.OnesCount64(o))
	}
	return out
}
