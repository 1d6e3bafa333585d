package peuclid

import (
	"fmt"
	"iter"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/game"
)

// MaxNumber bounds p and q: a pair's play can last q moves, each a
// follower the evaluator keeps.
const MaxNumber = 100_000

// Pair is a position (P, Q).
type Pair struct{ P, Q int }

// Game is Partizan Euclid.
type Game struct{}

var (
	_ game.Partizan[Pair]  = Game{}
	_ game.Formatter[Pair] = Game{}
)

// LeftMoves is the move to (q, p mod q), when q does not divide p.
func (Game) LeftMoves(x Pair) iter.Seq[Pair] {
	return func(yield func(Pair) bool) {
		if r := x.P % x.Q; r != 0 {
			yield(Pair{x.Q, r})
		}
	}
}

// RightMoves is the move to (q, q − p mod q), when q does not divide p.
func (Game) RightMoves(x Pair) iter.Seq[Pair] {
	return func(yield func(Pair) bool) {
		if r := x.P % x.Q; r != 0 {
			yield(Pair{x.Q, x.Q - r})
		}
	}
}

// Format writes p,q.
func (Game) Format(x Pair) string { return strconv.Itoa(x.P) + "," + strconv.Itoa(x.Q) }

// Parse reads pairs written p,q, several making a sum.
func Parse(tokens []string) ([]Pair, error) {
	var out []Pair
	for _, tok := range tokens {
		for _, f := range strings.Fields(tok) {
			a, b, ok := strings.Cut(f, ",")
			p, err1 := strconv.Atoi(a)
			q, err2 := strconv.Atoi(b)
			if !ok || err1 != nil || err2 != nil {
				return nil, fmt.Errorf("bad pair %q: expected p,q, e.g. 7,3", f)
			}
			if p < 1 || q < 1 || p > MaxNumber || q > MaxNumber {
				return nil, fmt.Errorf("bad pair %q: p and q must be between 1 and %d", f, MaxNumber)
			}
			out = append(out, Pair{p, q})
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no pair given: write p,q, e.g. 7,3")
	}
	return out, nil
}
