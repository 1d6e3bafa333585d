// Package reports holds the typed reports of grundy's commands other than
// solve, so that the command line and the server present the same
// answers: SeqReport (a heap game's values and their period, computed by
// the heap engine for instances that are Sequencers; the period proven by
// Guy and Smith's theorem for octal games, Winning Ways ch. 4), CGTReport
// (the calculator in CGSuite's notation, and the canonical value of a
// position of a partizan game through a Valuer: Conway, On Numbers and
// Games; Siegel, Combinatorial Game Theory), MatrixReport (a matrix
// game's value and optimal mixed strategies by linear programming, von
// Neumann's minimax theorem), CheckReport (what a game script defines,
// through the checker the script package registers), PatternReport
// (the patterns of a game's values, package pattern, on values from the
// heap engine, a value table or positions solved one by one), TableSVG (a table of
// values drawn with numbered axes, grundy table --svg). Exact numbers are
// Numbers, which marshal as fraction strings, never floats or `any`.
//
// It sits beside the catalog core, whose registry it reads to resolve
// game specs, so that the core stays the contract alone.
package reports
