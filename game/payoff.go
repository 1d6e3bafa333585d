package game

import (
	"iter"
	"math/big"
)

// Chance is what Multiplayer.ToMove returns for a position where nature
// moves (a die roll, a card dealt) instead of a player.
const Chance = -1

// Multiplayer is a game for any number of players whose terminal positions
// carry a payoff vector: one number per player, which that player wants as
// large as possible. Two-player win/lose games are the special case with
// payoffs (1, 0) and (0, 1); zero-sum games with scores have payoff vectors
// (v, −v).
//
// Players are numbered 0, 1, …, Players()−1. Moves (from Game) gives the
// positions a player may move to; a position that is not a chance position
// and has no moves is terminal, and only then is Payoff called.
type Multiplayer[P comparable] interface {
	Game[P]
	// Players is the number of players, at least 1.
	Players() int
	// ToMove is the player to move at p, or Chance if nature moves there.
	ToMove(p P) int
	// Payoff is the payoff vector of the terminal position p, indexed by
	// player number (not relative to the mover). A nil entry stands for a
	// number that is not finite (see RatPayoff); solvers reject it.
	Payoff(p P) []*big.Rat
}

// Stochastic is a Multiplayer game with chance positions.
type Stochastic[P comparable] interface {
	Multiplayer[P]
	// Outcomes yields, for a position p where ToMove(p) == Chance, the
	// positions nature may move to, each with its probability. The
	// probabilities must be positive and sum to exactly 1; a position may
	// appear more than once (its probabilities add up).
	Outcomes(p P) iter.Seq2[P, *big.Rat]
}

// RatPayoff converts float64 payoffs to the exact rationals of Payoff; a NaN
// or infinite entry becomes nil, which solvers report as an error naming
// the position and the player.
func RatPayoff(xs ...float64) []*big.Rat {
	out := make([]*big.Rat, len(xs))
	for i, x := range xs {
		out[i] = new(big.Rat).SetFloat64(x) // nil for NaN and ±Inf
	}
	return out
}
