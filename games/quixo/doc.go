// Package quixo is Quixo (Thierry Chapeau, Gigamic) on an N×N board, N =
// 3, 4 or 5 (quixo:N; 4 by default), as a built-in game of the catalog and
// as a game.Tiered for the tier solver. Quixo is the loopy board game of
// the tier solver: taking back one's own cube keeps the counts of X's and
// O's, so positions repeat inside a tier.
//
// The rules, Gigamic's with the conventions of GamesmanOne (Robert Shi
// et al., GamesCrafters, UC Berkeley), which follow the solution of
// Quixo by Tanaka, Bonnet, Tixeuil and Tamura ("Quixo Is Solved",
// arXiv:2007.15895; 5×5 Quixo is a draw):
//
//   - The board starts with N×N blank cubes; X moves first.
//   - A turn takes a cube from the border (the outer ring of cells) that
//     is blank or shows the mover's symbol, never the opponent's; the cube
//     now shows the mover's symbol. It is pushed back in at one of the
//     ends of its row or of its column other than the cell it was taken
//     from, and the cubes between that end and the gap shift by one
//     toward the gap. A corner cube has two such ends, any other border
//     cube three.
//   - A player who completes a line of N cubes of their symbol (a row, a
//     column or one of the two long diagonals) wins, and play stops. A
//     move that completes a line of the opponent's symbol loses for the
//     mover, even if it completes one of the mover's too.
//   - Play may go on forever; that is a draw.
//
// So a board with a line is terminal, and from the point of view of the
// player to move there (GamesmanOne's primitive): if that player has a
// line the position is won (N) — the opponent completed it for them,
// with or without a line of their own; otherwise, if the opponent has a
// line, it is lost (P). A board where both have a line is thus a win for
// the player to move, as the rules say for the move that made it.
//
// A position is written as its N×N cells row by row from the top left,
// X, O or . (blank), then ':' and the player to move: "X...O...........:X"
// on 4×4. Spaces, '/' and '|' between rows are ignored. Nothing at all is
// the start, the blank board with X to move.
//
// Tiers are the counts (x, o) of X's and O's, packed as x | o<<8. A move
// stays in its tier (the mover took back one of its cubes) or adds one
// cube of the mover's: (x+1, o) or (x, o+1). A position's rank within its
// tier is 2 × (the rank of the occupied cells among the C(N², x+o) sets of
// that size, times C(x+o, x), plus the rank of the X's among the occupied
// cells), plus 1 when O is to move: the combinatorial number system, as
// GamesmanOne's two-piece hash. Quixo 4×4 has 3^16 × 2 = 86,093,442 ranks.
// A tier ranks one position of each orbit of the 8 symmetries of the
// square, the least of its images (Canonical), at that image's rank; a
// rank stands for its orbit's positions (TierOrbit; ranking version 2,
// symmetry.go, which also says why swapping the colours is not used).
package quixo
