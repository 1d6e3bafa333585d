// Package fission is Fission as CGSuite's library defines it
// (game.grid.Fission): a board of empty squares (.), stones (x) and
// blocked squares (#). Left splits a stone vertically: it leaves its
// square, and a stone appears on each of the squares above and below it,
// which must both be empty and on the board; Right splits a stone
// horizontally, onto its left and right neighbours. Who cannot split
// loses. Every move adds a stone, so play ends; positions are valued by
// the partizan evaluator board by board (a split reaches across an empty
// square, so groups of stones do not stay apart).
package fission
