package domineering

import (
	"math/rand/v2"
	"testing"
)

// image returns the area of cells (bit r*cols+c of a rows×cols grid)
// under symmetry k of the rectangle: k&1 flips it upside down, k&2 left
// to right, k&4 transposes it (after the flips). It works cell by cell.
func image(cells uint64, rows, cols, k int) (uint64, int, int) {
	var out uint64
	or, oc := rows, cols
	if k&4 != 0 {
		or, oc = cols, rows
	}
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			if cells>>(r*cols+c)&1 == 0 {
				continue
			}
			rr, cc := r, c
			if k&1 != 0 {
				rr = rows - 1 - r
			}
			if k&2 != 0 {
				cc = cols - 1 - c
			}
			if k&4 != 0 {
				rr, cc = cc, rr
			}
			out |= 1 << (rr*oc + cc)
		}
	}
	return out, or, oc
}

// TestExtractIsLeastImage checks the region key against its definition,
// cell by cell: on random areas filling their bounding box's corners,
// extract returns the least (rows, columns, filled cells) among the
// area's eight images, marked negative exactly when that image is a
// transposed one and no untransposed image equals it; and every image of
// the area has the same key.
func TestExtractIsLeastImage(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 19))
	for k := 0; k < 5000; k++ {
		rows, cols := 1+r.IntN(8), 1+r.IntN(8)
		for rows*cols > 64 {
			rows, cols = 1+r.IntN(8), 1+r.IntN(8)
		}
		// An area touching all four sides, so its box is the board.
		var area uint64
		for i := 0; i < rows*cols; i++ {
			if r.IntN(3) > 0 {
				area |= 1 << i
			}
		}
		area |= 1                               // top left
		area |= 1 << ((rows-1)*cols + cols - 1) // bottom right
		var first Board
		for s := 0; s < 8; s++ {
			img, ir, ic := image(area, rows, cols, s)
			got, want := extract(img, ir, ic), leastImage(img, ir, ic)
			if got != want {
				t.Fatalf("image %d of %x (%dx%d): extract = %+v, want %+v", s, area, rows, cols, got, want)
			}
			got.neg = false
			if s == 0 {
				first = got
			} else if got != first {
				t.Fatalf("image %d of %x (%dx%d) has key %+v, image 0 %+v", s, area, rows, cols, got, first)
			}
		}
	}
}

// leastImage is extract by its definition: the least (rows, columns,
// filled cells) among the eight images of the area, marked negative
// when it is only the image of a transposed one.
func leastImage(area uint64, rows, cols int) Board {
	less := func(a, b Board) bool {
		if a.Rows != b.Rows {
			return a.Rows < b.Rows
		}
		if a.Cols != b.Cols {
			return a.Cols < b.Cols
		}
		return a.Filled < b.Filled
	}
	var best Board
	for s := 0; s < 8; s++ {
		img, ir, ic := image(area, rows, cols, s)
		full := uint64(1)<<(ir*ic) - 1
		if ir*ic == 64 {
			full = ^uint64(0)
		}
		b := Board{Rows: uint8(ir), Cols: uint8(ic), Filled: ^img & full, neg: s&4 != 0}
		same := b.Rows == best.Rows && b.Cols == best.Cols && b.Filled == best.Filled
		if s == 0 || less(b, best) || same && !b.neg {
			best = b
		}
	}
	return best
}
