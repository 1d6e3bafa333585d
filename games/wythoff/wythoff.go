package wythoff

import (
	"iter"
	"math/big"

	"github.com/grundy-go/grundy/game"
)

// Pos is a position of Wythoff's game: the two heap sizes, in order.
type Pos struct{ A, B int }

// Game is Wythoff's game as a searchable game.
type Game struct{}

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.Game[Pos]   = Game{}
	_ game.Ranker[Pos] = Game{}
)

// Moves yields the positions left by taking from heap A, from heap B, and
// the same amount from both.
func (Game) Moves(p Pos) iter.Seq[Pos] {
	return func(yield func(Pos) bool) {
		for k := 1; k <= p.A; k++ {
			if !yield(Pos{p.A - k, p.B}) {
				return
			}
		}
		for k := 1; k <= p.B; k++ {
			if !yield(Pos{p.A, p.B - k}) {
				return
			}
		}
		for k := 1; k <= p.A && k <= p.B; k++ {
			if !yield(Pos{p.A - k, p.B - k}) {
				return
			}
		}
	}
}

// Rank numbers positions along anti-diagonals (Cantor's pairing), so that
// every position with A+B ≤ s has a rank below (s+1)(s+2)/2. It returns -1
// for heaps too large to rank.
func (Game) Rank(p Pos) int {
	if p.A < 0 || p.B < 0 || p.A > 1<<20 || p.B > 1<<20 {
		return -1
	}
	s := p.A + p.B
	return s*(s+1)/2 + p.B
}

var five = big.NewInt(5)

// Lower returns ⌊kφ⌋, the smaller heap of the k-th P-position (OEIS
// A000201 for k ≥ 1), exactly.
func Lower(k *big.Int) *big.Int {
	r := new(big.Int).Mul(k, k)
	r.Mul(r, five)
	r.Sqrt(r) // ⌊√(5k²)⌋
	r.Add(r, k)
	return r.Rsh(r, 1)
}

// Upper returns ⌊kφ²⌋ = ⌊kφ⌋ + k, the larger heap of the k-th P-position
// (OEIS A001950 for k ≥ 1).
func Upper(k *big.Int) *big.Int {
	u := Lower(k)
	return u.Add(u, k)
}

// IsP reports whether (a, b) is a P-position: the smaller heap is ⌊kφ⌋
// where k is the difference of the heaps.
func IsP(a, b *big.Int) bool {
	if a.Cmp(b) > 0 {
		a, b = b, a
	}
	k := new(big.Int).Sub(b, a)
	return Lower(k).Cmp(a) == 0
}

// Partner returns the other heap of the P-position that contains a heap of
// n: for n = ⌊kφ⌋ it is ⌊kφ⌋ + k, for n = ⌊kφ²⌋ it is ⌊kφ⌋, and 0 for 0.
// Every n has exactly one partner (Beatty's theorem).
func Partner(n *big.Int) *big.Int {
	if n.Sign() == 0 {
		return new(big.Int)
	}
	// n = ⌊kφ⌋ needs k in [n/φ, (n+1)/φ); n = ⌊kφ²⌋ needs k in
	// [n/φ², (n+1)/φ²). Each interval is shorter than 1; try the integers
	// next to an under-estimate of its left end, which isqrt gives within
	// one.
	one := big.NewInt(1)
	// n/φ = (√(5n²) - n)/2.
	s := new(big.Int).Mul(n, n)
	s.Mul(s, five)
	s.Sqrt(s)
	k := new(big.Int).Sub(s, n)
	k.Rsh(k, 1)
	for i := 0; i < 3; i++ {
		if Lower(k).Cmp(n) == 0 {
			return new(big.Int).Add(n, k)
		}
		k.Add(k, one)
	}
	// n/φ² = (3n - √(5n²))/2.
	k.Mul(n, big.NewInt(3))
	k.Sub(k, s)
	k.Sub(k, big.NewInt(2))
	k.Rsh(k, 1)
	if k.Sign() < 0 {
		k.SetInt64(0)
	}
	for i := 0; i < 4; i++ {
		if Upper(k).Cmp(n) == 0 {
			return new(big.Int).Sub(n, k)
		}
		k.Add(k, one)
	}
	panic("wythoff: Beatty's theorem failed for " + n.String()) // unreachable
}

// WinningMoves returns every position (in the heaps' given order) that a
// winning move from (a, b) leaves, without repeats; none when (a, b) is a
// P-position. The candidates are: both heaps down to the P-pair whose
// difference is |a - b|; heap b down to a's partner; heap a down to b's
// partner. Any other move leaves a position whose heaps are not partners.
func WinningMoves(a, b *big.Int) [][2]*big.Int {
	if IsP(a, b) {
		return nil
	}
	var out [][2]*big.Int
	add := func(x, y *big.Int) {
		for _, m := range out {
			if m[0].Cmp(x) == 0 && m[1].Cmp(y) == 0 {
				return
			}
		}
		out = append(out, [2]*big.Int{x, y})
	}
	// Both heaps down by the same amount keeps the difference d.
	lo, hi := a, b
	if lo.Cmp(hi) > 0 {
		lo, hi = hi, lo
	}
	d := new(big.Int).Sub(hi, lo)
	if l := Lower(d); l.Cmp(lo) < 0 {
		take := new(big.Int).Sub(lo, l)
		add(new(big.Int).Sub(a, take), new(big.Int).Sub(b, take))
	}
	// Heap a down to b's partner.
	if p := Partner(b); p.Cmp(a) < 0 {
		add(p, new(big.Int).Set(b))
	}
	// Heap b down to a's partner.
	if p := Partner(a); p.Cmp(b) < 0 {
		add(new(big.Int).Set(a), p)
	}
	return out
}
