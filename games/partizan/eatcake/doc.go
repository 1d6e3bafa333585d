// Package eatcake is Eatcake (Berlekamp, Conway and Guy, Winning Ways,
// the all-small games), Cutcake's eating cousin: a position is one or
// more rectangular cakes of unit squares, written RxC (R rows, C
// columns). Left, on her turn, eats one whole column (a vertical strip
// one square wide and as tall as the piece) of one piece; Right eats one
// whole row of one piece. What was on either side of the strip is left
// as separate pieces (a strip at the edge leaves one piece, the last
// strip none). A player who cannot eat loses; since every piece has a
// row and a column, that is the player who meets no cake at all, so
// every position is all-small (an infinitesimal: Siegel, Combinatorial
// Game Theory, ch. II, all-small games).
//
// The rules above are stated as this package plays them: the text of
// Winning Ways could not be consulted while writing it, so the
// orientation (Left eats columns, as Left cuts vertically in Cutcake)
// is this package's convention, and no published table of values was
// available to check against. The tests check the evaluator against a
// plain recursive valuation of the rules on every cake up to 7×7 and on
// random sums, and the theorems the rules imply: 1×1 = *, a cake and its
// transpose are negatives (swapping rows and columns swaps the players:
// −G = {−G^R | −G^L}, Siegel, CGT, II.1), and every value is all-small.
//
// The evaluator keys a cake by its shape with Rows ≤ Cols and values
// R×C with R > C as the negative of C×R (partizan.Negation), and, a
// column's position and its mirror leaving the same pieces, tries only
// the columns (rows) of one half.
package eatcake
