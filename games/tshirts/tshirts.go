// Package tshirts defines the T-Shirts game (PROBLEMS.md item 18): n
// shirts, three players with strict preference orders; players 1, 2, 3,
// 1, … each delete one shirt until one remains, and each plays to make the
// last shirt as good as possible for itself.
//
// It is a three-player game with payoff vectors, solved by backward
// induction (package payoff): the payoff of a player is n − r, where r is
// the rank (0 best) of the last shirt in its order, so each player
// maximises its own payoff. Because the preferences are strict, two
// deletions that leave the mover the same payoff leave the same last shirt,
// so the answer does not depend on the tie-breaking rule. A position is
// the set of shirts left (a bit mask); the player to move follows from
// its size, so there are 2^n − 1 positions.
package tshirts

import (
	"fmt"
	"iter"
	"math/big"
	"math/bits"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/game"
)

// MaxShirts bounds n: 2^n positions are memoised.
const MaxShirts = 20

// Game is one instance: Order[k] lists player k's shirts, best first,
// numbered from 1.
type Game struct {
	N     int
	Order [3][]int
	rank  [3][]int // rank[k][s] = position of shirt s (0-based) in Order[k]
}

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.Multiplayer[Pos] = (*Game)(nil)
	_ game.Formatter[Pos]   = (*Game)(nil)
)

// New checks that the three orders are permutations of 1..n.
func New(orders [3][]int) (*Game, error) {
	n := len(orders[0])
	if n < 1 || n > MaxShirts {
		return nil, fmt.Errorf("the number of shirts must be between 1 and %d, got %d", MaxShirts, n)
	}
	g := &Game{N: n, Order: orders}
	for k := 0; k < 3; k++ {
		if len(orders[k]) != n {
			return nil, fmt.Errorf("player %d's order has %d shirts, but player 1's has %d", k+1, len(orders[k]), n)
		}
		g.rank[k] = make([]int, n)
		seen := make([]bool, n)
		for r, s := range orders[k] {
			if s < 1 || s > n {
				return nil, fmt.Errorf("player %d's order names shirt %d; shirts are numbered 1 to %d", k+1, s, n)
			}
			if seen[s-1] {
				return nil, fmt.Errorf("player %d's order names shirt %d twice", k+1, s)
			}
			seen[s-1] = true
			g.rank[k][s-1] = r
		}
	}
	return g, nil
}

// Pos is the set of shirts left: bit s−1 for shirt s.
type Pos uint32

// Start is the position with every shirt on the table.
func (g *Game) Start() Pos { return Pos(1)<<g.N - 1 }

func (g *Game) Players() int { return 3 }

// ToMove is the player deleting next: the deletions so far, mod 3.
func (g *Game) ToMove(p Pos) int { return (g.N - bits.OnesCount32(uint32(p))) % 3 }

// Moves deletes one shirt, while two or more are left.
func (g *Game) Moves(p Pos) iter.Seq[Pos] {
	return func(yield func(Pos) bool) {
		if bits.OnesCount32(uint32(p)) < 2 {
			return
		}
		for m := uint32(p); m != 0; m &= m - 1 {
			if !yield(p &^ Pos(m&-m)) {
				return
			}
		}
	}
}

// Last returns the shirt of a position with one shirt left.
func (g *Game) Last(p Pos) int { return bits.TrailingZeros32(uint32(p)) + 1 }

// Payoff gives player k n − rank of the last shirt.
func (g *Game) Payoff(p Pos) []*big.Rat {
	s := g.Last(p) - 1
	out := make([]*big.Rat, 3)
	for k := range out {
		out[k] = big.NewRat(int64(g.N-g.rank[k][s]), 1)
	}
	return out
}

// ShirtFor returns the shirt whose payoff to player k is v.
func (g *Game) ShirtFor(k, v int) int { return g.Order[k][g.N-v] }

// Format writes the shirts left, in increasing order.
func (g *Game) Format(p Pos) string {
	var parts []string
	for m := uint32(p); m != 0; m &= m - 1 {
		parts = append(parts, strconv.Itoa(bits.TrailingZeros32(m)+1))
	}
	return strings.Join(parts, " ")
}
