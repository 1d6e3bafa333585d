// Package turning is the family of coin-turning games of Winning Ways
// (Berlekamp, Conway and Guy, ch. 14, "Turn and Turn About"): a row of
// coins numbered 1, 2, 3, … from the left, some heads up; a move turns
// over a set of coins that the game's rule allows, the rightmost of which
// must go from heads to tails; who cannot move loses.
//
// The rules here are those of Winning Ways' chapter:
//
//   - turning:K — turn at most K coins (Turtles K = 2, Mock Turtles 3,
//     Moebius 5, Mogul 7);
//   - turning:=K — turn exactly K coins (Twins: exactly 2);
//   - turning:run — turn a run of consecutive coins, of any length,
//     ending at the rightmost (Ruler).
//
// Each has its name too: turtles, mock-turtles, moebius, mogul, twins,
// ruler.
//
// Why a position is valued coin by coin: Winning Ways' theorem for these
// games (ch. 14, "the coin-turning theorem"; Lenstra's "Nim
// multiplication" states it in general) says that a position with several
// heads is the disjunctive sum of the positions with one head each, so
// its value is the nim-sum of the values g(n) of its heads. A move from
// the single head n that also turns the coins S (all tails, in the one-
// head position) leaves the heads S, worth the nim-sum of g over S; so
// g(n) is the mex of the nim-sums of the sets S the rule allows beside n.
// In the whole position a coin of S that is heads goes to tails, which the
// nim-sum already accounts for (the two copies cancel).
//
// How g is computed: for "at most K" and "exactly K", the nim-sums of
// exactly j distinct coins among 1 … c−1 are tracked for j < K as the
// coins are added one by one (the subset-sum recurrence E_j(c+1) =
// E_j(c) ∪ (E_{j−1}(c) ⊕ g(c))), each value remembering the coin that
// first reached it, so that a set S with a given nim-sum is read back in
// O(K) steps (for winning moves). A coin costs O(K·V), V the power of two
// above the values, so the coins valued this way are bounded (MaxCoin).
// For a run (Ruler) the nim-sums are differences of prefix nim-sums.
//
// The closed forms Winning Ways proves are used where they exist, for
// coins of any number: Turtles g(n) = n (Nim), Twins g(n) = n − 1, Mock
// Turtles g(n) = the n-th odious number (an odd number of ones in binary:
// 2m or 2m+1, m = n − 1, whichever is odious; "the Mock Turtle theorem"),
// Ruler g(n) = the largest power of 2 dividing n. Tests check each closed
// form against the recurrence, and the recurrence and the theorem against
// a plain search of whole rows of coins written from the rules.
//
// CGSuite's turning codes (game.strip.Turning) are read whole: parts
// joined by commas, each a number of coins (K, A-B, A+) and modifiers C
// (consecutive), C(n) (within n adjacent coins), E (equally spaced), S
// (symmetric), F (the leftmost coin among them): Mock Turtle Fives
// 1-3C(5), Turnips 3E, Grunt 4FS, Sym 1+S. A part with E, S, F or C(n) is
// valued coin by coin from the sets it allows (modifiers.go says how, and
// where its reading of F differs from CGSuite's program); the tests check
// CGSuite's values of these codes and a plain search of whole rows.
//
// The example script examples/mock.star numbers its coins from 0; the
// built-in games number them from 1, as Winning Ways does for Ruler and
// Turtles: the script's coin n is the built-in's coin n + 1.
package turning
