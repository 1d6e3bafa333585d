// Package cgsgraph reads and writes graphs in CGSuite's graph notation,
// the strings a researcher types for CGSuite's games on graphs
// (game.graph.Hackenbush("lrlrr"), game.graph.Col("L-R---L"),
// game.graph.PartizanArcKayles("lrlr(ll;ree(rl;l))")), so that the same
// string gives the same position in grundy.
//
// The grammar is CGSuite's (the "Games on Graphs" tutorial of its help,
// and its graph parser, read for the rules only):
//
//	graph     := component (';' component)*
//	component := vertex chain | nothing, at the end of the input only
//	chain     := edge vertex chain | '(' chain (';' chain)* ')' | nothing
//	vertex    := (label | '.')? (':' name)?
//	edge      := '-' | label
//
// A chain continues from the vertex before it: an edge and the vertex it
// reaches; a parenthesised list of chains is branches from that vertex,
// and nothing may follow its ')'. Every character is a token (spaces are
// skipped) except a braced word, {12} or {root}, which is one token. A
// vertex with no label token (or '.') is unlabelled; naming a vertex
// ":A" (or ":{root}") makes every vertex of the same name one vertex, so
// ":A----:A" is a 4-cycle; a named vertex must carry the same label each
// time. Loops and parallel edges are allowed. Which tokens label vertices
// and which label edges is the ruleset's (Syntax): Col's vertices are L
// and R, Hackenbush's edges l, r and e; an edge '-' is allowed only where
// the ruleset has unlabelled edges. Directed edges ('>' and '<') belong
// to CGSuite's DirectedGraph and are refused, as its Graph refuses them.
// Vertices are numbered in the order they first appear; vertex 0 here is
// CGSuite's vertex 1 (Hackenbush's ground).
//
// Errors name the character where the input went wrong (SyntaxError).
// Format writes a graph back in the notation, and Parse(Format(g)) is g
// with its vertices in Format's order (the fuzz test checks it).
package cgsgraph
