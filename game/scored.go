package game

// Scored is a two-player game whose end has a score: the final margin,
// points for the player to move minus points for the opponent (Kalah's
// store difference, Othello's disc difference). Its value under perfect
// play is the margin both players reach when each maximises its own
// margin (negamax: a position's value is the greatest of the negated
// values of its moves), and its outcome follows from the sign: N when
// positive, P when negative, D when zero.
//
// Ties between moves of equal margin are broken by remoteness, the
// number of moves to the end: with a positive margin the mover takes the
// fewest (wins fastest), with a negative one the most (loses slowest),
// and with a margin of zero the fewest (the shortest drawn line). The
// remoteness reported is the one of the move so chosen.
//
// TerminalScore is asked only about positions without moves; it replaces
// Terminal's outcome for a Scored game. Solvers that hold scores (the
// tier solver and its databases, search.Margin) need the game's play to
// end: a cycle has no final margin, and they refuse it.
type Scored[P comparable] interface {
	TerminalScore(p P) int
}
