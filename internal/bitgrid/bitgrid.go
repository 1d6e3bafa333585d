package bitgrid

import (
	"iter"
	"math/bits"
)

// Areas yields the side-connected areas of the set cells of cells, a
// board of rows×cols (rows*cols ≤ 64), each as the set of its cells,
// lowest cell first.
func Areas(cells uint64, rows, cols int) iter.Seq[uint64] {
	return func(yield func(uint64) bool) {
		full := ^uint64(0)
		if n := rows * cols; n < 64 {
			full = uint64(1)<<n - 1
		}
		var col0 uint64
		for r := 0; r < rows; r++ {
			col0 |= 1 << (r * cols)
		}
		// A cell may take its left neighbour's fill unless it is in
		// column 0, its right neighbour's unless in the last column.
		notFirst := full &^ col0
		notLast := full &^ (col0 << (cols - 1))
		free := cells & full
		for free != 0 {
			comp := free & -free
			for {
				grown := (comp | comp<<cols | comp>>cols | (comp<<1)&notFirst | (comp>>1)&notLast) & free
				if grown == comp {
					break
				}
				comp = grown
			}
			free &^= comp
			if !yield(comp) {
				return
			}
		}
	}
}

// Box returns the bounding box of the cells of area (not empty) on a
// board of rows×cols: its first row and column, its height and width.
func Box(area uint64, rows, cols int) (r0, c0, h, w int) {
	rowMask := uint64(1)<<cols - 1
	r0, r1 := -1, -1
	var span uint64
	for r := 0; r < rows; r++ {
		if row := area >> (r * cols) & rowMask; row != 0 {
			if r0 < 0 {
				r0 = r
			}
			r1 = r
			span |= row
		}
	}
	c0 = bits.TrailingZeros64(span)
	c1 := 63 - bits.LeadingZeros64(span)
	return r0, c0, r1 - r0 + 1, c1 - c0 + 1
}
