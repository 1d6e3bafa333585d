// Package nimber is the arithmetic of nimbers, the values of impartial games.
//
// By the Sprague–Grundy theorem every finite impartial game under the normal
// play convention is equivalent to a Nim heap *n, where n is the minimum
// excluded value (mex) of the values of its options, and the value of a
// disjunctive sum is the nim-sum (bitwise exclusive or) of the values of its
// parts (Sprague 1935, Grundy 1939; Winning Ways ch. 4; Siegel, Combinatorial
// Game Theory, ch. IV).
//
// Nim-multiplication is Conway's field multiplication on the nimbers
// (On Numbers and Games, ch. 6): the value of a product of coin-turning games
// (Winning Ways ch. 14, "Tartan theorem") is the nim-product of the values of
// the factors.
//
// Mex is computed with a reusable bitset (Mexer), never with a map: it is the
// innermost loop of every Sprague–Grundy search.
package nimber
