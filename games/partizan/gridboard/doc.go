// Package gridboard is the text notation of the rectangular boards of
// the grid games — Domineering, Cram and Amazons — read from and written
// to the command line, the server and the explorer: one parser and one
// printer, so the three games accept the same spellings and word their
// errors alike.
//
// A board is written as its rows, top first, joined by | or / (CGSuite
// writes |; empty rows between separators are skipped), each row one
// character a cell from the game's alphabet (Notation.Cells, the first
// of which is the empty cell): ".#" for Domineering and Cram, ".xo#" for
// Amazons, read in either case as CGSuite reads them. Games with
// Notation.Sizes also read "RxC" as the empty board of R rows and C
// columns and write an empty board so. A board has at most 64 cells (the
// games keep it in 64-bit masks, Board.Mask). A bad board is one error
// line that quotes it and names the row and column of the bad
// character, or the row of the wrong length.
//
// Parse(String(b)) = b for every board: the fuzz test checks it, and
// that no input makes the parser panic or return a board past the
// limits.
package gridboard
