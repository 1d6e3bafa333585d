// Package cgt is the algebra of short partizan games: games {L|R} in which
// Left and Right have different moves, play ends, and the player unable to
// move loses (normal play). It is the core of what CGSuite computes.
//
// # Model
//
// Every game is kept in canonical form — the unique simplest game of its
// value, reached by removing dominated options and bypassing reversible
// ones (Conway, On Numbers and Games, ch. 10; Siegel, Combinatorial Game
// Theory, ch. II.2, Theorem 2.9) — and hash-consed in a Space: each
// canonical game is stored once and named by an int handle (Game), so two
// games are equal exactly when their handles are, and sums and comparisons
// are memoised by handle pair. This is CGSuite's design
// (CanonicalShortGameOps); BENCHMARKS.md ("Partizan games (cgt)")
// measures what the tables save.
//
// Numbers (dyadic rationals), nimbers (every *k with k < 2^64, the field
// of nimbers below the Fermat 2-power 2^64, closed under nim-sum and
// nim-product; ONAG ch. 6) and their sums with multiples of ↑
// (number-up-stars x + n·↑ + *k) are stored by their three parts, without
// option lists: their sums and comparisons are arithmetic, and their
// canonical options are made only when asked for (Siegel, CGT, II.4). The
// number avoidance and translation theorems (Siegel, CGT, II.3) spare the
// options of a number whenever it meets a game that is not one.
//
// # Operations
//
// Sum, negation, ≤ (with =, <, || derived), outcome class, birthday,
// stops, thermographs (hence mean and temperature), cooling and heating
// (Siegel, CGT, II.5; Winning Ways ch. 6), atomic weight of all-small
// games (Siegel, CGT, II.7; ONAG ch. 16), ordinal sum and Norton
// multiplication (Winning Ways ch. 8). The notation (String and Parse) is
// CGSuite's: 0, *, *3, ^, v, ^*, 1/2, -3/4, +-1, {1|*}, {2|0||-1},
// Tiny(x), Miny(x), G + H, -G, (G)*n — and everything CGSuite prints
// reads back: switches ±{a,b} (every game G = −G), x + Tiny(G) written
// xTiny(G), up-nths ^<n> and up-arrows ^[n], braces past four bars,
// options in CGSuite's order (cgsuite.go, uptimal.go), plus quoted games
// '{-1|1}' and the relations <>, <| and |>.
//
// The notation is in files by concern: print.go (String), parse.go (the
// expression grammar and Evaluate), parse_arith.go (operands and
// CGSuite's arithmetic: 3 * 5 is 15, 2 ^ 3 is 8; a number written solid
// with a star or ups, 3*5, is read as CGSuite prints x + *5, and the
// Result's Notes say that CGSuite's input reads a product there),
// parse_braces.go (braces and slashes), parse_call.go (calls: Name(G,
// args), CGSuite's methods G.Name(args) and infix G Name H), methods.go
// (the one table of functions and methods, by CGSuite's names, some
// returning a Value that is not a game: a boolean, an outcome class, a
// list of games), form.go (quoted games '{*|*}' kept as written for the
// operations whose result depends on the form: ordinal sum, conjunctive
// and selective compounds, ordinal product, subordinate — '{*|*}':3 is
// ^[3]), relation.go (comparisons), on the lexical layer that every
// notation shares, package cgt/notation (its doc says how another
// notation — misère forms, loopy values — joins, and how this parser
// hands a loopy name on: ParseError.Wants).
//
// A number that is no short game — a rational whose denominator is not
// a power of two (1/3), a non-zero number over 0 (inf) — is refused with
// notation.Error.Wants set to notation.WantsRational, as a loopy name is
// with WantsLoopy; package cgt/calc then reads the expression over
// CGSuite's rationals (package cgt/rational) or its loopy games.
//
// SelectiveSum is Conway's selective compound (ONAG ch. 14: a move in
// any non-empty set of components, and the compound goes on as a
// selective one). CGSuite's SelectiveSum (org.cgsuite.core.CompoundGame)
// lets the first move be in one component or both but continues with the
// disjunctive sum G^L + H, or the conjunctive compound G^L ∧ H^L, so the
// two differ (*5 ∨ *6 is *11 in Conway's, *8 in CGSuite's);
// CGSuiteSelectiveSum computes CGSuite's. testdata/cgsuite_ops.txt holds
// CGSuite's test data for the calculator's operations, each case that
// grundy does not answer as CGSuite does with its reason.
//
// Beyond these, CGSuite's operations and properties (ops.go,
// properties.go; CGSuite's CanonicalShortGameOps and Siegel, CGT): atomic
// weight of every atomic game, companion, reduced canonical form,
// incentives, followers, stop count, parity and temper, uptimal
// expansions, Pow and PowTo, cooling below zero (t > −1), heating by a
// game, overheating, Conway and ordinal products, conjunctive and
// selective sums, subordinates. testdata/cgsuite_props.txt holds
// CGSuite's own test data for them (844 values, all matched).
//
// # Why by hand
//
// No Go library computes canonical forms of partizan games; the
// established tools are CGSuite (Java/Scala) and cgt-tools (Rust). The
// package follows CGSuite's published algorithms and checks every result
// against the definitions (tests play games out exhaustively and compare
// games by the recursive definition of ≤).
//
// # Limits and errors
//
// Numbers are exact at any size up to numerators of 2^16384 (MaxBits)
// and denominators of 2^4096 (MaxExp): numerators up to 2^62 (MaxNum)
// are machine words, larger ones math/big integers, so the common case
// allocates nothing. Nimbers (up to MaxNimber, *(2^64−1)), up-multiples,
// option counts and the number of stored games are bounded (MaxUpMult,
// MaxOptions, Space.MaxNodes); operations that follow an argument option
// by option (ordinal sums and products, selective and conjunctive sums,
// subordinates) take arguments born by day MaxDeepBirthday, Pow and
// PowTo exponents born by day MaxUpPower, and uptimal expansions are
// read up to MaxUpPower digits; and so may be the work of a Space
// (Space.MaxSteps), the memory its tables hold (Space.Memory, a
// budget.Bytes that may be shared) and its time (Space.Context). Every exported operation
// whose work can go past one of these returns an error with its value:
// a *budget.Exceeded (errors.Is(err, budget.ErrExceeded)) for a limit, an
// error wrapping the context's error (errors.Is(err,
// context.DeadlineExceeded)) for a computation stopped by Space.Context,
// a *ParseError for bad notation. Operations that cannot fail — Number,
// Integer, Star, Left, Right, IsNumber, Birthday, the stops, IsAllSmall,
// String — return no error. A Space stays consistent after an error:
// the games made before it remain valid, and once MaxSteps is passed
// every later operation that works fails too.
//
// Inside one exported call, the recursion reports a limit by panicking
// with a private value that the call's deferred recover turns into its
// error result — the way encoding/json reports errors from deep in its
// encoder — because threading an error through every level of sums,
// comparisons and canonicalisation would double the code of the hot
// paths. Exported methods never call one another inside the package, so
// no panic crosses the package boundary; a panic of any other value is
// a bug and is not recovered. The recursion of every operation is
// bounded by the birthdays of its arguments, and the parser refuses
// nesting deeper than MaxNesting, so no input can overflow the stack.
package cgt
