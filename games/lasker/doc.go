// Package lasker defines Lasker's Nim and its closed form.
//
// Lasker's Nim (Emanuel Lasker, Brettspiele der Völker, 1931): several
// heaps; a move either takes any positive number of tokens from one heap,
// or splits one heap into two non-empty heaps. Splitting leaves a sum of two
// independent heaps, so the searchable model is a game.Splitting.
//
// Theorem (Winning Ways ch. 4, "Lasker's Nim"; Siegel, Combinatorial Game
// Theory, §IV.1): G(0) = 0 and, for k ≥ 0,
//
//	G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3.
//
// Induction, looking at values mod 4 (G(n) mod 4 is 1, 2, 0, 3 for
// n ≡ 1, 2, 3, 0): the take moves from n reach every smaller heap, whose
// values are all of 0..n-1 except that 4k+3 and 4k+4 trade places; a split
// into a + b = n is worth G(a) ⊕ G(b), and working through the residues of
// a and b, a split of n ≡ 1 is worth ≡ 2 (mod 4), of n ≡ 2 worth ≡ 0 or 1,
// of n ≡ 3 worth ≡ 3 (1 + (4k+2) gives exactly 4k+3), and of n ≡ 0 worth
// ≡ 0 or 1. So the mex is n for n ≡ 1, 2; 4k+4 for n = 4k+3 (everything up
// to 4k+3 is reached, 4k+4 is not); and 4k+3 for n = 4k+4 (4k+4 is
// reached by taking to 4k+3, 4k+3 by nothing). The value of a sum of heaps
// is the nim-sum (Sprague–Grundy).
//
// G is an involution (it swaps 4k+3 and 4k+4 and fixes everything else), so
// the heap with value v is G(v): TakeTo finds the one take that leaves a
// given value, and SplitsTo every split of a heap small enough to
// enumerate (a huge heap can have astronomically many winning splits).
package lasker
