package circle

import (
	"iter"
	"math/big"
	"strconv"

	"github.com/grundy-go/grundy/game"
)

// Pos is a circle or a line of N coins. Lines have N ≥ 1 in the options a
// game yields (a move that takes every coin leaves no component); the line
// of 0 coins is accepted too, as a terminal position.
type Pos struct {
	Circle bool
	N      int
}

// Game is the coins game taking 1..K adjacent coins.
type Game struct{ K int }

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.Splitting[Pos] = Game{}
	_ game.Ranker[Pos]    = Game{}
	_ game.Formatter[Pos] = Game{}
)

// Options yields, for a circle, the line left by taking t = 1..K coins
// (all circles are alike by rotation); for a line, the two lines left of
// and right of the t coins taken (each split once, the shorter part
// first; empty parts dropped). A move that takes every coin yields no
// components: the empty sum.
func (g Game) Options(p Pos) iter.Seq[[]Pos] {
	return func(yield func([]Pos) bool) {
		buf := make([]Pos, 0, 2)
		for t := 1; t <= g.K && t <= p.N; t++ {
			if p.Circle {
				buf = buf[:0]
				if p.N > t {
					buf = append(buf, Pos{N: p.N - t})
				}
				if !yield(buf) {
					return
				}
				continue
			}
			rest := p.N - t
			for left := 0; left <= rest-left; left++ {
				buf = buf[:0]
				if left > 0 {
					buf = append(buf, Pos{N: left})
				}
				if rest-left > 0 {
					buf = append(buf, Pos{N: rest - left})
				}
				if !yield(buf) {
					return
				}
			}
		}
	}
}

// Rank is 2N for a line, 2N+1 for a circle.
func (Game) Rank(p Pos) int {
	if p.Circle {
		return 2*p.N + 1
	}
	return 2 * p.N
}

// Format writes "circle N", "line N", or "empty".
func (Game) Format(p Pos) string {
	switch {
	case p.Circle:
		return "circle " + strconv.Itoa(p.N)
	case p.N == 0:
		return "empty"
	}
	return "line " + strconv.Itoa(p.N)
}

// FirstWins reports whether the player to move wins on a circle of n
// coins taking 1..k adjacent coins (k ≥ 1), by the symmetry argument.
func FirstWins(n *big.Int, k int) bool {
	switch {
	case n.Sign() == 0:
		return false
	case n.Cmp(big.NewInt(int64(k))) <= 0:
		return true
	case k == 1:
		return n.Bit(0) == 1
	}
	return false
}

// WinningMove returns the length of the line a winning first move on a
// circle of n coins leaves (0: nothing), and whether there is one. Up to
// rotation it is the only one: taking every coin when n ≤ k (taking fewer
// leaves a line the opponent takes at once), or one coin when k = 1 and n
// is odd.
func WinningMove(n *big.Int, k int) (*big.Int, bool) {
	switch {
	case n.Sign() == 0:
		return nil, false
	case n.Cmp(big.NewInt(int64(k))) <= 0:
		return new(big.Int), true
	case k == 1 && n.Bit(0) == 1:
		return new(big.Int).Sub(n, big.NewInt(1)), true
	}
	return nil, false
}
