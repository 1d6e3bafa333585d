// Package impartialgame is what the adapters of impartial games share: a
// catalog Instance and Explorer for any game.Splitting, answered by
// exhaustive Sprague–Grundy search (Searched), the remoteness of
// disjunctive sums by a search of the sum itself (SumSearch), the move
// lists of closed-form heap games (ExploreHeaps, SearchExplorer), and the
// proven period of a heap rule (ProvenPeriod).
//
// Why it is right: a sum's Sprague–Grundy value is the nim-sum of its
// components' values (Sprague 1935, Grundy 1939), so a position is solved
// by solving its parts. A sum's remoteness is not a function of its
// parts' remotenesses (Winning Ways ch. 9 gives rules only for the
// conjunctive and selective compounds), so SumSearch searches the sum as
// one game, on multisets of components (a sum is the same game whatever
// the order of its parts), within a budget of moves and bytes; past it
// the remoteness is reported as unknown rather than guessed.
//
// Under misère play (SolveMisereComponents) a sum is not decided by its
// parts' values at all, so it is searched as one game, the player who
// cannot move winning; a component with no moves is still dropped (it is
// the identity of the sum under either convention). A game with a proven
// misère theory (Bouton's rule for Nim, a heap game's misère quotient,
// HeapQuotient) gives it as a MisereOracle: the oracle answers the outcome
// and winning moves, the search adds the remoteness and must agree.
//
// A closed form that SearchExplorer explores is checked against the
// search on every position it explores: the two must agree on the outcome.
//
// It sits between the catalog core, which it imports for Report, Options
// and the explorer's types, and the game packages (games/nim,
// games/octal, …), which build their Instances from it. The catalog core
// cannot hold it: the core is imported by every game package, and this
// code imports the impartial solver and the heap engine.
package impartialgame
