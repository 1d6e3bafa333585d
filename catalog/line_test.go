package catalog

import (
	"fmt"
	"testing"
)

func TestLineCells(t *testing.T) {
	for _, c := range []struct {
		rows []string
		k    int
		want string
	}{
		{[]string{"XXX", "OO.", "..."}, 3, "[[0 0] [0 1] [0 2]]"},
		{[]string{"X.O", "OX.", "..X"}, 3, "[[0 0] [1 1] [2 2]]"},
		{[]string{"..O", ".O.", "O.X"}, 3, "[[0 2] [1 1] [2 0]]"},
		{[]string{"x...", "xo..", "xo..", "xo.."}, 4, "[[0 0] [1 0] [2 0] [3 0]]"},
		{[]string{"xxxxx"}, 4, "[[0 0] [0 1] [0 2] [0 3] [0 4]]"}, // a run of five
		{[]string{"XX.", "...", "..."}, 3, "[]"},
		{[]string{"XOX", "OXO", "OXO"}, 3, "[]"},
	} {
		if got := fmt.Sprint(LineCells(c.rows, c.k)); got != c.want {
			t.Errorf("%v k=%d: %s, want %s", c.rows, c.k, got, c.want)
		}
	}
}
