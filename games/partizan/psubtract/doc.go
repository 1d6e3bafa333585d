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
package psubtract
