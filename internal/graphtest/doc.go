// Package graphtest holds the witnesses that the tests of the loopy-game
// solvers (retro and loopy) share: random directed graphs with sinks,
// cycles and self-loops, and the game of k tokens moving on one graph,
// whose product graph the generalized Sprague–Grundy theorem (Smith 1966;
// Fraenkel and Yesha) lets a solver avoid building, and which the tests
// therefore solve directly to check the theorem's shortcut.
//
// It is internal: only this module's tests import it.
package graphtest
