// Package gobblet is Gobblet Gobblers (Thierry Denoual; Blue Orange
// Games, 2009) as a built-in game of the catalog (gobblet) and as a
// game.Tiered for the tier solver, which strongly solves it (grundy db
// build gobblet).
//
// The rules, as E. Farmer states them in "Strongly solving Gobblet
// Gobblers using retrograde analysis" (Possibly Wrong, June 2024,
// https://possiblywrong.wordpress.com/2024/06/) and B. Liou in "Gobblet
// Gobblers" (https://thebrianliou.com/projects/gobblet-gobblers):
//
//   - A 3×3 board; Blue and Orange each have six pieces, two small, two
//     medium and two large; Blue moves first.
//   - A turn either places a piece from one's reserve or moves one of
//     one's own pieces that shows (is on top of its stack) to another
//     square. Either way the piece goes to an empty square or over a
//     smaller piece of either colour, which it covers ("gobbles"). Unlike
//     Gobblet (4×4), a piece from the reserve may gobble any smaller
//     piece, not only one in a threatened line. A covered piece stays
//     where it is, and shows again when the piece over it moves away.
//     Pieces never leave the board.
//   - Three showing pieces of one colour in a line (row, column or
//     diagonal) win, and play stops.
//   - Uncovering. Moving a piece may uncover a line of the opponent's.
//     The usual rule (the publisher's for Gobblet, 4×4, and Liou's
//     statement for Gobblet Gobblers): the piece lifted must then be put
//     over a piece of that line, or the opponent wins; it may not go back
//     to the square it came from. Here, as in the published solutions (Farmer's program,
//     github.com/possibly-wrong/gobblet: "you win if your opponent
//     uncovers your existing 3-in-a-row, even if they create their own
//     3-in-a-row in the same move"; B. Liou's tablebase: "the reveal
//     takes precedence"), the board is judged after the move: if the
//     opponent's line shows, the opponent wins, whether or not the mover
//     made a line too; otherwise a line of the mover's wins for the
//     mover. The two readings agree: a move never returns a piece to its
//     square, and the only way to break a line is to cover one of its
//     pieces. (Some programs let a line made by the mover win first; not
//     this one.)
//   - Play that repeats forever is a draw: positions are nodes of the
//     game graph and endless play is neither player's win.
//
// Published results: Gobblet Gobblers is a first-player win (Liou:
// "Player 1 wins with perfect play"; issue 34 credits it to the
// retrograde analysis below). Farmer's program finds 341,024,631 states "up to board and
// player symmetry": the positions reachable from the start, finished
// ones included (not expanded), each taken as the board seen by the
// player to move, up to the square's 8 symmetries. Those are the classes
// of the reachable positions under the 16 symmetries this package ranks
// by (tier.go): the board's 8 and the swap of the colours with the
// player to move. Each class is one record of the database, so its count
// of positions is comparable with Farmer's (BENCHMARKS.md).
//
// Notation. A position is the 9 squares row by row from the top left,
// each its stack bottom to top: S, M, L for Blue's small, medium and
// large pieces, s, m, l for Orange's, '.' for an empty square; squares
// separated by ',' and rows by '/'; then ':' and the player to move, b
// or o: "sL,.,./.,M,./.,.,l:o". The reserves follow from the board.
// Nothing is the start. Squares are named as the catalog names grid
// cells, column letter from a at the left, row number from 1 at the top
// (b2 the centre); moves are labelled "large from reserve to b2" and
// "medium a1-c3".
//
// What makes the solvers right. Moves come from three layers of two
// 9-bit sets (one a size and colour; a stack holds a size once, larger
// on top); a position where a line shows has no moves and is scored by
// TerminalOutcome, and every other position has a move (a player's
// largest pieces are never covered, and at most four squares hold a
// largest piece). The tests compare the tier solver's database with a
// plain retrograde analysis written separately (stacks as slices of
// pieces, lines read from the top pieces, values by rounds of
// remoteness) on every position of the same rules with fewer pieces
// (one size of two, two sizes of one, three sizes of one: 1,494,118
// positions, decided in at most one ply; two sizes of two with
// GRUNDY_GOBBLET_LONG: 3,995,365 positions, remoteness up to 33,
// about a minute of CPU), and random play-outs of the full game
// against the plain rules' moves.
//
// Without a database, grundy solve searches by increasing depth (a
// forced win within d plies is a win whatever the cycles of the game
// graph; search.go) up to --max-states positions, and points to db build
// when the position is undecided there.
package gobblet
