// Package partizanreport adapts the built-in partizan games (Hackenbush,
// Domineering, Toads and Frogs, Cutcake, Col, Snort) to the catalog: one
// generic Instance, Game[P], that reads a position in the game's notation,
// values it with the partizan evaluator (games/partizan) in a cgt.Space,
// and answers the catalog's questions about it — Solve (outcome class,
// canonical value, each player's winning first moves), Value (the
// canonical form for 'grundy value') and Successors (Left's and Right's
// moves for the explorer).
//
// Each game registers its own catalog.Entry from its package (for example
// games/partizan/domineering/entry.go), giving New its rules: the game
// value that the evaluator takes, the parser and formatter of its
// notation, and optionally how its moves are written and how a position is
// drawn. A front end that wants a partizan game's canonical value asks
// for the Instance interface of this package rather than naming games.
//
// The outcome classes and winning moves follow Siegel, Combinatorial Game
// Theory, II.1: G > 0 (L) when Left wins whoever starts, G < 0 (R) when
// Right does, G ‖ 0 (N) when the player to move wins and G = 0 (P) when
// the player to move loses; a move by Left wins when the sum it leaves is
// ≥ 0, one by Right when it is ≤ 0.
package partizanreport
