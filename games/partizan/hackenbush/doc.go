// Package hackenbush is Blue-Red Hackenbush on stalks and trees, and
// Hackenbush on any graph (Winning Ways ch. 1;
// Siegel, Combinatorial Game Theory, ch. I): a stalk is a chain of edges
// standing on the ground, each Left's (bLue, written l) or Right's (Red,
// written r), read from the ground up. A player removes one of his own
// edges, and every edge above it falls. A picture of several stalks is
// their disjunctive sum.
//
// Berlekamp's sign-expansion rule gives a stalk's value in closed form: the
// first run of equal edges counts ±1 each, and after the first change of
// colour each edge counts ±1/2, ±1/4, … in turn (Winning Ways ch. 1,
// "Berlekamp's rule"). Value computes it; the tests check it against the
// game played through the partizan evaluator.
//
// Pictures on any graph (graph.go) are written as edge lists with vertex
// 0 the ground, e.g. "0-1l,1-2r,2-0g", and split where they meet only at
// the ground. Three games use them: hackenbush-graph (Blue-Red-Green
// Hackenbush), childish-hackenbush (Winning Ways: a cut that makes
// something else fall is not allowed) and green-hackenbush, whose values
// come in closed form from the fusion and colon principles (Winning Ways
// ch. 7; green.go). The tests check all three against a plain search of
// the definition over whole pictures.
//
// The childish rule binds blue and red edges only by default, as in
// CGSuite (game.graph.ChildishHackenbush is GenHackenbush with
// childishEdges => [Blue, Red]): a green edge may be cut whatever falls.
// childish-hackenbush:all binds every edge, green too (this package's
// reading before it followed CGSuite). The readings part only on
// pictures with green edges; CGSuite's lollipop (e:B;e:Bllllllrrr:B) is
// {0|^[4]*||vv} under the first and {4*|-1*} under the second.
//
// hackenbush-graph and childish-hackenbush also read CGSuite's notation
// (cgsuite.go, package cgsgraph): "l(l;rl)", ":Geeee:G"; and hackenbush
// reads the trees among such graphs. The tests check CGSuite's own test
// values (GameGraphTest.scala) for both games.
package hackenbush
