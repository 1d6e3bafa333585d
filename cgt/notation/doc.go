// Package notation is the lexical layer of CGSuite's notation for game
// values, shared by every kind of value grundy reads and writes in it:
// short partizan games (package cgt), impartial misère canonical forms
// (package misere, *[2#0]), and whatever joins them (loopy values).
//
// CGSuite's notation (Siegel, Combinatorial Game Theory, ch. II and V;
// the grammar of CGSuite's worksheet, org.cgsuite.lang) has one lexical
// core whatever the values: numbers, names called with arguments,
// operators, and braces {L|R} whose sides are split by the longest run of
// bars at their top level (the "slash" convention: {2|0||-1} is
// {{2|0}|-1}). This package holds that core and nothing that depends on
// a kind of value:
//
//   - Error, the one syntax error of every notation: a message and the
//     byte offset where it was met (printed as a 1-based column), so a
//     front end can say what is wrong and where;
//   - the character classes (IsDigit, IsLetter, IsSpace) and SkipSpace;
//   - MatchBraces and SplitBars, which find a brace's matching '}' and the
//     run of bars that splits its sides;
//   - NumberEnd, the extent of a number literal (integer, n/2^k, decimal);
//   - JoinSides and MaxSlashes, the printer's half of the slash
//     convention.
//
// # How a notation joins
//
// A notation is a parser and a printer for one kind of value, in the
// package that owns the values (its parser needs their arithmetic): cgt's
// Space.Parse and Space.String, misere's ParseForm and Canon.Format. It
// uses this package for the lexical work and reports every syntax error
// as an *Error, so the calculator's front ends word all of them alike
// (one line, the column, exit status 2).
//
// The calculator picks the notation: by a flag (grundy cgt --misere reads
// misère forms), or by the error of the notation it tried first. cgt's
// parser, meeting a name of another kind of value (on, off, over, upon,
// pass: loopy games), fails with an *Error whose Wants field names that
// kind ("loopy"); a front end that has a parser for it hands it the whole
// expression. A new notation therefore needs: its parser and printer
// beside its values, a Wants value if cgt's parser should defer to it,
// and one line in the front end that dispatches on it.
//
// Nothing here evaluates: the package imports no value type, so every
// notation can import it without a cycle.
package notation
