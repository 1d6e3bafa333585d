// Package connect4 is Connect-Four on boards of W columns and H rows with
// K in a row to win (connect4:WxH, connect4:WxH:K, K = 4 by default), as
// a built-in game of the catalog and as a game.Tiered for the tier
// solver.
//
// The rules: two players drop stones in turn into a column with room; a
// stone falls to the lowest empty cell. Whoever first has K stones in a
// row, vertically, horizontally or diagonally, wins, and play stops
// there; a full board without such a line is a draw. The first player
// wins the standard 7×6 game (Allis 1988, "A knowledge-based approach of
// Connect-Four", and Allen 1988); John Tromp counted the positions of
// small boards (tromp.github.io/c4/c4.html): 161,029 for 4×4.
//
// Positions are written as the moves played so far, 1-based column
// digits from the left (Pascal Pons' notation: "4453"); the empty string
// is the empty board.
//
// The board is Pons' bitboard (blog.gamesolver.org, "Solving Connect 4"):
// a column is H+1 bits, the top one a spare that stays 0 so lines never
// wrap from one column to the next, and a position is a pair of uint64,
// the stones of the player to move and all stones. Shape and Board are
// exported with their primitives (Play, CanPlay, IsWinningMove,
// WinningCells, Key, FromMoves) for searches built on them, such as
// package c4search.
//
// Tiers are the number of stones. Within a tier a position's rank is
// the number of its vector of column heights among the canonical vectors
// with that sum (h ≤ reverse(h), in lexicographic order), times
// C(n, ceil(n/2)), plus the rank of the set of the first player's stones
// among the n stones (read column by column, bottom up) in the
// combinatorial number system; both come from precomputed tables,
// without allocation. A board and its mirror image have one rank
// (mirror.go: ranking version 2, so half as many records; a database of
// version 1 is refused).
//
// For the tier solver's two passes Game is also a tier.Walker
// (walk.go): a tier's reachable ranks are walked in order by stepping
// the colour pattern as a bit mask (Gosper's hack), and the ranks of a
// position's moves come from its column sums with one column changed,
// without building the children: a child's heights by one look-up in a
// table of every height vector, its colour rank from three table terms
// a column. It is also a tier.Finisher: a position with a winning move
// is won in 1, and its moves' records are not read.
package connect4
