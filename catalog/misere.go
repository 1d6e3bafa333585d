package catalog

import "context"

// MisereSolver is implemented by instances of impartial games that also
// answer under misère play, where the player who makes the last move
// loses (solve --misere). The report has the fields of Solve, under
// misère play: Grundy is nil (a misère sum is not decided by Grundy
// values), Remoteness and WinningMoves are misère play's.
type MisereSolver interface {
	Instance
	SolveMisere(ctx context.Context, tokens []string, opts Options) (*Report, error)
}
