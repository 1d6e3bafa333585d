package axis

import (
	"fmt"
	"testing"
)

// TestTicks checks steps of 1, 2 and 5 times a power of ten against
// values worked by hand, and the edges: ticks at lo and hi themselves when
// they are round, none outside [lo, hi], whole numbers when asked.
func TestTicks(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		n      int
		whole  bool
		want   string
	}{
		{0, 100, 5, true, "[0 20 40 60 80 100]"},
		{0, 9, 4, true, "[0 5]"},
		{0, 3, 8, true, "[0 1 2 3]"},
		{0, 1, 4, false, "[0 0.5 1]"}, // raw step 0.25: the next round one is 0.5
		{-1.5, 2.5, 6, false, "[-1 0 1 2]"},
		{-0.5, 0.75, 5, false, "[-0.5 0 0.5]"},
		{0, 1000, 10, true, "[0 100 200 300 400 500 600 700 800 900 1000]"},
		{7, 7, 3, true, "[7]"},
		{3, 1, 3, true, "[]"},
	} {
		got := fmt.Sprint(Ticks(c.lo, c.hi, c.n, c.whole))
		if got != c.want {
			t.Errorf("Ticks(%g, %g, %d, %v) = %s, want %s", c.lo, c.hi, c.n, c.whole, got, c.want)
		}
	}
	for v, want := range map[float64]string{3: "3", -2: "-2", 0.25: "0.25", 1.0 / 3: "0.333333"} {
		if got := Label(v); got != want {
			t.Errorf("Label(%g) = %q, want %q", v, got, want)
		}
	}
}
