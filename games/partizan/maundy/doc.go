// Package maundy is Maundy Cake (Winning Ways ch. 2; Lessons in Play
// ch. 2): rectangular cakes scored into unit squares. Left divides a cake
// of width w into d ≥ 2 pieces of equal width (d divides w) by vertical
// cuts, Right divides its height likewise by horizontal cuts; a player
// who cannot divide a cake loses. A move leaves d equal cakes, so a
// position is a sum of independent cakes (game.PartizanSplitting), and
// every value is an integer.
//
// A strip of height 1 is Left's alone: its value is the number of moves
// she can make, 1 + p₁ + p₁p₂ + … + p₁⋯p_{k−1} for w = p₁p₂⋯p_k with the
// primes in decreasing order (Winning Ways ch. 2, "Maundy Cake": divide
// by the largest prime first). The tests check that, and every cake up to
// 30×30 against a plain search of the definition.
//
// Cakes are written RxC (R rows, C columns) as in Cutcake.
package maundy
