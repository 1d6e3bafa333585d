// Package psubtract is the partizan subtraction games (Fraenkel and
// Kotzig, "Partizan octal games: partizan subtraction games", IJGT 16,
// 1987; Duchêne, Heinrich, Nowakowski and Parreau, "Partizan subtraction
// games", 2021; CGSuite's PartizanSubtraction): a heap of n counters,
// from which Left removes k counters for k in her set L and Right for k
// in his set R; a player who cannot remove loses. Written
// partizan-subtract:L/R, each set comma-separated, e.g.
// partizan-subtract:1,3/2,3. Several heaps are a disjunctive sum.
//
// A heap's value is {n−l | n−r} by definition (Conway, ONAG ch. 7); the
// evaluator values heaps 0, 1, …, n in turn, each once. With L = R the
// game is the impartial subtraction game S-Nim, whose values are the
// nimbers of Winning Ways ch. 4, which the tests check along with a
// plain search of the definition.
//
// # Heaps of any size: proven arithmetic periods
//
// Fraenkel and Kotzig proved that the outcome classes of every partizan
// subtraction game are eventually periodic; Duchêne et al. classify
// their eventual behaviour (dominance, weak dominance, fairness,
// ultimate impartiality). Neither gives the canonical values, and no
// published theorem that they are eventually (arithmetic-)periodic was
// found. FindPeriod proves a period of the values itself, from the
// recurrence: with m the largest amount of L ∪ R, every heap n ≥ m has
// the options G(n−k) for all k of L and R. A heap past MaxHeap is then
// answered as G(n0) + k·s (n = n0 + k·p), and a game with no proven
// period gets an error saying so, never a guess.
//
//   - Period p, no shift: if G(n+p) = G(n) for a ≤ n < a+m, then for all
//     n ≥ a (induction: the options of n+p and of n are equal values).
//   - Period p, shift s a nonzero number: if G(n+p) = G(n)+s for
//     a ≤ n < a+m+p, then for all n ≥ a, provided each heap n0 of
//     a+m … a+m+p−1 is either not a number, or a number while s is an
//     integer and, for s > 0, some Left option of n0 has right stop ≥ 0
//     (for s < 0, some Right option has left stop ≤ 0). Induction on n:
//     the options of n+p are those of n translated by s. When G(n) is
//     not a number, {G^L+s | G^R+s} = G(n)+s by the Number Translation
//     Theorem (Siegel, Combinatorial Game Theory, 2013, ch. II). When it
//     is a number x, it is the simplest number of the interval I_n
//     between its options (simplicity theorem), I_n = I_{n0} + k·s, and
//     the stops condition puts I_{n0} on the side of zero away from which
//     s moves it (a number y < R(G^L) is < G^L, so y ∉ I); on one side
//     of zero, the simplest number commutes with an integer translation
//     (the least integer of the interval, or else its dyadic of least
//     denominator), so the value of n+p is x+s.
//
// Games whose values grow by an infinitesimal (L = {1}, R = {4,5}: ↓*
// more each heap from heap 19; L = {1,2}, R = {1}: ↑* each heap) are
// not covered by either case: FindPeriod says what it saw and that it
// is not proven. In random games with both sets non-empty the values
// were either periodic with no shift or grew by infinitesimals (and
// sometimes neither within 5,000 heaps); number shifts appear when a
// player has no move at all, which the tests use to exercise that case.
package psubtract
