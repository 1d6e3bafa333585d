// Package payoffreport writes the catalog's Report for games that are not
// won or lost outright: games with payoff vectors, more than two players,
// or chance. It is the machinery those families share, kept out of the
// catalog's core; each game registers its own catalog.Entry from its own
// package (games/tshirts, games/pig, games/landlords, games/kuhn) and calls
// what it needs here.
//
// Solve turns any acyclic game.Multiplayer into a Report by backward
// induction (package payoff): "payoff" is the value vector in turn order
// from the player to move, "winning_moves" the options that give the mover
// its best payoff, and for two players "outcome" N, P or D as the mover's
// payoff is above, below or equal to the other's, as DESIGN.md fixes the
// JSON contract. With Options.RootOnly it gives the value alone of a
// two-player zero-sum game, by alpha-beta with a transposition table.
//
// ChanceOutcome and ChanceNote word the result of a two-player win/lose
// game with chance (Pig, Landlords), whose value is the mover's winning
// probability: neither player can force a win unless that probability is
// 0 or 1.
package payoffreport
