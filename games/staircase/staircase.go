package staircase

import (
	"encoding/binary"
	"fmt"
	"iter"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/game"
)

// MaxCell is the largest cell a searchable position holds.
const MaxCell = 1<<16 - 1

// Key is a searchable position: the occupied cells in ascending order, two
// bytes each.
type Key string

// MakeKey returns the key of the cells (each 1..MaxCell, distinct).
func MakeKey(cells []int) Key {
	cs := slices.Clone(cells)
	slices.Sort(cs)
	b := make([]byte, 0, 2*len(cs))
	for _, c := range cs {
		b = binary.BigEndian.AppendUint16(b, uint16(c))
	}
	return Key(b)
}

// Cells returns the occupied cells in ascending order.
func (k Key) Cells() []int {
	cs := make([]int, len(k)/2)
	for i := range cs {
		cs[i] = int(binary.BigEndian.Uint16([]byte(k[2*i:])))
	}
	return cs
}

// Game is the coin game as a searchable game, by its literal rules.
type Game struct{}

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.Game[Key]      = Game{}
	_ game.Formatter[Key] = Game{}
)

// Moves yields the position after each shift of each coin. A coin moves
// between its neighbours, so the order of the cells is kept and each
// option is the key with one cell rewritten.
func (Game) Moves(k Key) iter.Seq[Key] {
	return func(yield func(Key) bool) {
		cs := k.Cells()
		buf := []byte(k)
		for i, c := range cs {
			lo := 1
			if i > 0 {
				lo = cs[i-1] + 1
			}
			for to := c - 1; to >= lo; to-- {
				binary.BigEndian.PutUint16(buf[2*i:], uint16(to))
				if !yield(Key(buf)) {
					return
				}
			}
			binary.BigEndian.PutUint16(buf[2*i:], uint16(c))
		}
	}
}

// Format writes the cells separated by spaces ("" for no coins).
func (Game) Format(k Key) string {
	cs := k.Cells()
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = strconv.Itoa(c)
	}
	return strings.Join(s, " ")
}

// Normalize sorts the cells and checks that they are positive and
// distinct; it returns a sorted copy. The error names the bad cell.
func Normalize(cells []*big.Int) ([]*big.Int, error) {
	cs := slices.Clone(cells)
	for _, c := range cs {
		if c.Sign() <= 0 {
			return nil, fmt.Errorf("bad cell %s: cells are numbered from 1", c)
		}
	}
	slices.SortFunc(cs, (*big.Int).Cmp)
	for i := 1; i < len(cs); i++ {
		if cs[i].Cmp(cs[i-1]) == 0 {
			return nil, fmt.Errorf("bad cell %s: it is given twice, but a cell holds at most one coin", cs[i])
		}
	}
	return cs, nil
}

// Gaps returns g_1 = c_1 - 1 and g_i = c_i - c_{i-1} - 1 for sorted cells.
func Gaps(cells []*big.Int) []*big.Int {
	g := make([]*big.Int, len(cells))
	prev := new(big.Int)
	one := big.NewInt(1)
	for i, c := range cells {
		g[i] = new(big.Int).Sub(c, prev)
		g[i].Sub(g[i], one)
		prev = c
	}
	return g
}

// odd reports whether gap i (0-based) of n is an odd stair: the gap inside
// a pair counted from the right.
func odd(i, n int) bool { return (n-1-i)%2 == 0 }

// Value returns the Sprague–Grundy value of the position given by sorted,
// distinct, positive cells: the nim-sum of the odd stairs.
func Value(cells []*big.Int) *big.Int {
	s := new(big.Int)
	for i, g := range Gaps(cells) {
		if odd(i, len(cells)) {
			s.Xor(s, g)
		}
	}
	return s
}

// Move shifts coin Coin (an index into the sorted cells) to cell To.
type Move struct {
	Coin int
	To   *big.Int
}

// Apply returns the sorted cells after the move; cells is not modified
// (the result shares its untouched numbers).
func (m Move) Apply(cells []*big.Int) []*big.Int {
	next := slices.Clone(cells)
	next[m.Coin] = m.To
	return next
}

// WinningMoves returns, for sorted distinct positive cells, every winning
// move, in coin order; none when the value is 0. A coin moves between its
// neighbours, so the cells stay sorted.
func WinningMoves(cells []*big.Int) []Move {
	s := Value(cells)
	if s.Sign() == 0 {
		return nil
	}
	n := len(cells)
	gaps := Gaps(cells)
	var out []Move
	move := func(i int, d *big.Int) {
		out = append(out, Move{Coin: i, To: new(big.Int).Sub(cells[i], d)})
	}
	for i, g := range gaps {
		if odd(i, n) {
			// Close the pair's gap to g ⊕ s.
			if t := new(big.Int).Xor(g, s); t.Cmp(g) < 0 {
				move(i, new(big.Int).Sub(g, t))
			}
			continue
		}
		// Coin i is the left coin of a pair: moving it by d widens the
		// odd stair i+1 by d; it wins if that stair becomes g_{i+1} ⊕ s.
		up := gaps[i+1]
		t := new(big.Int).Xor(up, s)
		if d := t.Sub(t, up); d.Sign() > 0 && d.Cmp(g) <= 0 {
			move(i, d)
		}
	}
	return out
}
