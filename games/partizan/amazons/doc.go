// Package amazons is the Game of the Amazons on small boards (Walter
// Zamkauskas, 1988; Berlekamp, "Sums of N×2 Amazons", 2000; Snatzke,
// "Exhaustive search in the game Amazons", 2002; CGSuite's
// game.grid.Amazons): Left's amazons (x) and Right's (o) stand on a board
// with stones (#). A move takes one of the player's amazons any number of
// empty cells along a row, column or diagonal, like a chess queen, and
// then fires an arrow from where it lands, again like a queen (the cell it
// left is now empty), which becomes a stone. A player who cannot move
// loses.
//
// A position is written as CGSuite writes it: rows of . (empty), x
// (Left's amazon), o (Right's amazon) and # (stone) joined by | (or /),
// e.g. "x...|o...", at most 64 cells. Several boards make a sum.
//
// Amazons and arrows travel only through empty cells along lines, and
// consecutive cells of a line touch at a side or a corner, so a board is
// the disjunctive sum of the groups of non-stone cells connected through
// sides and corners (game.PartizanSplitting). Each group is cut out to
// its bounding box (the other cells there become stones), a group
// without amazons is dropped (nobody can move there: 0), and a group is
// kept as the least of its eight images under the symmetries of the
// square, which queen moves respect; the evaluator's memo is shared by
// every group of every position.
//
// The tests check the values against a plain search of the definition
// over whole boards and against CGSuite's own test value of "x...|o..."
// (GameGridTest.scala: ±{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},±1,±{1,{2|0}}}})
// and its count of 2784 followers (GameTest.scala).
package amazons
