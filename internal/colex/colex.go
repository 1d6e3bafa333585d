// Package colex ranks the k-element subsets of {0, …, 63} in
// colexicographic order by the combinatorial number system (Knuth, TAOCP
// 7.2.1.3, Theorem L): the set {c_1 < c_2 < … < c_k} has rank
// C(c_1, 1) + C(c_2, 2) + … + C(c_k, k), a bijection onto
// [0, C(n, k)) for the subsets of {0, …, n−1}. Board games use it for
// dense ranks of the cells a player holds (game.Tiered): tic-tac-toe's
// occupied cells and X's among them, Quixo's X's and O's.
package colex

import "math/bits"

// binom[n][k] is C(n, k) for n, k ≤ 64 (0 when k > n); C(64, 32) fits an
// int64.
var binom = func() (c [65][65]int64) {
	for n := range 65 {
		c[n][0] = 1
		for k := 1; k <= n; k++ {
			c[n][k] = c[n-1][k-1] + c[n-1][k]
		}
	}
	return c
}()

// Binom is C(n, k) for 0 ≤ n, k ≤ 64.
func Binom(n, k int) int64 { return binom[n][k] }

// Rank is the rank of the set s (bit e set for element e) among the sets
// of its size: the i-th smallest element e adds C(e, i).
func Rank(s uint64) int64 {
	var r int64
	i := 0
	for ; s != 0; s &= s - 1 {
		i++
		r += binom[bits.TrailingZeros64(s)][i]
	}
	return r
}

// Unrank is the set of k elements below n of rank r, for 0 ≤ r < C(n, k):
// the largest element e with C(e, k) ≤ r first, then the rest below it.
func Unrank(n, k int, r int64) uint64 {
	var s uint64
	e := n
	for i := k; i >= 1; i-- {
		e--
		for binom[e][i] > r {
			e--
		}
		r -= binom[e][i]
		s |= 1 << e
	}
	return s
}
