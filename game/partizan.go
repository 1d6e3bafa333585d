package game

import "iter"

// Partizan is a game in which the two players, Left and Right, have
// different moves (Blue-Red Hackenbush, Domineering, Toads and Frogs):
// LeftMoves yields the positions Left can move to from p, RightMoves those
// of Right. Under normal play the player unable to move loses. The same
// rules as Game.Moves apply: each option once or more, p neither retained
// nor modified, safe to call again.
//
// A position's value is a short partizan game (package cgt) when every
// line of play ends; the evaluators report a cycle as an error.
type Partizan[P comparable] interface {
	LeftMoves(p P) iter.Seq[P]
	RightMoves(p P) iter.Seq[P]
}

// PartizanSplitting is a partizan game whose moves may leave a
// disjunctive sum of independent regions (a Domineering board falls apart
// into separate areas, a Hackenbush picture into separate components).
// LeftOptions and RightOptions yield, for every move, the regions of the
// position it leaves, in a slice valid only during the call to yield. The
// value of a sum is the sum of the values of its regions, so evaluators
// memoise regions, never sums.
type PartizanSplitting[P comparable] interface {
	LeftOptions(p P) iter.Seq[[]P]
	RightOptions(p P) iter.Seq[[]P]
}
