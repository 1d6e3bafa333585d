// Package nim defines Nim and misère Nim, with their closed forms.
//
// Nim: several heaps; a move takes any positive number of tokens from one
// heap. A heap of n is the nimber *n, so by Bouton's theorem (Bouton 1901;
// Winning Ways ch. 2) the value of a position is the nim-sum s of the heap
// sizes, the player to move wins exactly when s ≠ 0, and the winning moves
// are, for each heap h with h ⊕ s < h, the move h → h ⊕ s.
//
// Misère Nim (the player who takes the last token loses): Bouton also
// showed that play is as in Nim until the move that would leave only heaps
// of size at most 1; then the winner leaves an odd number of heaps of
// size 1. So a position whose heaps are all 0 or 1 is won by the player to
// move exactly when the number of 1-heaps is even, and any other position
// exactly when its nim-sum is not 0.
//
// The closed forms work on arbitrary-size integers (math/big); Heap is the
// searchable one-heap game that the tests use as the closed forms' witness.
package nim
