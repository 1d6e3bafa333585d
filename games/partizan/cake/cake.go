package cake

import (
	"fmt"
	"strconv"
	"strings"
)

// Cake is a cake of Rows×Cols unit squares.
type Cake struct{ Rows, Cols int }

// String writes RxC.
func (c Cake) String() string { return fmt.Sprintf("%dx%d", c.Rows, c.Cols) }

// Parse reads cakes written RxC (R rows, C columns), several making a
// sum, each side between 1 and maxSide.
func Parse(tokens []string, maxSide int) ([]Cake, error) {
	var out []Cake
	for _, tok := range tokens {
		for _, f := range strings.Fields(tok) {
			r, c, ok := strings.Cut(f, "x")
			rows, err1 := strconv.Atoi(r)
			cols, err2 := strconv.Atoi(c)
			if !ok || err1 != nil || err2 != nil {
				return nil, fmt.Errorf("bad cake %q: expected RxC, e.g. 3x4", f)
			}
			if rows < 1 || cols < 1 || rows > maxSide || cols > maxSide {
				return nil, fmt.Errorf("bad cake %q: sides must be between 1 and %d", f, maxSide)
			}
			out = append(out, Cake{rows, cols})
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no cake given: write RxC, e.g. 3x4")
	}
	return out, nil
}
