package lasker

import (
	"iter"
	"math/big"

	"github.com/grundy-go/grundy/game"
)

// Game is Lasker's Nim on one heap as a splitting game: the position is the
// heap size; a take leaves one heap (possibly 0), a split leaves two.
type Game struct{}

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.Splitting[int] = Game{}
	_ game.Ranker[int]    = Game{}
)

// Options yields the takes, largest heap left first, then the splits
// a + (n-a) for a = 1 … ⌊n/2⌋.
func (Game) Options(n int) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		buf := make([]int, 2)
		for m := n - 1; m >= 0; m-- {
			buf[0] = m
			if !yield(buf[:1]) {
				return
			}
		}
		for a := 1; a <= n/2; a++ {
			buf[0], buf[1] = a, n-a
			if !yield(buf[:2]) {
				return
			}
		}
	}
}

// Rank ranks a heap by its size.
func (Game) Rank(n int) int { return n }

// Value returns the Sprague–Grundy value of a heap of n: n for n ≡ 1, 2
// (mod 4), n+1 for n ≡ 3, n-1 for n ≡ 0 (n > 0), and 0 for 0.
func Value(n *big.Int) *big.Int {
	v := new(big.Int).Set(n)
	if n.Sign() == 0 {
		return v
	}
	switch n.Bit(0) | n.Bit(1)<<1 {
	case 3:
		v.Add(v, big.NewInt(1))
	case 0:
		v.Sub(v, big.NewInt(1))
	}
	return v
}

// Value64 is Value for small heaps.
func Value64(n int64) int64 {
	switch {
	case n == 0:
		return 0
	case n%4 == 3:
		return n + 1
	case n%4 == 0:
		return n - 1
	}
	return n
}

// Sum returns the value of a sum of heaps: the nim-sum of their values.
func Sum(heaps []*big.Int) *big.Int {
	s := new(big.Int)
	for _, h := range heaps {
		s.Xor(s, Value(h))
	}
	return s
}

// TakeTo returns the heap size left by the one take from h that leaves
// value t, or nil if there is none. Value is an involution, so the heap of
// value t is Value(t).
func TakeTo(h, t *big.Int) *big.Int {
	m := Value(t)
	if m.Cmp(h) < 0 {
		return m
	}
	return nil
}

// SplitsTo returns every split a + (h-a), 1 ≤ a ≤ h/2, of a small heap h
// whose value G(a) ⊕ G(h-a) is t, as the smaller parts a.
func SplitsTo(h, t int64) []int64 {
	var out []int64
	for a := int64(1); a <= h/2; a++ {
		if Value64(a)^Value64(h-a) == t {
			out = append(out, a)
		}
	}
	return out
}
