// Package colsnort is Col and Snort on paths (Winning Ways ch. 2; Siegel,
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
package colsnort
