package nim

import (
	"iter"
	"math/big"

	"github.com/grundy-go/grundy/game"
)

// Heap is a single Nim heap as a game for exhaustive search: the position
// is the heap size, and a move leaves any smaller size.
type Heap struct{}

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.Game[int]         = Heap{}
	_ game.MoveAppender[int] = Heap{}
	_ game.Ranker[int]       = Heap{}
)

// Moves yields every smaller heap, largest first.
func (Heap) Moves(h int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for k := h - 1; k >= 0; k-- {
			if !yield(k) {
				return
			}
		}
	}
}

// AppendMoves appends every smaller heap, largest first, as Moves yields
// them.
func (Heap) AppendMoves(dst []int, h int) []int {
	for k := h - 1; k >= 0; k-- {
		dst = append(dst, k)
	}
	return dst
}

// Rank ranks a heap by its size.
func (Heap) Rank(h int) int { return h }

// Move takes heap Index down to size To.
type Move struct {
	Index int
	To    *big.Int
}

// Apply returns the heaps after the move; heaps is not modified.
func (m Move) Apply(heaps []*big.Int) []*big.Int {
	out := append([]*big.Int(nil), heaps...)
	out[m.Index] = m.To
	return out
}

// NimSum returns the nim-sum of the heap sizes: the Sprague–Grundy value
// of the Nim position (Bouton's theorem).
func NimSum(heaps []*big.Int) *big.Int {
	s := new(big.Int)
	for _, h := range heaps {
		s.Xor(s, h)
	}
	return s
}

// WinningMoves returns every winning move of a Nim position, in heap
// order: heap h goes to h ⊕ s whenever that is smaller. There are none when
// the nim-sum s is 0.
func WinningMoves(heaps []*big.Int) []Move {
	s := NimSum(heaps)
	if s.Sign() == 0 {
		return nil
	}
	var moves []Move
	for i, h := range heaps {
		if t := new(big.Int).Xor(h, s); t.Cmp(h) < 0 {
			moves = append(moves, Move{Index: i, To: t})
		}
	}
	return moves
}

// MisereWins reports whether the player to move wins misère Nim: with only
// heaps of 0 and 1, exactly when the number of 1-heaps is even (the mover
// can leave an odd number); otherwise exactly when the nim-sum is not 0.
func MisereWins(heaps []*big.Int) bool {
	big1, ones := 0, 0
	for _, h := range heaps {
		switch {
		case h.BitLen() > 1:
			big1++
		case h.Sign() > 0:
			ones++
		}
	}
	if big1 == 0 {
		return ones%2 == 0
	}
	return NimSum(heaps).Sign() != 0
}

// MisereWinningMoves returns every winning move of a misère Nim position,
// in heap order.
func MisereWinningMoves(heaps []*big.Int) []Move {
	if !MisereWins(heaps) {
		return nil
	}
	var bigHeaps []int
	ones := 0
	for i, h := range heaps {
		switch {
		case h.BitLen() > 1:
			bigHeaps = append(bigHeaps, i)
		case h.Sign() > 0:
			ones++
		}
	}
	switch len(bigHeaps) {
	case 0:
		// An even number of 1-heaps: taking any of them leaves an odd
		// number, which the opponent must end by taking the last token.
		var moves []Move
		for i, h := range heaps {
			if h.Sign() > 0 {
				moves = append(moves, Move{Index: i, To: new(big.Int)})
			}
		}
		return moves
	case 1:
		// Reduce the one large heap to leave an odd number of 1-heaps.
		to := int64(0)
		if ones%2 == 0 {
			to = 1
		}
		return []Move{{Index: bigHeaps[0], To: big.NewInt(to)}}
	default:
		// With two or more heaps above 1, a Nim move to nim-sum 0 still
		// leaves two of them (a lone large heap would fix the nim-sum's top
		// bit), so the normal-play moves win.
		return WinningMoves(heaps)
	}
}
