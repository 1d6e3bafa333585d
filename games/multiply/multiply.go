package multiply

import (
	"iter"
	"math/big"

	"github.com/grundy-go/grundy/game"
)

// MaxSearchN bounds the target of a searchable game, so that p·9 never
// overflows.
const MaxSearchN = 1e17

// Game is the multiplication game with target N as a searchable game.
type Game struct{ N int64 }

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.Game[int64] = Game{}
)

// Moves yields p·2, …, p·9 while p < N; positions p ≥ N are terminal.
func (g Game) Moves(p int64) iter.Seq[int64] {
	return func(yield func(int64) bool) {
		if p >= g.N || p <= 0 {
			return
		}
		for x := int64(2); x <= 9; x++ {
			if !yield(p * x) {
				return
			}
		}
	}
}

var (
	big9  = big.NewInt(9)
	big18 = big.NewInt(18)
	one   = big.NewInt(1)
)

// ceilDiv returns ⌈a/b⌉ for positive b.
func ceilDiv(a, b *big.Int) *big.Int {
	q := new(big.Int).Add(a, b)
	q.Sub(q, one)
	return q.Quo(q, b)
}

// Wins reports whether the player to move at p (p ≥ 1) wins the game with
// target n: reduce M = ⌈n/p⌉ by M → ⌈M/18⌉ while M > 18; then the mover
// wins iff 2 ≤ M ≤ 9.
func Wins(p, n *big.Int) bool {
	if p.Cmp(n) >= 0 {
		return false
	}
	m := ceilDiv(n, p)
	for m.Cmp(big18) > 0 {
		m = ceilDiv(m, big18)
	}
	return m.Cmp(one) > 0 && m.Cmp(big9) <= 0
}

// WinningMultipliers returns every x in 2..9 that wins from p: p·x ≥ n, or
// p·x leaves the opponent a lost position.
func WinningMultipliers(p, n *big.Int) []int64 {
	if p.Cmp(n) >= 0 {
		return nil
	}
	var out []int64
	for x := int64(2); x <= 9; x++ {
		q := new(big.Int).Mul(p, big.NewInt(x))
		if !Wins(q, n) {
			out = append(out, x)
		}
	}
	return out
}

// Intervals returns the first count winning and losing intervals for the
// start: the M with 18^k < M ≤ 9·18^k win, 9·18^k < M ≤ 18^(k+1) lose.
// It returns the upper ends 9, 18, 162, 324, 2916, …
func Intervals(count int) []*big.Int {
	var out []*big.Int
	pow := big.NewInt(1)
	for len(out) < count {
		out = append(out, new(big.Int).Mul(pow, big9))
		pow = new(big.Int).Mul(pow, big18)
		if len(out) < count {
			out = append(out, pow)
		}
	}
	return out
}
