// Package coordheap holds the impartial "coordinate rulesets" of
// CGSuite's game.heap package that grundy lacked: games on a pair of
// numbers (a, b), either two heaps that interact or one heap with a
// memory.
//
//   - r-wythoff:R — Fraenkel's r-Wythoff, CGSuite's GenWythoff(k → k + R)
//     (A. S. Fraenkel, "How to beat your Wythoff games' opponent on three
//     fronts", Amer. Math. Monthly 89 (1982)): take any positive number
//     from one heap, or k from one and l from the other, both positive,
//     with |k − l| < R. R = 1 is Wythoff's game. Its P-positions are
//     (⌊nα⌋, ⌊nβ⌋) with α = (2 − R + √(R² + 4))/2 and β = α + R, which the
//     tests check, as CGSuite's do.
//   - gen-wythoff:A,B — CGSuite's GenWythoff(f) for the linear bound
//     f(k) = A·k + B (A. S. Fraenkel and Y. Tanny's bounding functions):
//     take any positive number from one heap, or s from one heap and t
//     from the other with 1 ≤ s ≤ t < f(s). gen-wythoff:1,R has the moves
//     of r-wythoff:R; other bounds are checked against a plain recursion
//     over the definition only (CGSuite's tests have k + R alone).
//   - mem, mem0, takeaway:R — CGSuite's GenMem: a heap of n and a memory
//     k, the number the previous move took; a move takes a tokens,
//     1 ≤ a ≤ n, when the rule allows a after k, and leaves (n − a, a).
//     Mem: a ≥ k (take at least as many as last time); Mem⁰: a ≠ k;
//     Take-Away(R): a ≤ R·k (R a positive rational, p/q), Fibonacci Nim
//     being Take-Away(2). The memory 0 of a start position allows
//     anything under mem and mem0, and nothing under takeaway (a ≤ 0),
//     as in CGSuite's definitions.
//
// Positions are written "a,b" (several make a sum), or "a b" for one. The
// values come from the generic Sprague–Grundy search (package impartial)
// for solve, and from a table filled in order for grundy table (Grid),
// the two checked against each other and against a plain recursion over
// the rules in the tests, with CGSuite's GameHeapTest values.
package coordheap
