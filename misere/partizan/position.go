package partizan

import "errors"

// ErrImpartial is wrapped by the error of a game whose misère play is
// answered by the impartial theory (package misere) rather than here: an
// impartial script asked for partizan misère forms.
var ErrImpartial = errors.New("an impartial game: its misère play is answered by the impartial theory (solve --misere)")

// Position is a position of a game's rules as a misère game form: what a
// ruleset or a script gives the front ends (value --misere, solve
// --misere) to report on.
type Position struct {
	Text  string // the position as the game writes it
	Form  Game   // its game form, the options as the rules give them
	Moves []Move // each player's moves, in the rules' order
}

// Move is one move from a Position: the whole position it leaves.
type Move struct {
	Left bool   // a move by Left, else by Right
	Text string // the position left, as the game writes it
	Form Game
}

// Wins reports whether the move wins for its player, who moved first
// from the position: the opponent, now to move, loses.
func (t *Table) Wins(m Move) bool {
	if m.Left {
		return !t.RightWinsFirst(m.Form)
	}
	return !t.LeftWinsFirst(m.Form)
}
