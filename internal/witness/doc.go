// Package witness holds the plain exhaustive searches ("witnesses") that
// the tests of several packages check fast algorithms and closed forms
// against, written from the rules and nothing else:
//
//   - random directed graphs with sinks, cycles and self-loops, and the
//     game of k tokens moving on one graph, whose product graph the
//     generalized Sprague–Grundy theorem (Smith 1966; Fraenkel and Yesha)
//     lets the solvers avoid building (retro and loopy tests);
//   - Moore's Nim_k by its literal rules (games/moore and catalog tests),
//     the witness of Moore's theorem.
//
// It is internal: only this module's tests import it.
package witness
