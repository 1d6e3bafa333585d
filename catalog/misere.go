package catalog

import "context"

// MisereSolver is implemented by instances of impartial games that also
// answer under misère play, where the player who makes the last move
// loses (solve --misere). The report has the fields of Solve, under
// misère play: Grundy is nil (a misère sum is not decided by Grundy
// values), Remoteness and WinningMoves are misère play's, and Extra
// holds "misere": true.
//
// It is the one call a front end makes to solve one position under
// misère play (the CLI's solve --misere, the explorer's misère switch):
// tokens and opts are Solve's, and an Instance that does not implement it
// has no misère play here (NoMisere, when it does, says why). How a game
// answers is its own: a sum is always searched or decided as a whole
// (package impartialgame's SolveMisereComponents), from a proven closed
// form or misère quotient when there is one.
type MisereSolver interface {
	Instance
	SolveMisere(ctx context.Context, tokens []string, opts Options) (*Report, error)
}

// NoMisere is implemented by impartial games whose misère play is
// meaningless or not offered, with the reason, for a one-line error:
// games whose end is not "the player to move has no move" (the cutting
// game ends at the first 1×1 piece, Treblecross at three in a row), and
// games that are misère play already (misere-nim).
type NoMisere interface {
	NoMisere() string
}
