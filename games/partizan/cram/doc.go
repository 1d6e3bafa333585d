// Package cram is Cram (Gardner, 1974; Winning Ways ch. 23; Siegel,
// Combinatorial Game Theory, ch. I): the players take turns placing a
// domino on two orthogonally adjacent empty cells of a board, either way
// round; a player who cannot place one loses. It is Domineering with both
// players allowed both orientations, so it is impartial and played here
// as a partizan game whose values are nimbers (Sprague–Grundy theorem:
// every impartial game equals a nimber, Siegel ch. IV.1).
//
// A position is a board written as in Domineering: "RxC" for an empty
// board of R rows and C columns, or rows of . (empty) and # (filled)
// joined by | (or /), at most 64 cells. Several boards make a sum.
//
// A domino touches only its two cells, so a board is the disjunctive sum
// of its connected areas of empty cells (game.PartizanSplitting). Each
// area is cut to its bounding box and kept as the least of its eight
// images under the symmetries of the square (Cram's moves are the same in
// both orientations, so all eight images are the same game, where
// Domineering keeps only four); an area of one cell is dropped (value 0).
// The evaluator's memo is thus shared by every area of every position.
//
// The tests check the values against a plain mex search over whole
// boards, against Dawson's Kayles (1×n Cram is octal 0.07, Winning Ways
// ch. 4) and against the published nimbers of rectangles (Beling's table,
// github.com/beling/impartial-games, from Lemoine and Viennot's Glop and
// Schneider's thesis).
package cram
