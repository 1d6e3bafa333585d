// Package colsnort is Col and Snort on paths and on any graph (Winning
// Ways ch. 2; Siegel,
// Combinatorial Game Theory, ch. I): the players colour the empty vertices
// of a path, Left blue (L) and Right red (R). In Col a vertex may not be
// coloured like a neighbour (players avoid their own colour); in Snort it
// may not be coloured unlike a neighbour (players avoid each other). The
// player who cannot colour a vertex loses.
//
// A position is a strip of '.' (empty), 'L' and 'R'. A coloured vertex
// only constrains its two neighbours, so the strip falls apart at
// coloured vertices into regions: a run of empty vertices together with
// the colours on either side. Regions are kept as the lesser of their text
// and its mirror image, which has the same value.
//
// On any graph (graph.go) a position is written STATES:EDGES, e.g.
// "L...:0-1,1-2,2-3,3-0", or as a named empty graph (P5, C5, K4, S3). It
// is reduced to its empty vertices, each tinted with the colours of its
// coloured neighbours, and split into the connected components of the
// empty vertices. The catalog's col and snort take strips and graphs
// (Either), and graphs in CGSuite's notation too (cgsuite.go), where a
// vertex labelled L or R is an empty vertex tinted by a coloured
// neighbour, as in CGSuite's game.graph.Col and Snort. Fjords (fjords.go;
// CGSuite's game.graph.Fjords) is the same family, CGSuite's GenCol, with
// another rule: a player colours only a vertex tinted her own colour. The tests check graphs against plain play on the whole graph,
// paths against the strip game, and Col's values against Conway's theorem
// that every Col position is a number or a number plus * (Winning Ways
// ch. 2; ONAG ch. 16); graphs in CGSuite's notation against the GenCol
// rule played on CGSuite's labels, for all three games, and against
// CGSuite's own test values.
package colsnort
