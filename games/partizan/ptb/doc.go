// Package ptb is the partizan take-and-break game of two codes, CGSuite's
// game.heap.PartizanTakeAndBreak(leftCode, rightCode) (a
// PartizanHeapRuleset of two TakeAndBreak rulesets): heaps of tokens; Left
// moves on a heap as her code allows, Right as his, a move that leaves
// several heaps leaving a sum. Each code is read in CGSuite's full
// notation (package heap, tbcode.go): partizan-tb:0.303/0.033 is the
// partizan subtraction game {1,3} | {2,3}, partizan-tb:0.77/4!.0 lets
// Left play Kayles and Right Grundy's game. CGSuite's Partizan Splittles
// is the codes with 7 for each amount of the sets.
//
// The values are canonical forms (package cgt) by the partizan evaluator;
// the tests check them against a plain recursion over the options the
// codes list, CGSuite's test value of PartizanSubtraction([1,3],[2,3])(6)
// and the built-in partizan-subtract.
package ptb
