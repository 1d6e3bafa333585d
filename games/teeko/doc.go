// Package teeko is Teeko and Advanced Teeko (John Scarne, 1937; refined
// 1952; "Scarne on Teeko", Crown, New York, 1955) as built-in games of
// the catalog (teeko, teeko:advanced) and as a game.Tiered for the tier
// solver, which strongly solves both (grundy db build teeko).
//
// The rules, as Guy L. Steele Jr. states them in "Summary of the solving
// of the game of Teeko" (draft, Sun Microsystems Laboratories, October
// 1999; https://pcarrier.com/teeko/archives/text/teeko-summary.txt):
//
//   - A 5×5 board; Black and Red have four pieces each; Black starts.
//   - Drop phase: the players take turns dropping a piece on an empty
//     cell until all eight are on the board (the first drop may be the
//     centre, as in Steele's analysis).
//   - Move phase: a turn steps one of one's pieces to an empty cell next
//     to it, orthogonally or diagonally (as a chess king).
//   - A player wins on making a goal with their four pieces, and play
//     stops: four in a line (row, column or diagonal: 10 + 10 + 8) or
//     the four cells of a 2×2 square (16), Scarne's 44 goals ("Teeko 44
//     positions"). Advanced Teeko (58 goals) adds the four corners of a
//     3×3 (9), 4×4 (4) or 5×5 (1) square, squares with sides parallel to
//     the board's (the goals drawn in E. Jackman's summary of Scarne on
//     Teeko, 1995, and Steele's count of 58).
//   - Play may go on forever in the move phase; that is a draw.
//
// Published results (Steele, 1998; summary above; also Wolfram
// MathWorld, "Teeko"): Teeko is a draw under perfect play; Advanced Teeko
// is a first-player (Black) win, a draw if the first drop may not be the
// centre. Both are reproduced by the databases (BENCHMARKS.md).
//
// A position is written as its 25 cells row by row from the top left,
// b (Black), r (Red) or . (empty), then ':' and the player to move, b or
// r: "b.....r..................:b". While pieces are being dropped the
// counts say who is to move and ":b"/":r" may be left out. Nothing is
// the start. Cells are named as the catalog names grid cells: the
// column's letter from a at the left, the row's number from 1 at the
// top (c3 is the centre); moves are labelled "drop at c3" and "c3-d4".
// Positions no play reaches are refused with the offset of the fault: a
// fifth piece of a colour, Black with fewer pieces than Red or more than
// one more while dropping, a player to move the counts contradict, both
// players holding a goal, or the player to move holding one.
//
// What makes the solvers right. A position's moves are generated from
// two 25-bit sets and a table of each cell's neighbours; a position
// where the player who moved last holds a goal has no moves and is lost
// for the player to move (the only positions without moves: four pieces
// on the 5×5 board always have more than four empty or own cells next
// to them, so they cannot all be blocked, which a test checks for every
// set of four cells). grundy solve runs retrograde analysis (package
// retro) over the positions reachable from the one asked about, which
// decides loops as draws; the tests check it, and the tier solver's
// databases, against a plain analysis written separately (its own board
// of cells, its own goals by coordinates, remoteness by rounds) on every
// position of the same rules on a 4×4 board with three pieces a side,
// and on random play-outs.
//
// Tiers are the number of pieces on the board: 0..7 while dropping
// (acyclic: a drop adds a piece), then 8, the move phase, one loopy
// tier. A rank names a class of positions: the player to move's cells
// and the opponent's, up to the square's 8 symmetries, and in the move
// phase either colour to move (the colour swap is a symmetry there:
// symmetry.go). The ranks are dense over the classes, the mover's cells
// first (ranking.go): 9,469,965 ranks in the move phase, where ranking
// v1 ranked every board (151,420,500) and used one in eight.
package teeko
