// Package foxgeese is Fox and Geese (Winning Ways, 2nd ed., vol. 3,
// ch. 20; Siegel, Combinatorial Game Theory, ch. VI; CGSuite's
// game.grid.FoxAndGeese): on the dark squares of a W×H board (8×8 the
// standard one), Left's geese step one square diagonally down and
// Right's fox one square diagonally up or down, onto empty squares; no
// captures. The player who cannot move loses: a trapped fox, or geese
// that are all stuck. The fox may walk back and forth, so positions
// repeat and values are loopy; CGSuite's notation and board (rows from
// the bottom, the bottom-left square dark, geese Left) are kept.
//
// # Why every value is a stopper, and how it is found
//
// The geese only move down, so every Left move lowers the sum of the
// geese's rows: no play in which the players alternate goes on for
// ever, every position is a stopper (no sides needed), and with either
// player first play ends — there are no draws. The positions with the
// geese on the same squares form a layer, inside which only the fox
// moves. Valuer values a layer once the layers the geese move to are
// valued: it builds one stopper graph of the layer's positions (Right's
// options the fox's moves inside it) whose Left options are the
// simplest forms of the positions below, and simplifies it whole
// (stopper.CanonicalRoots). This is the value of the real game graph: a
// position differs from its layer graph only in that its Left options
// are replaced by equal stoppers, and in the difference of the two
// Left, moving second, survives by copying each move in the other
// component until the geese move, after which what is left is P − P'
// with P = P' (Siegel, CGT VI: G ≥ H iff Left survives G − H moving
// second). The tests check it against the simplest form of the whole
// graph (stopper.FromGraph) on every position of small boards. A goose
// move lowers the sum of the geese's rows by one, so the layers of one
// sum are independent: they are valued side by side on every core.
//
// 'grundy solve' plays the whole graph out by retrograde analysis
// (stopper.Results; reports.LoopySolve): from the start of 8×8 about a
// million positions.
package foxgeese
