// Package cakeproduct is the cake product of two heap rulesets, CGSuite's
// game.heap.GenCutcake (HeapRuleset.CakeProduct): a position is a cake
// of R rows and C columns (written RxC, as Cutcake's); Left moves on the
// columns as a heap of C in her ruleset, Right on the rows as a heap of R
// in his, and a move that leaves several heaps leaves several cakes, a
// sum. Each ruleset is a take-and-break code (package heap, CGSuite's
// TakeAndBreak notation): 4.0 cuts a side in two (Cutcake), 0.7 eats a
// row or column (Eatcake), {2+}=.0 cuts a side into equal parts (Maundy
// Cake).
//
// In the twisted form the cake is turned a quarter turn with each move
// (Winning Ways, ch. 8, "Turn-and-Eatcake"). In CGSuite's coordinates, a
// cake (m, n) — m rows, n columns — gives Left the cakes (n, b) for each
// b her ruleset leaves of a heap of m, and Right the cakes (a, m) for
// each a his leaves of a heap of n: the turn comes before the move. (The
// reading "move, then turn" gives the same values on the transposed
// cake: by induction both are T(m, n) = T′(n, m).) Turn-and-Eatcake is
// the twisted product of 0.7 with itself.
//
// When both players have the same ruleset, a cake is the negative of its
// transpose (rows and columns change places, and so do the players; for
// the twisted form too, by the same induction), so one value serves both.
//
// The values are canonical forms (package cgt) computed by the partizan
// evaluator (package partizan); the tests check them against a plain
// recursion over the rules and against CGSuite's test values
// (GameHeapTest: Cutcake, Maundy Cake, Eatcake, Turn-and-Eatcake and the
// twisted Maundy Cake on the cakes 8×n).
package cakeproduct
