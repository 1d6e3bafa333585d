// Package wythoff defines Wythoff's game and its closed form.
//
// Two heaps; a move takes any positive number of tokens from one heap, or
// the same positive number from both. Wythoff (1907, "A modification of the
// game of Nim", Nieuw Archief voor Wiskunde) showed that the P-positions are
// the pairs (⌊kφ⌋, ⌊kφ²⌋) and their mirror images, k = 0, 1, 2, …, where
// φ = (1+√5)/2; by Beatty's theorem (Rayleigh 1907, Beatty 1926) the lower
// numbers ⌊kφ⌋ (OEIS A000201) and the upper numbers ⌊kφ²⌋ = ⌊kφ⌋ + k
// (OEIS A001950) together cover every positive integer exactly once, and
// the k-th pair is the only P-pair whose difference is k. See also Winning
// Ways ch. 3 and Berlekamp–Conway–Guy's "Wyt Queens".
//
// Everything here is exact on big integers, with no floating point:
// kφ = (k + √(5k²))/2, and since √(5k²) is irrational for k > 0,
// ⌊kφ⌋ = ⌊(k + ⌊√(5k²)⌋)/2⌋, computed with big.Int.Sqrt (an integer square
// root). Membership of n among the lower or upper numbers is decided by the
// only index that can produce it (the interval [n/φ, (n+1)/φ) holds at most
// one integer), so a position with thousands of digits is classified in a
// few big-integer square roots.
//
// From a position that is not P there are at most three kinds of winning
// moves, and WinningMoves lists them all: lower both heaps to the P-pair with
// the same difference; or lower one heap so that the other heap's partner
// remains. The closed form gives the outcome only; the Sprague–Grundy values
// of Wythoff's game have no known formula, so Game is the searchable model
// that gives them for small heaps.
package wythoff
