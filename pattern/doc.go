// Package pattern guesses and checks the patterns of the values of a
// one-integer or two-integer game (grundy pattern): given G(0..N−1), or
// the grid G(a, b) for a, b < N (or only which positions are
// P-positions), it returns the rules that fit every computed value, best
// first. Each rule predicts a value for any position, so checking a rule
// is predicting every computed value (Pattern.MismatchSeq,
// MismatchGrid), on the data it was found in and on more.
//
// It is pure: functions over value sequences and grids, with no game and
// no catalog. It sits with the solvers and imports heap only to call its
// period search (heap.FindPeriod), the code `grundy seq` uses, so that a
// period is found and proven in one place.
//
// Kinds (Pattern.Kind), each with the fields it adds to its JSON object:
//
//   - periodic: G(n+p) = G(n) + s for n ≥ a (preperiod a, period p,
//     saltus s, 0 unless arithmetic-periodic; period_values), as
//     heap.FindPeriod finds it: shown by three periods and 2(a+p) values.
//     Of P-positions: which residues are P past the preperiod.
//   - residue: G(n) = n mod m (modulus), or P ⇔ n mod m ∈ R (modulus,
//     residues); for pairs, G(a, b) or being P determined by
//     (a mod m, b mod m) (modulus, table or residues).
//   - binary: G(n) = n, n xor c, the n-th odious number (Mock Turtles,
//     Winning Ways ch. 14), the n-th evil number, popcount(n) and its
//     parity, v₂(n+1), the lowest bit of n+1; P ⇔ popcount(n) even or odd,
//     n+1 a power of 2, n a power of 2.
//   - zeckendorf: P ⇔ n is 0 or a Fibonacci number (Fibonacci Nim,
//     Whinihan 1963); G(n) = the smallest term of n's Zeckendorf
//     representation.
//   - polynomial: G(n), or the k-th P-position, a polynomial of degree 1
//     to 3 (degree, polynomial), fitted by exact interpolation (Newton's
//     forward differences: a sequence is a polynomial of degree ≤ d iff its
//     (d+1)-th differences vanish) and checked on every value.
//   - beatty: the P-positions of a pair are (⌊kα⌋, ⌊kβ⌋) and mirror
//     images, 1/α + 1/β = 1, β = α + d (alpha, beta, difference): Wythoff's
//     pairs for d = 1 (α = φ), Fraenkel's a-Wythoff for d = a. α is
//     exact, (2 − d + √(d²+4))/2, computed with integer square roots, and
//     checked against the bounds [a_k/k, (a_k+1)/k) of every pair.
//   - xor-of-parts: G(a, b) = a xor b (Nim), or G(a, 0) xor G(0, b) (the
//     two heaps are a sum: Sprague–Grundy); P ⇔ a = b.
//   - euclid: for a, b ≥ 1, P ⇔ max < φ·min (Euclid's game, Cole and
//     Davie 1969), decided exactly: 2·max − min < √5·min.
//
// Proven: a pattern is marked proven only by a theorem. Periods of the
// values of a heap rule (Options.Rule) are proven as heap.FindPeriod
// proves them: the Guy–Smith periodicity theorem for finite octal and
// hexadecimal codes, the state-repetition bound for finite subtraction
// sets (heap.ProofBound). A rule that agrees with a proven periodic one
// is proven too when it is periodic itself and the two agree on max(a, a')
// + lcm(p, p') values (both are then periodic with period lcm(p, p') from
// max(a, a'), so they agree everywhere): G(n) = n mod m, and which
// residues are P-positions. Everything else is reported as fitting the
// values checked, unproven.
//
// Ranking: fewer parameters first (G(n) = n has none, a period of p
// values from a has a+p), proven before unproven, then by kind; a rule
// that predicts what a better one predicts on every checked value is
// dropped. A sequence too short to show a rule (fewer than 8 values for
// a rule without parameters, 2(d+1)+3 for a polynomial of degree d) has
// none.
package pattern
