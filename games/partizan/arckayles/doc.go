// Package arckayles is Arc Kayles on any graph and its two relatives in
// CGSuite (game.graph.ArcKayles, WeightedArcKayles and
// PartizanArcKayles), with positions written in CGSuite's graph notation
// (package cgsgraph).
//
//   - Arc Kayles (Schaefer, "On the complexity of some two-person
//     perfect-information games", 1978; Winning Ways ch. 16 plays it on
//     paths as Dawson's Kayles): a move picks an edge and removes both its
//     ends with every edge they touch. Impartial.
//   - Weighted Arc Kayles (CGSuite's GenArCKayles(weighted => true)):
//     each vertex has a weight; a move picks an edge whose two ends have
//     positive weight and lowers each end by one (a loop's one end once).
//     A vertex of weight 0 takes no further part. Impartial. An
//     unlabelled vertex weighs 1 here (CGSuite requires a number), so
//     weighted Arc Kayles on an unlabelled graph is Arc Kayles.
//   - Partizan Arc Kayles (CGSuite's PartizanArcKayles): edges are blue
//     (l, Left's), red (r, Right's) or green (e, either's); a player picks
//     an edge of hers or a green one and removes both its ends.
//
// All three are one rule on weighted graphs with coloured edges (Arc
// Kayles: every weight 1; the impartial games: every edge green), so one
// type, Game, plays them. A position falls apart into the connected
// components of its edges between vertices of positive weight, which are
// valued apart and added (game.PartizanSplitting); a component is kept
// with its vertices ordered by colour refinement and written in CGSuite's
// notation, so isomorphic components mostly share one memo entry.
//
// The tests play whole graphs by the definition, apart from this
// package's components and orderings, on every small graph, and check
// CGSuite's published values (GameGraphTest.scala): Arc Kayles on paths
// is Dawson's Kayles, on looped paths Kayles, and two Partizan Arc
// Kayles positions.
package arckayles
