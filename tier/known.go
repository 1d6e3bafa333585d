package tier

import (
	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
)

// KnownRecord returns the record of p when p's value follows from p and
// its moves alone, without the records of other positions: a terminal
// position (its terminal outcome, in 0 moves), a position with a move
// that wins at once (won in 1: Finisher, or a move to a terminal
// position lost for its player to move), and a position every one of
// whose moves lets the opponent win at once or has won already, one at
// least the former (lost in 2). These are the
// values a database of format 7 does not store faithfully (db.FreeCode:
// lost in 0, won in 1, lost in 2), so a lookup in one asks KnownRecord
// first. ok is false for any other position.
//
// Why the values are right: remoteness is Steinhaus's (the winner
// hurries, the loser delays), so a position with a winning move to a
// terminal loss is won in 1 whatever its other moves, and a position
// none of whose moves wins at once, all of whose moves leave a position
// won in 1 or 0 and one at least in 1, is lost in 1 + 1 = 2. Not for scored games (margins, not
// outcomes).
func KnownRecord[P comparable](g game.Tiered[P], p P) (code uint16, ok bool) {
	moves := appendMoves(g, nil, p)
	if len(moves) == 0 {
		return db.Encode(terminalOutcome(g, p), 0)
	}
	if winsAtOnce(g, p, moves) {
		return db.Encode(outcome.N, 1)
	}
	// Lost in 2: every move leaves a position won in 1, or won in 0 (a
	// terminal win for its player to move: Quixo's line of the
	// opponent's), and one at least won in 1 (else lost in 1).
	var buf []P
	won1 := false
	for _, q := range moves {
		buf = appendMoves(g, buf[:0], q)
		if len(buf) == 0 {
			if terminalOutcome(g, q) != outcome.N {
				return 0, false
			}
			continue
		}
		if !winsAtOnce(g, q, buf) {
			return 0, false
		}
		won1 = true
	}
	if !won1 {
		return 0, false
	}
	return db.Encode(outcome.P, 2)
}

// appendMoves appends p's moves to dst.
func appendMoves[P comparable](g game.Game[P], dst []P, p P) []P {
	if a, ok := g.(game.MoveAppender[P]); ok {
		return a.AppendMoves(dst, p)
	}
	for q := range g.Moves(p) {
		dst = append(dst, q)
	}
	return dst
}

// winsAtOnce reports whether p (with moves, when the game is no
// Finisher) has a move to a terminal position lost for its player to
// move.
func winsAtOnce[P comparable](g game.Tiered[P], p P, moves []P) bool {
	if f, ok := g.(Finisher[P]); ok {
		return f.WinsAtOnce(p)
	}
	var buf []P
	for _, q := range moves {
		if buf = appendMoves(g, buf[:0], q); len(buf) == 0 && terminalOutcome(g, q) == outcome.P {
			return true
		}
	}
	return false
}

// terminalOutcome is the outcome of a terminal position for its player
// to move: the game's (game.Terminal), else lost (normal play).
func terminalOutcome[P comparable](g game.Game[P], p P) outcome.Outcome {
	if t, ok := g.(game.Terminal[P]); ok {
		return t.TerminalOutcome(p)
	}
	return outcome.P
}
