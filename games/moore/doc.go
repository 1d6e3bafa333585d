// Package moore defines Moore's Nim_K and its closed form.
//
// Nim_K: several heaps; a move takes any positive number of tokens from
// each of at least one and at most K heaps (different amounts allowed).
// Nim_1 is Nim. Moore (1910, "A generalization of the game called Nim",
// Annals of Mathematics 11) proved that a position is a P-position exactly
// when, writing the heap sizes in binary, every column of digits sums to a
// multiple of K+1. See also Winning Ways ch. 15 and Siegel, Combinatorial
// Game Theory, ex. I.4.
//
// Why: from such a position any move changes at most K heaps, and the
// highest binary digit it changes changes in at most K numbers of its
// column, all the same way (each decreased heap loses a 1 there), so the
// column sum cannot stay a multiple of K+1. From any other position,
// WinningMove constructs a move top-down: at each column, with m heaps
// already chosen (whose lower digits are free), either set the column right
// with the free heaps, or, when that needs more than m of them, choose
// s more heaps that have a 1 there (s the column sum mod K+1, and m+s ≤ K)
// and clear it.
//
// The closed form gives the outcome, not the Sprague–Grundy value (which
// has no known formula for K ≥ 2); Game is the searchable model, whose
// positions are the multiset of non-zero heaps in a compact string key.
package moore
