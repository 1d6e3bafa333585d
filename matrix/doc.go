// Package matrix solves two-player zero-sum matrix games: the row player
// picks a row, the column player a column, and the column player pays the
// row player the entry there. By von Neumann's minimax theorem (1928) the
// game has a value v and optimal mixed strategies x (rows) and y (columns)
// with xᵀA ≥ v componentwise and Ay ≤ v componentwise.
//
// Solve finds them by linear programming (Dantzig 1951; see von Stengel,
// "Game Theory Basics", ch. 8, or Ferguson, "Game Theory", part II §4):
// after shifting A so that every entry is at least 1, the row player's
// problem is min Σu subject to Aᵀu ≥ 1, u ≥ 0 (then v = 1/Σu, x = v·u), and
// the column player's its dual, max Σw subject to Aw ≤ 1, w ≥ 0. Both are
// solved with gonum's simplex (gonum.org/v1/gonum/optimize/convex/lp),
// which works in float64: the column player's from scratch, the row
// player's from the basis that complementary slackness reads off the
// first solution (the best replies to y and the slacks of the unused
// columns), where it usually stops at once. gonum refactorises the basis at
// every pivot, so the first solve dominates: seconds for 200×200.
//
// The floating-point answer is then made exact and proven: the supports of
// the two strategies found by the simplex fix the equalising equations of
// an equilibrium (every column the opponent uses pays the value against
// x, and every used row against y — complementary slackness), which are
// solved exactly over the integers by fraction-free (Bareiss) elimination.
// The candidate is accepted only if it satisfies every equilibrium
// inequality exactly, in math/big arithmetic: x ≥ 0, Σx = 1, xᵀA ≥ v for
// every column, and likewise for y. A Solution with Verified set is thus a
// theorem, not an approximation. When no exact candidate passes
// (degenerate games where the simplex's support does not pin the
// equations), the floating-point strategies are still returned, with a
// proven bracket Lower ≤ v ≤ Upper computed exactly from them.
//
// SolveTree extends the same design to two-player zero-sum games with
// hidden information given as game trees (Kuhn poker is the test: value
// −1/18): the sequence-form linear program of Koller, Megiddo & von
// Stengel (1994), whose size is linear in the tree, solved by the same
// simplex; the strategies are then made exact and scored exactly by best
// responses, so the value is proven when the two scores meet. At the
// information sets a player's own strategy never reaches, the LP says
// nothing; there each player gets a best reply to the opponent's
// strategy, beliefs weighed by chance and the opponent's play (the
// sequential rationality of Kreps and Wilson's sequential equilibrium),
// which leaves every payoff and so optimality unchanged and makes the
// values shown off the path of play those of sensible play.
//
// Parse reads a matrix written as rows of numbers separated by white space
// (integers, decimals, exponents, or fractions such as 2/3), one row a
// line; blank lines and text after '#' are ignored.
package matrix
