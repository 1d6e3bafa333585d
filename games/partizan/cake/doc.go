// Package cake is the position of the cake-cutting games (Cutcake and
// Maundy Cake, Winning Ways ch. 2 and 3): a rectangle of unit squares,
// written RxC, several of them making a sum. The games differ only in
// their cuts and in how large a side they take, so they share the
// rectangle and its notation here.
package cake
