// Package toads is Toads and Frogs (Winning Ways ch. 1; Erickson, "New
// Toads and Frogs results", Games of No Chance, 1996): a strip of squares
// holds Left's toads (T), Right's frogs (F) and empty squares (.). A toad
// moves one square right into an empty square, or jumps right over one
// frog into the empty square just beyond; a frog does the same leftwards.
// The player who cannot move loses.
package toads
