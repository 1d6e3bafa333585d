package quixo

import "math/bits"

// Table-driven ranking (TierRank): the colex rank of a set of cells, and
// the X's as a subset of the occupied cells, a byte of cells at a time
// (colex.RankSmall, colex.Extract and colex.Deposit); unranking a 4x4
// board by a table of its subsets.

// colex16[k] lists the k-element subsets of the 16 cells of a 4x4 board
// in colex order (the order of their masks as numbers), so that the set
// of rank r among the k-subsets of the first n cells is colex16[k][r]
// for any n ≤ 16 (those subsets come first). 2^16 entries in all.
var colex16 = func() (t [17][]uint16) {
	for s := range 1 << 16 {
		k := bits.OnesCount(uint(s))
		t[k] = append(t[k], uint16(s))
	}
	return t
}()
