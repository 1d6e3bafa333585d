// Package stopper is the algebra of loopy partizan games: games given by
// a finite graph whose positions may repeat, so that play may go on for
// ever (Winning Ways ch. 11 "Games Infinite and Indefinite"; Conway, On
// Numbers and Games ch. 16; Siegel, Combinatorial Game Theory (AMS 2013)
// ch. VI "Loopy games"; Siegel, "Coping with cycles", Games of No Chance
// 3, 2009). It is what CGSuite's CanonicalStopper and SidedValue compute,
// in CGSuite's notation (parse.go): on, off, over, under, upon, dud,
// pass, labelled loops a{0|a}, sided values G & H.
//
// # Stoppers
//
// A stopper is a game from no position of which play can go on for ever
// with the players alternating (IsStopper: no cycle in the graph of
// states (position, player to move)). For stoppers G ≥ H exactly when
// Left, moving second in G − H, survives — never runs out of moves —
// and an endless play counts as survival (Siegel, CGT VI; ONAG ch. 16):
// geqTable solves that game of survival for every pair of positions by
// retrograde analysis, which ends because each state is settled once.
//
// Stoppers have simplest forms: delete dominated options, bypass
// reversible ones, and fuse equal positions; two equal stoppers in
// simplest form have isomorphic graphs (Conway 1978; Siegel, CGT VI,
// the simplification theorem for stoppers; Siegel, "Loopy games",
// Games of No Chance 4). Canonical does this on one table of
// comparisons, since no step changes the value of any position; why
// the steps end is in Canonical's doc.
//
// # Sides
//
// A game that is not a stopper has an onside and an offside, the
// stoppers it equals when an endless play is counted as Left's or as
// Right's win; CGSuite writes the value onside & offside (dud = on &
// off, tis = 1 & 0). Sums of sided values add side by side: onsides by
// the upsum (the onside of the sum of the onsides), offsides by the
// downsum. The sum of two stoppers is itself a stopper unless play can
// alternate for ever through both (on + off = dud).
//
// A side is found from the game graph (side): first by deleting moves
// that lie on alternating cycles, each kept deleted only when the
// comparison of sides (sided.go: the swivel chair's game with a Büchi
// condition on which component an endless play stays in) shows the side
// unchanged, until a stopper remains; failing that by Conway's sidling
// (sides.go): every position that can loop starts at on (off for the
// offside) and is replaced round by round by {S(G^L) | S(G^R)} of the
// last round's values, until a round changes nothing. Both ways check
// their answer by a theorem (equality of sides; a fixed point of
// sidling); some games have no stopper sides (Bach's carousel), and
// then neither finds one and the value is reported without sides
// (*NotSettledError).
//
// # Limits
//
// Graphs are bounded (Limits.MaxVertices) and the comparison tables are
// charged to a budget.Bytes (Limits.Memory); sidling stops after
// MaxSidleRounds. Every recursion follows alternating play in a stopper
// or the nesting of the input (MaxNesting), so nothing overflows the
// stack.
//
// # Why by hand
//
// No Go library handles loopy partizan games; CGSuite (Java/Scala) is
// the reference. The package follows the theory above and is checked
// against plain play-outs of the game graphs and CGSuite's own test
// data (stopper_test.go).
package stopper
