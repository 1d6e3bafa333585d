// Package domineering is Domineering (Göran Andersson; Winning Ways ch. 5;
// Siegel, Combinatorial Game Theory, ch. I.1): players take turns placing
// dominoes on empty cells of a board; Left places them vertically, Right
// horizontally; the player who cannot place one loses.
//
// A position is a board of at most 64 cells. Moves that cut the empty
// cells into separate areas leave a sum of regions (the game implements
// game.PartizanSplitting and game.Splitter), and each region is kept
// reduced to its bounding box and to the least of its four mirror images —
// mirroring left-right or top-bottom keeps vertical dominoes vertical, so
// it keeps the value — which is the transposition table's key.
package domineering
