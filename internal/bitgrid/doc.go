// Package bitgrid finds the areas of a board of at most 64 cells kept as
// a bitboard (cell (r, c) of a board with cols columns is bit r*cols+c):
// its side-connected areas of cells, by flood fill with shifts, and an
// area's bounding box. Domineering and Cram split a board into these
// areas (independent regions: a domino never spans two), so they share
// the one flood fill here.
package bitgrid
