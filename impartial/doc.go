// Package impartial computes Sprague–Grundy values of finite impartial games
// under normal play, and of disjunctive sums of them.
//
// The Sprague–Grundy theorem (Sprague 1935, Grundy 1939; Winning Ways ch. 4)
// makes every position p equivalent to the Nim heap *G(p) with
// G(p) = mex{ G(q) : q an option of p }, and the value of a sum is the
// nim-sum of the values of its components. A position is a win for the
// player to move exactly when its value is not 0, and a winning move in a
// sum G1 + … + Gk with nim-sum x ≠ 0 is a move in some Gi to an option of
// value G(Gi) ⊕ x.
//
// The Solver memoises values per component, never per sum, so a game whose
// moves split positions (game.Splitting, solved by NewSplitting) costs one
// evaluation per distinct component. The search is iterative — an explicit
// stack of frames and an arena holding the options of the frames on it — so
// a chain of millions of positions cannot overflow the goroutine stack, and
// a cycle is detected exactly (an option that is an ancestor on the stack)
// and reported as an error: a game with cycles needs the retrograde solver
// instead.
//
// Remoteness (Winning Ways ch. 9) is computed alongside the value for
// positions whose options are single positions: 0 at a terminal position,
// otherwise 1 + the least remoteness of an option of value 0 if there is
// one (the winner hurries), else 1 + the greatest remoteness of any option
// (the loser delays). The remoteness of a sum is not a function of the
// remotenesses of its parts, so it is left unknown there.
package impartial
