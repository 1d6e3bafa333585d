// Package tictactoe is noughts and crosses on the 3×3 board, as a
// built-in game of the catalog and as a game.Tiered for the tier solver.
//
// The rules: X and O take turns, X first, each marking an empty cell;
// whoever first has three in a row (a row, a column or a diagonal) wins
// and play stops there; a full board without a line is a draw. Under
// perfect play the game is a draw (a folk result, checked here by
// search).
//
// A position is written as its 9 cells row by row from the top left, X,
// O or . (empty): "X...O....". The player to move follows from the
// counts: X when there are as many X's as O's, O when there is one X
// more; any other count is malformed. A board where the player to move
// has a line, or both players have one, is not reachable and is refused.
//
// Counting every position reachable from the empty board, terminal ones
// included, there are 5,478, of which 2,836 are won for the player to
// move, 1,574 lost and 1,068 drawn (the convention of the strong solvers
// such as GamesmanOne; the tests recount them by plain search).
//
// Tiers are the number of marks 0..9. Within a tier of n marks a board's
// rank is the rank of its set of occupied cells among the C(9, n) in the
// combinatorial number system, times C(n, ceil(n/2)), plus the rank of
// the set of X's among the occupied cells, of the least of the board's
// images under the 8 symmetries of the square (the dihedral group;
// Canonical): a tier ranks one board of each orbit, and a rank stands
// for its orbit's boards (TierOrbit), 765 records for the 5,478
// positions (ranking version 2; tier.go).
package tictactoe
