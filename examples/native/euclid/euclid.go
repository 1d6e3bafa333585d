// Euclid's game (POJ 2348; Cole and Davie 1969), written in Go: the twin
// of examples/euclid.star. Two piles (a, b); a move takes a positive
// multiple of the smaller pile from the larger, leaving it non-negative.
// The player who empties a pile wins: a position with an empty pile has
// no moves.
//
//	grundy solve examples/native/euclid/euclid.go 2999 3000
package euclid

// Start is the position solved when none is given.
var Start = [2]int{25, 7}

// Moves lists the positions one move leaves. A position is the pair of
// piles in the order given, as the script's tuple (a, b).
func Moves(p [2]int) [][2]int {
	a, b := p[0], p[1]
	if a == 0 || b == 0 {
		return nil
	}
	var out [][2]int
	if a >= b {
		for k := 1; k <= a/b; k++ {
			out = append(out, [2]int{a - k*b, b})
		}
	} else {
		for k := 1; k <= b/a; k++ {
			out = append(out, [2]int{a, b - k*a})
		}
	}
	return out
}
