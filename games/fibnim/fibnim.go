package fibnim

import (
	"iter"
	"math/big"
	"slices"

	"github.com/grundy-go/grundy/game"
)

// Pos is a position: N tokens, at most L (≤ N) may be taken now.
type Pos struct{ N, L int }

// Start is the start position with n tokens: the first move takes up to
// n-1.
func Start(n int) Pos { return Pos{N: n, L: max(n-1, 0)} }

// Canon clamps L to N: taking more than N is impossible anyway.
func Canon(n, l int) Pos { return Pos{N: n, L: min(l, n)} }

// Game is Fibonacci Nim as a searchable game.
type Game struct{}

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.Game[Pos]   = Game{}
	_ game.Ranker[Pos] = Game{}
)

// Moves yields the position after taking t = 1..L tokens.
func (Game) Moves(p Pos) iter.Seq[Pos] {
	return func(yield func(Pos) bool) {
		for t := 1; t <= p.L && t <= p.N; t++ {
			if !yield(Canon(p.N-t, 2*t)) {
				return
			}
		}
	}
}

// Rank numbers positions with L ≤ N triangularly, or -1 for large ones.
func (Game) Rank(p Pos) int {
	if p.N < 0 || p.N > 1<<14 || p.L < 0 || p.L > p.N {
		return -1
	}
	return p.N*(p.N+1)/2 + p.L
}

// Zeckendorf returns the terms of n's Zeckendorf representation (distinct,
// non-consecutive Fibonacci numbers from 1, 2, 3, 5, …), largest first;
// none for 0.
func Zeckendorf(n *big.Int) []*big.Int {
	if n.Sign() <= 0 {
		return nil
	}
	fibs := []*big.Int{big.NewInt(1), big.NewInt(2)}
	for fibs[len(fibs)-1].Cmp(n) <= 0 {
		a, b := fibs[len(fibs)-2], fibs[len(fibs)-1]
		fibs = append(fibs, new(big.Int).Add(a, b))
	}
	rest := new(big.Int).Set(n)
	var terms []*big.Int
	for i := len(fibs) - 1; i >= 0 && rest.Sign() > 0; i-- {
		if fibs[i].Cmp(rest) <= 0 {
			terms = append(terms, fibs[i])
			rest.Sub(rest, fibs[i])
			i-- // the next smaller one cannot follow (non-consecutive)
		}
	}
	return terms
}

// Smallest returns q(n), the smallest Zeckendorf term of n ≥ 1.
func Smallest(n *big.Int) *big.Int {
	z := Zeckendorf(n)
	return z[len(z)-1]
}

// Wins reports whether the player to move wins with n tokens when at most
// l may be taken: n > 0 and q(n) ≤ l.
func Wins(n, l *big.Int) bool {
	return n.Sign() > 0 && Smallest(n).Cmp(l) <= 0
}

// IsFibonacci reports whether n ≥ 1 is a Fibonacci number: the start
// positions the first player loses.
func IsFibonacci(n *big.Int) bool {
	return n.Sign() > 0 && len(Zeckendorf(n)) == 1
}

// WinningTakes returns every winning number of tokens to take from
// (n, l), in increasing order; none when the position is lost.
func WinningTakes(n, l *big.Int) []*big.Int {
	if n.Sign() <= 0 {
		return nil
	}
	limit := l
	if n.Cmp(l) < 0 {
		limit = n
	}
	var out []*big.Int
	// m = 0: take everything.
	if n.Cmp(limit) <= 0 {
		out = append(out, new(big.Int).Set(n))
	}
	// m = a prefix sum of the terms of n-1, largest first.
	terms := Zeckendorf(new(big.Int).Sub(n, big.NewInt(1)))
	m := new(big.Int)
	for _, f := range terms {
		m.Add(m, f) // q(m) = f, the smallest term taken so far
		t := new(big.Int).Sub(n, m)
		if t.Sign() <= 0 || t.Cmp(limit) > 0 {
			continue
		}
		if f.Cmp(new(big.Int).Lsh(t, 1)) > 0 {
			out = append(out, t)
		}
	}
	slices.SortFunc(out, (*big.Int).Cmp)
	return slices.CompactFunc(out, func(a, b *big.Int) bool { return a.Cmp(b) == 0 })
}
