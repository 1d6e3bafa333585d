// Package othello is Othello (Reversi) on boards of W columns and H rows,
// each side even from 4 to 8 (othello:WxH): its rules on bitboards, its
// notation, an exact search of the final disc margin, and tiers for
// strong solving.
//
// # Rules
//
// The rules are the World Othello Federation's (WOF, "Othello rules",
// worldothello.org; Takizawa, "Othello is solved", 2023, §3.2, states the
// moves and passes the same way), on a smaller board:
//
//   - The game starts with four discs on the four central cells: white on
//     the top-left and bottom-right ones, black on the other two (d4 and e5
//     white, d5 and e4 black on 8×8). Black moves first.
//   - A move puts a disc of the mover's colour on an empty cell so that, in
//     at least one of the eight directions, a line of one or more of the
//     opponent's discs runs from it to a disc of the mover's; every such
//     line (in every direction) is turned over to the mover's colour.
//   - A player with no such move passes; the game ends when neither player
//     can move (the board may still have empty cells).
//   - The score is the disc difference. Empty cells left at the end count
//     for the player with more discs (the WOF's rule), so a margin is
//     always even on these boards, and a full board's is its plain count.
//     Feinstein's 6×6 figure (20–16) is of a full board, the same under
//     either convention.
//
// The sides are even so that the four discs of the start sit exactly at
// the centre (the boards of Feinstein's 6×6 solution and of the small-board
// literature); 4 is the least side that leaves a ring to play in, and 8
// the most whose cells fit a uint64.
//
// # Notation
//
// A position is its rows, top first, joined by '/', each cell b, w or '.',
// then ':' and the player to move, b or w: the 4×4 start is
// "..../.wb./.bw./....:b". Nothing stands for the start. The player to
// move is always written: passes make it independent of the discs. Cells
// are named as players name them, the column's letter from a at the left
// and the row's number from 1 at the top ("c4"); a forced pass is "pass".
//
// # Search
//
// Solve values a position by search (search.go): the score for the player
// to move when both players maximise their own final margin, found by
// null-window searches stepping from a guess (MTD(f): Plaat, Schaeffer,
// Pijls and de Bruin, "Best-first fixed-depth minimax algorithms", 1996)
// over principal variation search (Marsland and Campbell 1982; Reinefeld's
// negascout 1983), a transposition table of bounds keyed by the least
// image of a position under the board's symmetries (the rules commute
// with them, symmetry.go), enhanced transposition cutoffs (Plaat et al.
// 1996), moves ordered by short searches far from the end and fewest
// replies first (fastest-first) nearer it, and near the very end parity
// (moves into quarters with an odd number of empty cells first); the
// opponent's stable discs bound a margin from above (stable.go). Each
// move's margin is searched exactly, so the report gives them all.
//
// The witnesses: a plain minimax over a byte grid written separately in
// the tests (plain_test.go) on random positions of 4×4, 6×4, 4×6 and 6×6
// and on 4×4 from the start; Feinstein's 6×6 result, a win for White,
// the second player, by 20–16 (J. Feinstein, "Amenor wins World 6×6
// championships!", British Othello Federation newsletter, July 1993: two
// weeks of CPU and 4·10^10 positions then), checked from the twelfth move
// of his published line in the tests and from the start by TestSixBySix
// (GRUNDY_OTHELLO_6X6=1: −4 reproduced in 9.5·10^9 nodes and 17 CPU-minutes,
// BENCHMARKS.md). 4×4 is a second-player win
// (issue 34): White wins by 10 discs counted (Black's margin −10). 6×4
// and 4×6 (no published value found) are first-player wins by 16.
//
// # Tiers
//
// For grundy db build (tier.go), a tier is the number of discs and
// whether the player to move has a move, so that passes too go from a
// tier to a later one. Ranks are the combinatorial number system's over
// the cells other than the centre, then the colours, then the turn, one
// rank for each orbit of the start's stabiliser. The database records
// each position's outcome (the sign of its margin) and remoteness; it
// does not yet store the margin itself.
package othello
