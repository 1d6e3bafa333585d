package reports

import (
	"regexp"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// tickLabels lists the numbers written at an SVG's ticks, in order.
func tickLabels(svg string) string {
	var out []string
	for _, m := range regexp.MustCompile(`class="tick-label"[^>]*>([^<]*)<`).FindAllStringSubmatch(svg, -1) {
		out = append(out, m[1])
	}
	return strings.Join(out, " ")
}

// TestTableSVGAxes: grundy table --svg numbers its axes. Kayles' values
// G(0..79) (Guy and Smith 1956; their largest below 80 is 8) get heap
// sizes every 10 along the bottom and values every 2 up the side; a
// Wythoff grid of 30 gets heap sizes every 5 across the top and down the
// side, one tick mark for each number.
func TestTableSVGAxes(t *testing.T) {
	vals := []uint64{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2}
	svg := TableSVG(&catalog.Table{Game: "kayles", Values: vals})
	if got, want := tickLabels(svg), "0 10 20 30 40 50 60 70 0 2 4 6 8 heap size n G(n)"; got != want {
		t.Errorf("kayles: tick labels %q, want %q", got, want)
	}
	if n := strings.Count(svg, `class="tick"`); n != 13 {
		t.Errorf("kayles: %d tick marks, want 13", n)
	}
	grid := make([][]int64, 30)
	for a := range grid {
		grid[a] = make([]int64, 30)
	}
	svg = TableSVG(&catalog.Table{Game: "wythoff", Grid: grid})
	if got, want := tickLabels(svg), "0 0 5 5 10 10 15 15 20 20 25 25 b a"; got != want {
		t.Errorf("wythoff: tick labels %q, want %q", got, want)
	}
	if n := strings.Count(svg, `class="tick"`); n != 12 {
		t.Errorf("wythoff: %d tick marks, want 12", n)
	}
}
