// Package payoff solves finite acyclic games with any number of players,
// payoff vectors and chance: backward induction (Zermelo 1913; Kuhn 1953,
// "Extensive games and the problem of information") gives every position a
// payoff vector — at a terminal position the game's own, at a position where
// player i moves the vector of an option that maximises component i, and at
// a chance position the probability-weighted average of the outcomes'
// vectors (expectimax; Michie 1966, Russell & Norvig ch. 5). By Kuhn's
// theorem the strategies so chosen form a subgame-perfect equilibrium in
// pure strategies, for every tie-breaking rule.
//
// Ties matter with three or more players: when several options give the
// mover the same payoff they may give the others different ones, and the
// equilibrium depends on which the mover picks. The rule is explicit and
// selectable (TieBreak); the default, TieFirst, picks the first such
// option in the game's move order. TieSpiteful (the "paranoid" rule) picks
// the one that leaves the others the least in total, TieGenerous the most,
// TieLast the last; each falls back to move order, so the result is
// deterministic.
//
// Arithmetic is exact by default: payoffs and probabilities are
// math/big.Rat, so an expectimax value such as 7/36 comes out as 7/36.
// Options.Float asks for float64 instead, which is faster and rounds.
//
// For two-player zero-sum games (payoffs (v, −v)), RootValue computes the
// value alone by alpha-beta search with a transposition table that keeps a
// lower and an upper bound per position ("alpha-beta with memory", Plaat,
// Schaeffer, Pijls & de Bruin 1996), which prunes options that cannot
// change the root value; Knuth & Moore 1975 prove that fail-soft
// alpha-beta returns the minimax value whenever it lies inside the window.
// Chance positions are searched with the full window (no pruning below
// them).
//
// The search is depth-first with memoisation, one entry per distinct
// position; a position met again while it is still being searched is a
// cycle, which backward induction cannot handle, and is reported as an
// error naming the position (games whose positions repeat, such as Pig,
// need value iteration: see games/pig).
package payoff
