package game

import (
	"iter"

	"github.com/grundy-go/grundy/outcome"
)

// Enumerable is a game whose positions can all be listed, so that a solver
// can work backwards from the end of the game (retrograde analysis) instead
// of searching forwards from one position. Games whose play can repeat a
// position (loopy games) are solved this way.
//
// Positions yields every position of the game, each exactly once. Every
// position that Moves yields from a listed position must itself be listed.
type Enumerable[P comparable] interface {
	Game[P]
	Positions() iter.Seq[P]
}

// Terminal is implemented by games in which a position without moves is not
// simply lost for the player to move (the normal-play convention). It is
// also how a game ends play early: a position whose rules end the game (the
// tokens meet, a line of three is made) has no moves, and TerminalOutcome
// says who won.
//
// TerminalOutcome returns, for a position with no moves, outcome.N if the
// player to move there has won, outcome.P if that player has lost, and
// outcome.D for a drawn end. It is asked only about positions without moves.
type Terminal[P comparable] interface {
	TerminalOutcome(p P) outcome.Outcome
}

// Endless is implemented by games whose rules give a verdict for play that
// never ends other than a draw. In the pursuit game, for instance, endless
// play is a loss for the pursued player.
//
// EndlessOutcome returns the result of an endless play from p for the player
// to move at p: outcome.N (that player wins), outcome.P (that player loses)
// or outcome.D. The verdict must be consistent along moves: if p has a move
// to q, the verdict at q is the verdict at p seen from the other player (N
// and P swap, D stays D). Games without this interface treat endless play
// as a draw, which is the convention for impartial loopy games (Smith 1966).
type Endless[P comparable] interface {
	EndlessOutcome(p P) outcome.Outcome
}
