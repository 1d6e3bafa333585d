// Package staircase defines staircase Nim in the form of "Georgia and Bob"
// (POJ 1704): coins on distinct cells 1, 2, 3, … of a line; a move shifts
// one coin to the left by at least one cell, without jumping over or
// landing on another coin and without passing cell 1; a player who cannot
// move loses.
//
// Write the coins' cells in order c_1 < … < c_n and the gaps
// g_1 = c_1 - 1, g_i = c_i - c_{i-1} - 1. Moving coin i left by d takes d
// from g_i and adds d to g_{i+1} (if coin i+1 exists): tokens flow down a
// staircase of heaps, which is staircase Nim (Winning Ways ch. 3; Sprague
// 1937). Pair the coins from the right — (c_n, c_{n-1}), (c_{n-2}, c_{n-3}),
// …, with the leftmost coin paired with the wall at cell 0 when n is odd —
// and call the gaps g_n, g_{n-2}, … inside the pairs the odd stairs.
//
// Theorem: the Sprague–Grundy value of the position is the nim-sum of the
// odd stairs. Proof by induction: a move of a coin that closes a pair's
// gap is a Nim move on that stair, reaching every smaller nim-sum as in
// Bouton's theorem; any other move (of the left coin of a pair: coin i
// with n - i odd) lowers an even stair and raises the odd stair g_{i+1} by
// d ≥ 1, so it changes the nim-sum and never reaches the position's own
// value. The options' values thus include every smaller number and
// exclude the value itself, so it is their mex. (Such "reversible" moves
// are why Georgia and Bob only needs the pairs.) The tests check the
// value, not just the outcome, against a literal search.
//
// Every winning move is one of those two kinds, so WinningMoves lists them
// all, on big integers.
package staircase
