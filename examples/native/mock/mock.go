// Mock Turtles (Winning Ways ch. 14), written in Go: the twin of
// examples/mock.star. Coins numbered 0, 1, 2, … in a row, some heads up;
// a move turns over one, two or three coins, the rightmost from heads to
// tails. Every heads-up coin is a game of its own (Split), worth the n-th
// odious number.
//
//	grundy solve examples/native/mock/mock.go 50 100 150
package mock

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A position is the set of heads-up coins, written as the script writes
// its tuple: "5" for one coin, "50 100 150" for several, "()" for none.
// Go positions must be comparable, so the set is kept as a string of
// sorted coin numbers.
type Pos string

func coins(p Pos) []int {
	var out []int
	for _, f := range strings.Fields(string(p)) {
		n, _ := strconv.Atoi(f)
		out = append(out, n)
	}
	return out
}

func pos(cs []int) Pos {
	slices.Sort(cs)
	// Two flips of one coin cancel.
	var kept []string
	for i := 0; i < len(cs); i++ {
		if i+1 < len(cs) && cs[i] == cs[i+1] {
			i++
			continue
		}
		kept = append(kept, strconv.Itoa(cs[i]))
	}
	return Pos(strings.Join(kept, " "))
}

// Start is the position the issue measures.
var Start = Pos("50 100 150")

// Split makes each heads-up coin a component.
func Split(p Pos) []Pos {
	cs := coins(p)
	out := make([]Pos, len(cs))
	for i, c := range cs {
		out[i] = Pos(strconv.Itoa(c))
	}
	return out
}

// Moves turns a heads-up coin n to tails, and up to two coins i < j < n.
func Moves(p Pos) []Pos {
	cs := coins(p)
	var out []Pos
	for _, n := range cs {
		out = append(out, pos(append(slices.Clone(cs), n)))
		for j := 0; j < n; j++ {
			out = append(out, pos(append(slices.Clone(cs), n, j)))
			for i := 0; i < j; i++ {
				out = append(out, pos(append(slices.Clone(cs), n, j, i)))
			}
		}
	}
	return out
}

// Parse reads coin numbers.
func Parse(text string) (Pos, error) {
	var cs []int
	for _, f := range strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '(' || r == ')' }) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			return "", fmt.Errorf("%q is not a coin number", f)
		}
		cs = append(cs, n)
	}
	return pos(cs), nil
}

// Format writes the coins as the script does.
func Format(p Pos) string {
	if p == "" {
		return "()"
	}
	return string(p)
}
