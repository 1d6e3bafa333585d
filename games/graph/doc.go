// Package graph is the `graph:FILE` game of the catalog: tokens on a
// directed graph read from a file (package graphfile), cycles allowed. A
// move slides one token along an edge; who cannot move loses, and endless
// play is a draw. graph:- reads the graph from stdin, on the command line
// only: the server looks games up with catalog.LookupBuiltin, which
// refuses games that read files.
//
// One token is solved by retrograde analysis (package retro): win, loss or
// draw, with remoteness. Under normal play every node also gets its
// generalized Sprague–Grundy value γ (Smith 1966; Fraenkel and Yesha,
// "The generalized Sprague–Grundy function and its invariance under
// certain mappings", 1986; package loopy), and a sum of tokens is solved
// by the generalized Sprague–Grundy theorem: γ of the sum is the nim-sum
// of the finite values, ∞(K)⊕a = ∞(K⊕a), and two infinite values give a
// draw-or-win ∞. The values do not determine the remoteness of a sum, so
// it comes from retrograde analysis of the product graph when that is
// small enough, which also checks the outcome.
//
// The package registers the game with the catalog from its init function;
// front ends reach it through catalog.Lookup (import
// github.com/grundy-go/grundy/catalog/builtin for every built-in game).
// graphfile stays the format package that solvers' tests read graphs
// with; this adapter sits above it and above the solvers.
package graph
