// Package backslide is Backsliding Toads and Frogs (Winning Ways ch. 22;
// Siegel, "Backsliding Toads and Frogs", Games of No Chance 3, 2009):
// Toads and Frogs (package toads) in which a toad may also step one
// square back to the left, and a frog one square back to the right,
// into an empty square. Positions repeat, so play may go on for ever: a
// position's value is a stopper or a sided value (package cgt/stopper),
// found from the graph of every position it reaches, and its outcome,
// with draws, by playing that graph out.
package backslide
