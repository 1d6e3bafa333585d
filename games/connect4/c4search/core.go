package c4search

import (
	"math/bits"
	"sync/atomic"

	"github.com/grundy-go/grundy/games/connect4"
)

// geometry is what the search needs of a Shape, in plain fields for the
// hot path.
type geometry struct {
	s      *connect4.Shape
	w, h   int
	cells  int
	k      int
	bottom uint64
	full   uint64
	col    [connect4.MaxWidth]uint64
	order  [connect4.MaxWidth]int // columns from the centre outwards
	minSc  int                    // no score is less: -(cells - 2(K-1))/2 (Pons' MIN_SCORE for K = 4)
	maxSc  int                    // no score is greater: (cells + 1 - 2(K-1))/2
}

func newGeometry(s *connect4.Shape) *geometry {
	g := &geometry{s: s, w: s.W, h: s.H, cells: s.W * s.H, k: s.K, bottom: s.BottomMask(), full: s.BoardMask()}
	for c := range s.W {
		g.col[c] = s.ColumnMask(c)
	}
	for i := range s.W {
		// W/2, then alternately left and right of it.
		g.order[i] = s.W/2 + (1-2*(i%2))*(i+1)/2
	}
	// The earliest win is at the winner's K-th stone.
	g.minSc = min(-(g.cells-2*(g.k-1))/2, -1)
	g.maxSc = max((g.cells+1-2*(g.k-1))/2, 1)
	return g
}

// winning has a bit on every empty cell that completes K in a row with
// the stones of pos (Pons' compute_winning_position); mask is every stone.
func (g *geometry) winning(pos, mask uint64) uint64 {
	if g.k != 4 {
		return g.s.WinningCells(pos) &^ mask
	}
	h := uint(g.h)
	// Vertical: three stones below.
	r := (pos << 1) & (pos << 2) & (pos << 3)
	// Horizontal and both diagonals: a gap at any of the four places.
	for _, d := range [3]uint{h + 1, h, h + 2} {
		p := (pos << d) & (pos << (2 * d))
		r |= p & (pos << (3 * d))
		r |= p & (pos >> d)
		p = (pos >> d) & (pos >> (2 * d))
		r |= p & (pos << d)
		r |= p & (pos >> (3 * d))
	}
	return r & (g.full ^ mask)
}

func (g *geometry) possible(mask uint64) uint64 { return (mask + g.bottom) & g.full }

// canWinNext reports whether the player to move wins with one stone.
func (g *geometry) canWinNext(cur, mask uint64) bool {
	return g.winning(cur, mask)&g.possible(mask) != 0
}

// nonLosing is the moves (as cells) that do not let the opponent win at
// once: a forced block when the opponent threatens one cell, none when
// two, and never below an opponent's winning cell.
func (g *geometry) nonLosing(cur, mask uint64) uint64 {
	poss := g.possible(mask)
	opp := g.winning(cur^mask, mask)
	forced := poss & opp
	if forced != 0 {
		if forced&(forced-1) != 0 {
			return 0
		}
		poss = forced
	}
	return poss &^ (opp >> 1)
}

// worker is one thread's search.
type worker struct {
	g      *geometry
	tt     *table
	nodes  int64 // since the last poll
	total  *atomic.Int64
	stop   *atomic.Bool
	abort  bool
	order  [connect4.MaxWidth]int
	poller func() bool // reports whether to stop; called every pollEvery nodes
}

const pollEvery = 1 << 12

// Scores stored in the table: an upper bound v as v - minSc + 1, a lower
// bound as v + maxSc - 2*minSc + 2 (Pons' encoding); 0 means no entry.

// negamax returns a fail-hard bound of the score of a position where the
// player to move cannot win with one stone, within (alpha, beta).
func (w *worker) negamax(cur, mask uint64, moves int, alpha, beta int) int {
	w.nodes++
	if w.nodes&(pollEvery-1) == 0 && w.poller() {
		w.abort = true
		return 0
	}
	g := w.g
	next := g.nonLosing(cur, mask)
	if next == 0 {
		return -(g.cells - moves) / 2
	}
	if moves >= g.cells-2 {
		return 0
	}
	if lo := -(g.cells - 2 - moves) / 2; alpha < lo {
		alpha = lo
		if alpha >= beta {
			return alpha
		}
	}
	if hi := (g.cells - 1 - moves) / 2; beta > hi {
		beta = hi
		if alpha >= beta {
			return beta
		}
	}
	key := cur + mask + g.bottom
	if v := int(w.tt.get(key)); v != 0 {
		if v > g.maxSc-g.minSc+1 {
			if lo := v + 2*g.minSc - g.maxSc - 2; alpha < lo {
				alpha = lo
				if alpha >= beta {
					return alpha
				}
			}
		} else if hi := v + g.minSc - 1; beta > hi {
			beta = hi
			if alpha >= beta {
				return beta
			}
		}
	}
	// Order: most new threats first, ties towards the centre.
	var mv [connect4.MaxWidth]uint64
	var sc [connect4.MaxWidth]int
	n := 0
	for i := g.w - 1; i >= 0; i-- {
		m := next & g.col[w.order[i]]
		if m == 0 {
			continue
		}
		s := bits.OnesCount64(g.winning(cur|m, mask))
		j := n
		for ; j > 0 && sc[j-1] > s; j-- {
			mv[j], sc[j] = mv[j-1], sc[j-1]
		}
		mv[j], sc[j] = m, s
		n++
	}
	for n > 0 {
		n--
		m := mv[n]
		// The child: the opponent to move, one more stone.
		s := -w.negamax(cur^mask, mask|m, moves+1, -beta, -alpha)
		if w.abort {
			return 0
		}
		if s >= beta {
			// Bounds beyond the global ones are stored as the global
			// ones: weaker, still true, and within the encoding.
			w.tt.put(key, uint8(min(max(s, g.minSc), g.maxSc)+g.maxSc-2*g.minSc+2), uint8(g.cells-moves))
			return s
		}
		if s > alpha {
			alpha = s
		}
	}
	w.tt.put(key, uint8(min(max(alpha, g.minSc), g.maxSc)-g.minSc+1), uint8(g.cells-moves))
	return alpha
}
