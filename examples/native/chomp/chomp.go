// Chomp (Gale 1974), written in Go: the twin of examples/chomp.star. An
// n×m bar whose top-left square is poisoned; a move eats a square with
// every square below and to its right; whoever must eat the poisoned
// square loses, so the position with only that square has no moves.
//
//	grundy solve examples/native/chomp/chomp.go --param rows=8 --param cols=8
package chomp

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxRows bounds the rows of a board: a position is an array of row
// lengths, non-increasing, zero for rows eaten whole.
const MaxRows = 12

// Pos is a position: the rows' lengths.
type Pos [MaxRows]uint8

var rows, cols = 4, 7

// Init reads the parameters rows and cols (default 4 and 7).
func Init(params map[string]string) error {
	rows, cols = 4, 7
	for name, v := range params {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 255 {
			return fmt.Errorf("%s=%q: expected a size from 1 to 255", name, v)
		}
		switch name {
		case "rows":
			if n > MaxRows {
				return fmt.Errorf("rows=%d: at most %d rows", n, MaxRows)
			}
			rows = n
		case "cols":
			cols = n
		default:
			return fmt.Errorf("unknown parameter %q: chomp takes rows and cols", name)
		}
	}
	return nil
}

// Start is the whole bar.
func Start() Pos {
	var p Pos
	for r := range rows {
		p[r] = uint8(cols)
	}
	return p
}

// Moves eats the square (r, c) and everything below and right of it, for
// every square but the poisoned one.
func Moves(p Pos) []Pos {
	var out []Pos
	for r := 0; r < MaxRows && p[r] > 0; r++ {
		for c := uint8(0); c < p[r]; c++ {
			if r == 0 && c == 0 {
				continue
			}
			q := p
			for i := r; i < MaxRows && q[i] > c; i++ {
				q[i] = c
			}
			out = append(out, q)
		}
	}
	return out
}

// Format writes the lengths of the rows left, as the script does.
func Format(p Pos) string {
	var parts []string
	for _, n := range p {
		if n > 0 {
			parts = append(parts, strconv.Itoa(int(n)))
		}
	}
	return strings.Join(parts, " ")
}

// Parse reads row lengths, non-increasing.
func Parse(text string) (Pos, error) {
	var p Pos
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '(' || r == ')' })
	if len(fields) > MaxRows {
		return p, fmt.Errorf("%d rows; at most %d", len(fields), MaxRows)
	}
	for i, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 || n > 255 {
			return p, fmt.Errorf("row %d: %q is not a length from 1 to 255", i+1, f)
		}
		if i > 0 && n > int(p[i-1]) {
			return p, fmt.Errorf("row %d is longer than the row above it", i+1)
		}
		p[i] = uint8(n)
	}
	return p, nil
}
