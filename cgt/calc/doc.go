// Package calc is grundy's calculator of CGSuite's notation over every
// kind of value grundy has: one expression is read as short games
// (package cgt) and, where it holds a value that is no short game, by
// the notation of that value — loopy games and sided values (package
// cgt/stopper: on, over, {pass|0}, a{0|a}, G & H) and rational numbers
// that are not dyadic or infinite (package cgt/rational: 1/3, 17/0).
//
// The routing is the one package notation describes ("How a notation
// joins"): an expression that names a loopy game or a sided value
// (stopper.LooksLoopy) is read by stopper; any other is read by cgt,
// and when cgt refuses it for a value of another notation
// (notation.Error.Wants) the whole expression goes to that notation. A
// rational that turns out dyadic (1/3 + 2/3) is handed back as the short
// game it is, so it has every property of one.
//
// Each notation keeps its own printing, which is CGSuite's; Answer.Text
// is what CGSuite's worksheet prints for the expression.
package calc
