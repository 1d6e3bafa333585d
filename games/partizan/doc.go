// Package partizan evaluates partizan games given through the game model
// (game.Partizan, game.PartizanSplitting) to their canonical values in a
// cgt.Space, and its subpackages define the built-in partizan games:
// hackenbush (Blue-Red Hackenbush stalks and trees, and Blue-Red-Green,
// Green and Childish Hackenbush on any graph), domineering, toads (Toads
// and Frogs), cutcake, maundy (Maundy Cake), colsnort (Col and Snort on
// paths and graphs), clobber, toppling (Toppling Dominoes), cram,
// amazons, eatcake, and psubtract (partizan subtraction games), with
// gridboard the board notation of Domineering, Cram and Amazons.
// Each subpackage registers its games with the catalog from its
// entry.go, through the shared adapter in catalog/partizanreport; this
// package, the evaluator, knows nothing of the catalog.
//
// The value of a position is {values of Left's options | values of
// Right's options} in canonical form (Conway, On Numbers and Games, ch. 7;
// Siegel, Combinatorial Game Theory, ch. II), and the value of a
// disjunctive sum is the sum of the values of its parts, so the Evaluator
// memoises regions, never sums: a Domineering board that falls apart is
// valued region by region, each region once. Every line of play must end
// (short games): a position met again on its own line of play is
// reported as a cycle, never looped on.
//
// A region that stands for the negative of another (Negation: a
// Domineering region keyed by its transpose, which swaps Left and Right)
// is valued as the negative of that one, so the table holds one entry
// for both (Siegel, CGT, II.1: −G = {−G^R | −G^L}). The region table
// charges a memory budget (Evaluator.Memory) as it grows, as the
// cgt.Space charges its own (cgt.Space.Memory): a search too large for
// memory stops with the budget's error, naming its limit.
package partizan
