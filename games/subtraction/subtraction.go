package subtraction

import (
	"fmt"
	"iter"
	"math/big"
	"slices"

	"github.com/grundy-go/grundy/game"
)

// Game is a subtraction game with a finite set of amounts; the position is
// the heap size.
type Game struct {
	amounts []int // ascending, distinct, positive
}

// New returns the subtraction game with the given amounts. They must be
// positive; repeats are ignored.
func New(amounts []int) (Game, error) {
	if len(amounts) == 0 {
		return Game{}, fmt.Errorf("the subtraction set is empty; expected amounts such as 1,3,4")
	}
	s := slices.Clone(amounts)
	slices.Sort(s)
	s = slices.Compact(s)
	if s[0] <= 0 {
		return Game{}, fmt.Errorf("amount %d is not allowed: amounts must be positive", s[0])
	}
	return Game{amounts: s}, nil
}

// Amounts returns the allowed amounts in ascending order.
func (g Game) Amounts() []int { return slices.Clone(g.amounts) }

// Moves yields n - s for each allowed amount s ≤ n.
func (g Game) Moves(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for _, s := range g.amounts {
			if s > n || !yield(n-s) {
				return
			}
		}
	}
}

// AppendMoves appends n - s for each allowed amount s ≤ n: Moves without
// the allocation, for solvers' hot paths.
func (g Game) AppendMoves(dst []int, n int) []int {
	for _, s := range g.amounts {
		if s > n {
			break
		}
		dst = append(dst, n-s)
	}
	return dst
}

// Rank ranks a heap by its size.
func (Game) Rank(n int) int { return n }

// Fibonacci is the subtraction game whose amounts are the Fibonacci
// numbers 1, 2, 3, 5, 8, …
type Fibonacci struct{}

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.Game[int]         = Game{}
	_ game.MoveAppender[int] = Game{}
	_ game.Ranker[int]       = Game{}
	_ game.Game[int]         = Fibonacci{}
	_ game.MoveAppender[int] = Fibonacci{}
	_ game.Ranker[int]       = Fibonacci{}
)

// Moves yields n - F for each Fibonacci number F ≤ n.
func (Fibonacci) Moves(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for a, b := 1, 2; a <= n; a, b = b, a+b {
			if !yield(n - a) {
				return
			}
		}
	}
}

// AppendMoves appends n - F for each Fibonacci number F ≤ n.
func (Fibonacci) AppendMoves(dst []int, n int) []int {
	for a, b := 1, 2; a <= n; a, b = b, a+b {
		dst = append(dst, n-a)
	}
	return dst
}

// Rank ranks a heap by its size.
func (Fibonacci) Rank(n int) int { return n }

// BashValue returns G(n) = n mod (m+1) for Bash's game with amounts 1..m.
func BashValue(n *big.Int, m int) *big.Int {
	return new(big.Int).Mod(n, big.NewInt(int64(m)+1))
}

// BashRemoteness returns the remoteness of a heap of n in Bash's game:
// every round of two moves removes m+1 tokens when the winner answers the
// loser's move, so it is 2⌊n/(m+1)⌋, plus one when the first move is the
// winner's.
func BashRemoteness(n *big.Int, m int) *big.Int {
	q, r := new(big.Int).QuoRem(n, big.NewInt(int64(m)+1), new(big.Int))
	q.Lsh(q, 1)
	if r.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	return q
}

// MisereBashLoses reports whether the player to move loses misère Bash
// (the taker of the last token loses) from a heap of n ≥ 1: exactly when
// n ≡ 1 (mod m+1).
func MisereBashLoses(n *big.Int, m int) bool {
	r := new(big.Int).Mod(n, big.NewInt(int64(m)+1))
	return r.Cmp(big.NewInt(1)) == 0
}
