// Package rational is CGSuite's Rational numbers in grundy's calculator:
// exact rationals p/q in lowest terms and the two infinities ±inf (1/0,
// −1/0), with their arithmetic (+ − × ÷, remainder, integer powers),
// comparisons and methods (Numerator, Denominator, Floor, Ceiling, Abs,
// Reciprocal, Max, Min, Sign, IsDyadic, Birthday, OutcomeClass).
//
// The numbers of short games are the dyadic rationals (Siegel,
// Combinatorial Game Theory, ch. I.3 and II.3: a short game that is a
// number is m/2^k), and package cgt keeps to them. CGSuite's worksheet
// also has the field of rationals (its class game.Rational) for
// arithmetic that leaves the dyadics — 1/2 + 1/3 = 5/6 — and its 1/0 =
// inf, which is not a rational but fits their order. A rational that is
// not dyadic is no game: it is born on day ω (ONAG ch. 3: 1/3 = {…,
// 5/16, 21/64 | …, 11/32, 3/8}), so it cannot be an option or a
// summand of a short game, and meeting one is an error here.
//
// The definitions follow CGSuite's (aaron-siegel/cgsuite, game.Rational
// and org.cgsuite.core.RationalNumber, read for the definitions, not
// copied): a fraction with a zero denominator is ±inf by the sign of
// its numerator, and 0/0 is refused ("/ by zero"); so are inf − inf,
// 0 · inf and the Floor, Ceiling and Birthday of inf. The remainder x %
// y of n/d and n'/d' is ((n·d') rem (d·n'))/(d·d'), the remainder taking
// the sign of the dividend (Java's and Scala's %, CGSuite's). Max and
// Min order the infinities outside every rational.
//
// The calculator (package cgt/calc) comes here when cgt's parser
// refuses a number as no short game (notation.WantsRational): the whole
// expression is then read by this package's grammar, a fragment of
// CGSuite's (numbers, inf, + − * / % ^, parentheses, methods, one
// comparison). A number written solid with a star or ups (3*5, 2^3) is
// a game in grundy's reading (package cgt) and is refused here as one.
//
// # Why by hand
//
// math/big.Rat has no infinities and no CGSuite methods; this package
// wraps it with them.
package rational
