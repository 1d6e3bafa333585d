package stopper

import (
	"fmt"
	"strings"
	"testing"
)

// TestTimes: n * G and G * n are the sum of n copies of G (−n copies of
// −G for n < 0; 0 for n = 0), checked against the sums written out, for
// stoppers, sided values and short games; '*' before digits after a
// number stays a nimber.
func TestTimes(t *testing.T) {
	games := []string{"on", "over", "upon", "{0|pass}", "{pass|3/2}", "a{0|b{a|*}}", "(1 & 0)", "(upon & v)", "^", "{1|pass} - 1", "Tiny(over)"}
	for _, g := range games {
		for n := -3; n <= 5; n++ {
			var sum string
			switch {
			case n == 0:
				sum = "0"
			case n > 0:
				sum = strings.Repeat(" + ("+g+")", n)[3:]
			default:
				sum = strings.Repeat(" - ("+g+")", -n)
			}
			mustEqual(t, fmt.Sprintf("%d * %s", n, g), mustParse(t, fmt.Sprintf("%d * (%s)", n, g)), mustParse(t, sum))
			mustEqual(t, fmt.Sprintf("%s * %d", g, n), mustParse(t, fmt.Sprintf("(%s) * (%d)", g, n)), mustParse(t, sum))
		}
	}
	mustEqual(t, "10*upon", mustParse(t, "10*upon"), mustParse(t, "5*upon + 5*upon"))
	mustEqual(t, "3*2 + on", mustParse(t, "3*2 + on"), mustParse(t, "on"))
	mustEqual(t, "2*3 + upon", mustParse(t, "2*3 + upon"), mustParse(t, "2 + *3 + upon"))
	for _, c := range []struct {
		in  string
		pos int
	}{{"upon * over", 5}, {"(1/2) * over", 6}, {"2000000 * on", 8}} {
		_, err := Parse(c.in, nil)
		pe, ok := err.(*ParseError)
		if !ok || pe.Pos != c.pos {
			t.Errorf("%s: %v, want an error at column %d", c.in, err, c.pos+1)
		}
	}
}
