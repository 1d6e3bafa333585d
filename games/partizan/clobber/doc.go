// Package clobber is Clobber (Albert, Grossman, Nowakowski and Wolfe,
// "An introduction to Clobber", Integers 5(2), 2005; CGSuite's Clobber):
// black (x, Left's) and white (o, Right's) stones on a grid. A player
// moves one of their stones onto an orthogonally adjacent stone of the
// other colour, which is removed; a player who cannot capture loses. One
// row is the one-row game (1×n Clobber).
//
// A move changes only the two cells involved, and stones interact only
// through orthogonal adjacency, so a board is the disjunctive sum of its
// connected groups of stones (game.PartizanSplitting): each group is cut
// out to its bounding box, a group of one colour is dropped (neither
// player can move in it, value 0), and a group is kept as the least of
// its eight images under the symmetries of the square, which all have
// the same value. The evaluator's memo is therefore shared by every
// group of every position (the issue's "region tables shared across
// positions").
package clobber
