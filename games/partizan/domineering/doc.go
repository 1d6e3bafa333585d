// Package domineering is Domineering (Göran Andersson; Winning Ways ch. 5;
// Siegel, Combinatorial Game Theory, ch. I.1): players take turns placing
// dominoes on empty cells of a board; Left places them vertically, Right
// horizontally; the player who cannot place one loses.
//
// A position is a board of at most 64 cells. Moves that cut the empty
// cells into separate areas leave a sum of regions (the game implements
// game.PartizanSplitting and game.Splitter), and each region is kept
// reduced to its bounding box and to the least of its eight images under
// the square's symmetries, which is the transposition table's key.
// Mirroring left-right or top-bottom keeps vertical dominoes vertical, so
// it keeps the value; transposing swaps vertical and horizontal, that is
// Left and Right, so it negates the value (Siegel, CGT, II.1), and a
// region keyed by its transpose is valued as the negative of the key's
// value (partizan.Negation). One table entry serves a region, its mirror
// images, and Right's view of them.
package domineering
