package paper

// NoMisere: the cutting game is won by the first 1×1 piece, not by the
// last move, so "the last move loses" is not a rule of it.
func (instance) NoMisere() string {
	return "paper has no misère play: it ends when a player cuts a 1×1 piece and wins, not when a player has no move, so there is no last move to lose by"
}
