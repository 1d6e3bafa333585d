package moore

import (
	"encoding/binary"
	"iter"
	"math/big"
	"slices"
	"strconv"

	"github.com/grundy-go/grundy/game"
)

// MaxHeap is the largest heap a searchable position holds.
const MaxHeap = 1<<16 - 1

// Game is Nim_K as a searchable game. A position is a Key: the non-zero
// heaps in ascending order, two bytes each, so that positions that are the
// same multiset of heaps are the same key.
type Game struct{ K int }

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.Game[Key]      = Game{}
	_ game.Formatter[Key] = Game{}
)

// Key is a position of Game.
type Key string

// MakeKey returns the key of the heaps (zero heaps dropped, order
// forgotten). Every heap must be at most MaxHeap.
func MakeKey(heaps []int) Key {
	hs := slices.Clone(heaps)
	slices.Sort(hs)
	b := make([]byte, 0, 2*len(hs))
	for _, h := range hs {
		if h > 0 {
			b = binary.BigEndian.AppendUint16(b, uint16(h))
		}
	}
	return Key(b)
}

// Heaps returns the heaps of a key, in ascending order.
func (k Key) Heaps() []int {
	hs := make([]int, len(k)/2)
	for i := range hs {
		hs[i] = int(binary.BigEndian.Uint16([]byte(k[2*i:])))
	}
	return hs
}

// Moves yields every position reachable in one move.
func (g Game) Moves(k Key) iter.Seq[Key] {
	return func(yield func(Key) bool) {
		EachMove(k.Heaps(), g.K, func(next []int) bool { return yield(MakeKey(next)) })
	}
}

// Format writes the heaps separated by spaces, "0" for none.
func (Game) Format(k Key) string {
	hs := k.Heaps()
	if len(hs) == 0 {
		return "0"
	}
	s := ""
	for i, h := range hs {
		if i > 0 {
			s += " "
		}
		s += strconv.Itoa(h)
	}
	return s
}

// EachMove calls f with the heaps left by every move of Nim_K from heaps
// (in the same order, one slice reused between calls), until f returns
// false; it reports whether it ran to the end. Distinct moves leave
// distinct heap vectors.
func EachMove(heaps []int, k int, f func(next []int) bool) bool {
	next := slices.Clone(heaps)
	// Choose heaps in increasing index order; each chosen heap goes to a
	// smaller size. rec(i, chosen) decides heaps from index i on.
	var rec func(i, chosen int) bool
	rec = func(i, chosen int) bool {
		if i == len(heaps) || chosen == k {
			if chosen == 0 {
				return true
			}
			return f(next)
		}
		if !rec(i+1, chosen) {
			return false
		}
		for v := heaps[i] - 1; v >= 0; v-- {
			next[i] = v
			if !rec(i+1, chosen+1) {
				next[i] = heaps[i]
				return false
			}
		}
		next[i] = heaps[i]
		return true
	}
	return rec(0, 0)
}

// IsP reports whether the heaps are a P-position of Nim_K: every binary
// column sums to a multiple of K+1 (Moore's theorem).
func IsP(heaps []*big.Int, k int) bool {
	width := 0
	for _, h := range heaps {
		width = max(width, h.BitLen())
	}
	for bit := 0; bit < width; bit++ {
		c := 0
		for _, h := range heaps {
			c += int(h.Bit(bit))
		}
		if c%(k+1) != 0 {
			return false
		}
	}
	return true
}

// WinningMove returns the heaps after one winning move of Nim_K, or nil if
// the position is a P-position. It follows Moore's constructive proof
// (see the package documentation); heaps is not modified.
func WinningMove(heaps []*big.Int, k int) []*big.Int {
	if IsP(heaps, k) {
		return nil
	}
	width := 0
	for _, h := range heaps {
		width = max(width, h.BitLen())
	}
	out := make([]*big.Int, len(heaps))
	for i, h := range heaps {
		out[i] = new(big.Int).Set(h)
	}
	chosen := make([]bool, len(heaps))
	var free []int // chosen heaps, in the order chosen
	for bit := width - 1; bit >= 0; bit-- {
		s := 0
		for i, h := range heaps {
			if !chosen[i] {
				s += int(h.Bit(bit))
			}
		}
		s %= k + 1
		need := (k + 1 - s) % (k + 1) // free heaps that must have a 1 here
		if need <= len(free) {
			for j, i := range free {
				out[i].SetBit(out[i], bit, boolBit(j < need))
			}
			continue
		}
		// Choose s more heaps with a 1 here; clear it, and clear the free.
		for _, i := range free {
			out[i].SetBit(out[i], bit, 0)
		}
		for i, h := range heaps {
			if s == 0 {
				break
			}
			if !chosen[i] && h.Bit(bit) == 1 {
				chosen[i] = true
				free = append(free, i)
				out[i].SetBit(out[i], bit, 0)
				s--
			}
		}
	}
	return out
}

func boolBit(b bool) uint {
	if b {
		return 1
	}
	return 0
}
