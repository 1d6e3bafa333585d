// Package circle defines the coins-in-a-circle game (POJ 2484 "A Funny
// Game" for K = 2): n coins in a circle; a move takes 1..K coins that are
// adjacent along what is left; taking the last coin wins. After the first
// move the circle is a line, and a move inside a line splits it into two
// independent lines, so the searchable model is a game.Splitting whose
// positions are a circle or a line.
//
// Closed form for the circle, by the symmetry (mirror, or Tweedledum and
// Tweedledee) strategy of Winning Ways ch. 2:
//
//   - n = 0: the previous player took the last coin; P.
//   - 1 ≤ n ≤ K: the first player takes every coin; N.
//   - K = 1: every move takes one coin, so the first player wins exactly
//     when n is odd.
//   - K ≥ 2 and n > K: the second player wins. The first move leaves a
//     line of n - t ≥ 1 coins. If it has at most K coins the second player
//     takes them all; otherwise it takes the middle coin (n - t odd) or the
//     middle two (n - t even), leaving two equal lines, and copies every
//     later move in the other line. Whoever runs out of moves first is the
//     first player.
//
// The closed form gives the circle's outcome; its Sprague–Grundy value
// (the mex of the values of lines, which for K = 2 are the values of
// Kayles, OEIS A002186) comes from the search. Lines are searched only.
package circle
