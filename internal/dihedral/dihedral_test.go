package dihedral

import "testing"

// TestGroup checks that each image is a bijection onto the grid's cells,
// that image 0 is the identity, and that the eight images of an
// asymmetric grid are the eight distinct results of rotating it by
// quarter turns and reflecting it (the dihedral group D4).
func TestGroup(t *testing.T) {
	for _, hw := range [][2]int{{1, 1}, {2, 3}, {3, 2}, {4, 4}, {1, 5}} {
		h, w := hw[0], hw[1]
		for k := 0; k < 8; k++ {
			rows, cols := Size(k, h, w)
			seen := map[[2]int]bool{}
			for i := 0; i < rows; i++ {
				for j := 0; j < cols; j++ {
					r, c := Source(k, h, w, i, j)
					if r < 0 || c < 0 || r >= h || c >= w || seen[[2]int{r, c}] {
						t.Fatalf("%dx%d image %d: cell (%d,%d) from (%d,%d)", h, w, k, i, j, r, c)
					}
					seen[[2]int{r, c}] = true
					if k == 0 && (r != i || c != j) {
						t.Fatalf("image 0 moves (%d,%d)", i, j)
					}
				}
			}
		}
	}
	// An asymmetric 2×3 grid: numbers 0..5 row by row.
	image := func(k int) string {
		rows, cols := Size(k, 2, 3)
		s := ""
		for i := 0; i < rows; i++ {
			for j := 0; j < cols; j++ {
				r, c := Source(k, 2, 3, i, j)
				s += string(rune('0' + 3*r + c))
			}
			s += "/"
		}
		return s
	}
	// Quarter turns by hand: 012/345 → 30/41/52 → 543/210 → 25/14/03,
	// and their mirror images.
	want := map[string]bool{
		"012/345/": true, "30/41/52/": true, "543/210/": true, "25/14/03/": true,
		"210/543/": true, "03/14/25/": true, "345/012/": true, "52/41/30/": true,
	}
	got := map[string]bool{}
	for k := 0; k < 8; k++ {
		got[image(k)] = true
		if !want[image(k)] {
			t.Errorf("image %d = %s, not a symmetry of the rectangle", k, image(k))
		}
	}
	if len(got) != 8 {
		t.Errorf("%d distinct images, want 8", len(got))
	}
}
