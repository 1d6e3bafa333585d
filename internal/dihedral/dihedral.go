// Package dihedral enumerates the eight symmetries of a rectangular grid
// of cells (the dihedral group of the square acting on an h×w board:
// four rotations, each with or without a reflection), for the games that
// keep a board as the least of its images (games/partizan/cram and
// amazons, whose moves are the same in every orientation).
//
// Image k (0 ≤ k < 8) transposes the grid when bit 4 of k is set, then
// reads the rows backwards when bit 1 is set and the columns backwards
// when bit 2 is set; every symmetry of the square is one of these.
package dihedral

// Size returns the rows and columns of image k of an h×w grid.
func Size(k, h, w int) (rows, cols int) {
	if k&4 != 0 {
		return w, h
	}
	return h, w
}

// Source returns the cell (r, c) of the h×w grid that lands on cell
// (i, j) of image k.
func Source(k, h, w, i, j int) (r, c int) {
	r, c = i, j
	if k&4 != 0 {
		r, c = j, i
	}
	if k&1 != 0 {
		r = h - 1 - r
	}
	if k&2 != 0 {
		c = w - 1 - c
	}
	return r, c
}
