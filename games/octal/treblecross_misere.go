package octal

// NoMisere: Treblecross is won by making three in a row; its reduction to
// octal 0.007 is normal play, whose misère form is not a Treblecross
// rule (the misère variant of Treblecross, where three in a row loses,
// is another game).
func (treblecross) NoMisere() string {
	return "treblecross has no misère play here: it ends when a player makes three X in a row and wins (its octal form 0.007 under misère play is not a Treblecross rule); octal:0.007 --misere is the octal game"
}
