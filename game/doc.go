// Package game defines the interfaces that a game implements so that the
// solvers of grundy can analyse it.
//
// A game is a set of positions and, for each position, the moves from it.
// Positions are comparable Go values of a type parameter P, so that solvers
// can memoise them in maps without encoding them; moves are produced as an
// iter.Seq, so a solver can stop early and nothing is allocated that is not
// used.
//
// Each game states the optional interfaces it claims with compile-time
// checks in its own file (var _ game.Ranker[int] = Game{}), so that a
// method whose signature drifts is a compile error, not a capability
// silently lost.
//
// The interfaces follow the shape of gonum's graph package: small
// interfaces here, algorithms in sibling packages (impartial, heap, retro,
// payoff) that depend only on them. Each solver states which of the
// interfaces below it needs; the optional ones are discovered with a type
// assertion, as io.WriterTo is.
//
//   - Game: every move of a position, each to a position. Enough for the
//     Sprague–Grundy solver when the last player to move wins (normal
//     play).
//   - Splitting: a game whose moves may leave a disjunctive sum of
//     independent components (Lasker's Nim splits a heap, cutting paper
//     splits a sheet). By the Sprague–Grundy theorem the value of a sum is
//     the nim-sum of the values of its parts, so solvers memoise parts, not
//     sums; that is the difference between an exponential and a linear
//     search for every octal game. Such a game lists every move in Options
//     and is not a Game (no Moves method that would leave the splits out):
//     solvers that handle sums take a Splitting (impartial.NewSplitting),
//     and AsSplitting presents any Game as one.
//   - Splitter: a game whose given positions may already be sums (a
//     Treblecross strip with several X's falls apart into the gaps between
//     them).
//   - MoveAppender: the moves written into a caller's slice, for solvers'
//     hot paths (an iter.Seq allocates a closure per position).
//   - Ranker: positions with a dense integer rank, so that solvers store
//     values in a flat table instead of a hash map.
//   - Formatter: how a position is written for people and in JSON.
//
// Games with cycles, other ends and other players (loopy.go, payoff.go):
//
//   - Enumerable: every position can be listed, so solvers can work
//     backwards from the ends (retrograde analysis, for games with cycles).
//   - Terminal: a position without moves is not simply lost for the player
//     to move (misère play, a game won by making three in a row, a draw).
//   - Endless: the rules' verdict for play that never ends, when it is not
//     a draw (in the pursuit game, endless play loses for one player).
//   - Multiplayer: any number of players, each maximising its own entry of
//     a payoff vector at the end.
//   - Stochastic: positions where nature moves, with exact probabilities.
//
// Strong solving one tier at a time (tiered.go):
//
//   - Tiered: positions in tiers that play never leaves for an earlier
//     one, each tier densely ranked (package tier's solver).
//   - TierUnmover: the un-moves of a position inside its tier, so that a
//     loopy tier is solved by retrograde analysis with un-moves instead
//     of a stored graph.
//
// Partizan games, where Left and Right have different moves, are in
// partizan.go.
//
// A position that is a sum is written, at the front ends, as its components
// in order. A move in a sum replaces one component by the components it
// leaves.
package game
