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
	"math/bits"
	"strconv"
	"strings"
)

// MaxCoin bounds the coins' numbers: a position is the set of heads-up
// coins as a bitset, which is comparable, costs nothing to copy and is
// turned by a xor.
const MaxCoin = 255

// Pos is a position: bit c of word c/64 is coin c, heads up.
type Pos [4]uint64

func (p *Pos) flip(c int) { p[c/64] ^= 1 << (c % 64) }

func (p Pos) coins() []int {
	var out []int
	for w, x := range p {
		for ; x != 0; x &= x - 1 {
			out = append(out, 64*w+bits.TrailingZeros64(x))
		}
	}
	return out
}

func coin(c int) Pos {
	var p Pos
	p.flip(c)
	return p
}

// Start is the position the issue measures.
var Start = coin(50).with(100).with(150)

func (p Pos) with(c int) Pos {
	p.flip(c)
	return p
}

// Split makes each heads-up coin a component.
func Split(p Pos) []Pos {
	cs := p.coins()
	out := make([]Pos, len(cs))
	for i, c := range cs {
		out[i] = coin(c)
	}
	return out
}

// Moves turns a heads-up coin n to tails, and up to two coins i < j < n
// either way.
func Moves(p Pos) []Pos {
	var out []Pos
	for _, n := range p.coins() {
		q := p.with(n)
		out = append(out, q)
		for j := 0; j < n; j++ {
			r := q.with(j)
			out = append(out, r)
			for i := 0; i < j; i++ {
				out = append(out, r.with(i))
			}
		}
	}
	return out
}

// Parse reads coin numbers: "5", "50 100 150", "(1, 2)", "()".
func Parse(text string) (Pos, error) {
	var p Pos
	for _, f := range strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '(' || r == ')' }) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || n > MaxCoin {
			return p, fmt.Errorf("%q is not a coin number from 0 to %d", f, MaxCoin)
		}
		p.flip(n)
	}
	return p, nil
}

// Format writes the coins as the script does: "5", "50 100 150", "()".
func Format(p Pos) string {
	cs := p.coins()
	if len(cs) == 0 {
		return "()"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = strconv.Itoa(c)
	}
	return strings.Join(parts, " ")
}
