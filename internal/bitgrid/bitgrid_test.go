package bitgrid

import (
	"math/rand/v2"
	"testing"
)

// TestAreasAgainstSearch compares Areas and Box with a plain
// breadth-first search of each cell's neighbours on random boards.
func TestAreasAgainstSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		rows, cols := 1+rng.IntN(8), 1+rng.IntN(8)
		n := rows * cols
		cells := rng.Uint64()
		if n < 64 {
			cells &= uint64(1)<<n - 1
		}
		// The plain way: label each unseen set cell's area by search.
		var want []uint64
		seen := uint64(0)
		for i := 0; i < n; i++ {
			if cells>>i&1 == 0 || seen>>i&1 == 1 {
				continue
			}
			area, queue := uint64(1)<<i, []int{i}
			for len(queue) > 0 {
				x := queue[0]
				queue = queue[1:]
				r, c := x/cols, x%cols
				for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
					rr, cc := r+d[0], c+d[1]
					if rr < 0 || rr >= rows || cc < 0 || cc >= cols {
						continue
					}
					if y := rr*cols + cc; cells>>y&1 == 1 && area>>y&1 == 0 {
						area |= 1 << y
						queue = append(queue, y)
					}
				}
			}
			seen |= area
			want = append(want, area)
		}
		var got []uint64
		for a := range Areas(cells, rows, cols) {
			got = append(got, a)
		}
		if len(got) != len(want) {
			t.Fatalf("%dx%d %#x: %d areas, want %d", rows, cols, cells, len(got), len(want))
		}
		for k := range want {
			if got[k] != want[k] {
				t.Fatalf("%dx%d %#x: area %d is %#x, want %#x", rows, cols, cells, k, got[k], want[k])
			}
			r0, c0, h, w := Box(got[k], rows, cols)
			r1, c1 := -1, -1
			pr0, pc0 := rows, cols
			for i := 0; i < n; i++ {
				if got[k]>>i&1 == 1 {
					r, c := i/cols, i%cols
					pr0, pc0, r1, c1 = min(pr0, r), min(pc0, c), max(r1, r), max(c1, c)
				}
			}
			if r0 != pr0 || c0 != pc0 || h != r1-pr0+1 || w != c1-pc0+1 {
				t.Fatalf("%dx%d area %#x: box (%d,%d) %dx%d, want (%d,%d) %dx%d", rows, cols, got[k], r0, c0, h, w, pr0, pc0, r1-pr0+1, c1-pc0+1)
			}
		}
	}
}
