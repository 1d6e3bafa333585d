package c4search

import (
	"math/bits"
	"sync/atomic"

	"github.com/grundy-go/grundy/games/connect4"
)

// geometry is what the search needs of a Shape, in plain fields for the
// hot path.
type geometry struct {
	s        *connect4.Shape
	w, h     int
	cells    int
	k        int
	bottom   uint64
	full     uint64
	col      [connect4.MaxWidth]uint64
	order    [connect4.MaxWidth]int // columns from the centre outwards
	dirs     [3]uint                // shifts of a step right, down-right and up-right
	good     [2]uint64              // the rows where a threat of the first (0) and second (1) player is worth most: odd and even rows (1-based), Allis' zugzwang rule
	evenH    bool                   // the height is even
	evenRows uint64                 // the cells of even rows (1-based)
	first    uint64                 // the cells the player to move gets under claimeven: rows r ≡ H (mod 2), 0-based
	minSc    int                    // no score is less: -(cells - 2(K-1))/2 (Pons' MIN_SCORE for K = 4)
	maxSc    int                    // no score is greater: (cells + 1 - 2(K-1))/2
}

func newGeometry(s *connect4.Shape) *geometry {
	g := &geometry{s: s, w: s.W, h: s.H, cells: s.W * s.H, k: s.K, bottom: s.BottomMask(), full: s.BoardMask()}
	for c := range s.W {
		g.col[c] = s.ColumnMask(c)
	}
	g.dirs = [3]uint{uint(s.H + 1), uint(s.H), uint(s.H + 2)}
	for c := range s.W {
		for r := range s.H {
			g.good[r%2] |= 1 << uint(c*(s.H+1)+r)
		}
	}
	g.evenH = s.H%2 == 0
	g.evenRows = g.good[1]
	for c := range s.W {
		// Rows H-2, H-4, … (0-based from the bottom): in a column with
		// an even number of empty cells, the first, third, … to fill.
		for r := s.H - 2; r >= 0; r -= 2 {
			g.first |= 1 << uint(c*(s.H+1)+r)
		}
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
	// Vertical: three stones below.
	r := (pos << 1) & (pos << 2) & (pos << 3)
	if g.h == 6 {
		// The standard height, with the steps as constants: shifts by
		// an immediate instead of a register (the search's most
		// called function).
		r |= gapCells(pos, 7) | gapCells(pos, 6) | gapCells(pos, 8)
	} else {
		for _, d := range g.dirs {
			r |= gapCells(pos, d)
		}
	}
	return r & (g.full ^ mask)
}

// gapCells has a bit on every cell that completes 4 in a row with the
// stones of pos along the direction of step d (a gap at any of the four
// places). Small enough to be inlined, so that a constant d gives
// immediate shifts. Shift counts are masked with 63 so that the compiler
// emits bare shifts (a Go shift by 64 or more must give 0, which costs
// three instructions per shift otherwise).
func gapCells(pos uint64, d uint) uint64 {
	d1, d2, d3 := d&63, (2*d)&63, (3*d)&63
	p := (pos << d1) & (pos << d2)
	q := (pos >> d1) & (pos >> d2)
	return p&(pos<<d3) | p&(pos>>d1) | q&(pos<<d1) | q&(pos>>d3)
}

// aligned reports whether pos holds K in a row.
func (g *geometry) aligned(pos uint64) bool {
	if g.k != 4 {
		return g.s.Aligned(pos)
	}
	if g.h == 6 {
		// The standard height with constant steps (see winning).
		return lineStarts(pos, 1)|lineStarts(pos, 7)|lineStarts(pos, 6)|lineStarts(pos, 8) != 0
	}
	if lineStarts(pos, 1) != 0 {
		return true
	}
	for _, d := range g.dirs {
		if lineStarts(pos, d) != 0 {
			return true
		}
	}
	return false
}

// lineStarts has a bit on the first cell of every 4 in a row of pos along
// the direction of step d (inlined like gapCells).
func lineStarts(pos uint64, d uint) uint64 {
	m := pos & (pos >> (d & 63))
	return m & (m >> ((2 * d) & 63))
}

// evensLoss bounds the score of a position whose opponent plays the
// evens strategy (see negamax) and gets the cells opp, mask being every
// stone: 0 when opp holds no line; otherwise the opponent wins at the
// latest when the last empty cell of one of its lines is filled, and the
// cells above that cell in its column are still empty then: at least U,
// the least number of cells above an empty cell of the line. With U of
// the line whose U is greatest, the opponent wins at the latest at move
// C−U (rounded down to its own moves, of the parity of C), which scores
// −(U/2+1), U rounded up to even, for the player to move
// (ChristopheSteininger/c4 bounds by the row of the line's top cells).
func (g *geometry) evensLoss(opp, mask uint64) int {
	best := -1
	step := uint64(g.h + 1)
	for _, d := range g.dirs {
		d1, d2 := d&63, (2*d)&63
		m := opp & (opp >> d1)
		lines := m & (m >> d2) // the first cell of each line of four
		for lines != 0 {
			x := uint64(bits.TrailingZeros64(lines))
			lines &= lines - 1
			u := g.h
			for i := range uint64(4) {
				y := (x + i*uint64(d)) & 63
				if mask>>y&1 == 0 {
					u = min(u, g.h-1-int(y%step))
				}
			}
			best = max(best, u)
		}
	}
	if best < 0 {
		return 0
	}
	return -((best+1)/2 + 1)
}

// symPlies: positions of fewer stones are stored under the lesser key of
// the position and its mirror image, which have the same score; deeper,
// mirror-symmetric transpositions are rare and the mirror costs more than
// it saves.
const symPlies = 20

// key is the table key of a position of n stones (Pons' perfect key,
// made symmetric near the root), and whether it is the mirror image's.
func (g *geometry) key(cur, mask uint64, n int) (uint64, bool) {
	if n >= deadPlies {
		cur |= g.dead(cur, mask)
	}
	k := cur + mask + g.bottom
	if n >= symPlies {
		return k, false
	}
	var m uint64
	step := uint(g.h+1) & 63
	colBits := uint64(1)<<step - 1
	for c := range g.w {
		m |= (k >> ((uint(c) * step) & 63) & colBits) << ((uint(g.w-1-c) * step) & 63)
	}
	if m < k {
		return m, true
	}
	return k, false
}

// deadPlies: positions of fewer stones have no dead stone worth finding.
const deadPlies = 12

// dead is a set of stones that can never be part of a line of either
// player, such that every position that differs from cur only in the
// colour of those stones has the same score: the key gives them to the
// player to move, so that such positions share a table entry (the "dead
// stones" of ChristopheSteininger/c4, found here by another rule).
//
// A stone is near when an empty cell lies one or two steps from it in
// some direction; near stones are never dead. A stone that is not near
// lies in no line with an empty cell except a line with the empty cell
// three steps away, whose two middle stones are near; the stone is dead
// when in every such line the middle stones differ in colour. The lines
// through a dead stone that still have an empty cell so hold both colours
// among stones that are never dead: they stay dead for both players
// whatever colour the dead stones take, and the rest of the lines are
// full. The set depends only on the mask and the colours of near stones,
// which the key keeps, so positions with one key differ only in dead
// stones. Shifts that wrap around a column only add near or live stones:
// the set is smaller, never wrong.
func (g *geometry) dead(cur, mask uint64) uint64 {
	if g.k != 4 {
		return 0
	}
	empty := g.full &^ mask
	near := (empty << 1) | (empty >> 1) | (empty >> 2)
	if g.h == 6 {
		// Constant steps (see winning).
		near |= nearCells(empty, 7) | nearCells(empty, 6) | nearCells(empty, 8)
	} else {
		for _, d := range g.dirs {
			near |= nearCells(empty, d)
		}
	}
	far := mask &^ near
	if far == 0 {
		return 0
	}
	opp := cur ^ mask
	// Vertical: the empty cell three above, the two between of one colour.
	live := (empty >> 3) & (((cur >> 1) & (cur >> 2)) | ((opp >> 1) & (opp >> 2)))
	if g.h == 6 {
		live |= liveCells(empty, cur, opp, 7) | liveCells(empty, cur, opp, 6) | liveCells(empty, cur, opp, 8)
	} else {
		for _, d := range g.dirs {
			live |= liveCells(empty, cur, opp, d)
		}
	}
	return far &^ live
}

// nearCells has a bit on every cell one or two steps d from an empty cell,
// either way (inlined like gapCells).
func nearCells(empty uint64, d uint) uint64 {
	d1, d2 := d&63, (2*d)&63
	return (empty << d1) | (empty >> d1) | (empty << d2) | (empty >> d2)
}

// liveCells has a bit on every cell whose line along step d, either way,
// ends three steps away on an empty cell with the two stones between of
// one colour (see dead; inlined like gapCells).
func liveCells(empty, cur, opp uint64, d uint) uint64 {
	d1, d2, d3 := d&63, (2*d)&63, (3*d)&63
	return (empty>>d3)&(((cur>>d1)&(cur>>d2))|((opp>>d1)&(opp>>d2))) |
		(empty<<d3)&(((cur<<d1)&(cur<<d2))|((opp<<d1)&(opp<<d2)))
}

// storeMove is column c as the table stores it: +1, mirrored when the key
// is the mirror image's.
func (g *geometry) storeMove(c int, mirrored bool) int {
	if mirrored {
		c = g.w - 1 - c
	}
	return c + 1
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

// worker is one thread's search. Its counters change at every node: the
// padding keeps two workers (allocated one after the other) off each
// other's cache lines, which would otherwise bounce between the cores at
// every node of both threads (false sharing).
type worker struct {
	_       [falseSharingPad]byte
	id      int // 0 for the main thread
	g       *geometry
	tt      *table
	nodes   int64 // since the last poll
	count   int64 // every node of the worker
	abort   bool
	cancel  atomic.Bool // stop this worker's test (set by the scheduler)
	med     int         // the worker's test: is the score > med? (noTest when none)
	seq     int         // the test's place in the main line of tests
	jitter  int         // the worker's move-order noise on this test (see negamax)
	etc     bool        // look children up (set once the search is long)
	order   [connect4.MaxWidth]int
	poller  func() bool // reports whether to stop; called every pollAt nodes
	pollAt  int64       // pollEvery, or less in tests
	rng     uint64      // a helper's noise (xorshift state; see negamax's jitter)
	busy    *busyTable  // the threads' marks (nil with one thread)
	salt    uint64      // the test's salt of busy marks: threads on other tests do not wait for each other
	deferAt int         // positions with more empty cells than this are marked (deferEmpty, less in tests)
	defers  int64       // children deferred (for tests)
	_       [falseSharingPad]byte
}

// falseSharingPad is two cache lines: x86 processors fetch lines in
// adjacent pairs.
const falseSharingPad = 128

// noise returns a pseudo-random number in [0, n).
func (w *worker) noise(n int) int {
	w.rng ^= w.rng << 13
	w.rng ^= w.rng >> 7
	w.rng ^= w.rng << 17
	return int(w.rng % uint64(n))
}

const pollEvery = 1 << 12

// etcEmpty: the children are looked up in the table (enhanced
// transposition cutoff) at positions with more empty cells than this,
// once a call has searched etcAfter nodes.
const (
	etcEmpty = 10
	etcAfter = 1 << 20
)

// Scores stored in the table: an upper bound v as v - minSc + 1, a lower
// bound as v + maxSc - 2*minSc + 2 (Pons' encoding); 0 means no entry.

// lowerEntry and upperEntry encode a bound for the table, clamped to the
// global bounds (weaker, still true, and within the encoding).
func (g *geometry) lowerEntry(s int) int {
	return min(max(s, g.minSc), g.maxSc) + g.maxSc - 2*g.minSc + 2
}
func (g *geometry) upperEntry(s int) int { return min(max(s, g.minSc), g.maxSc) - g.minSc + 1 }

// entryBound decodes a table value v (not 0, which is no entry): a lower
// bound (lower) or an upper bound.
func (g *geometry) entryBound(v int) (s int, lower bool) {
	if v > g.maxSc-g.minSc+1 {
		return v + 2*g.minSc - g.maxSc - 2, true
	}
	return v + g.minSc - 1, false
}

// evensBound is the claimeven / evens-strategy upper bound of the score of
// a position of moves stones where the player to move (cur) can neither
// win at once nor lose at the opponent's next stone; g.maxSc when neither
// rule applies. alpha only decides whether the finer (and dearer) bound by
// time is worth computing.
//
// Claimeven (Allis 1988): when every column has an even number of empty
// cells, the opponent can answer each move on top of it and so take every
// empty cell of an even row; the player to move then gets at most the
// empty cells of odd rows, and if those with its stones hold no line it
// cannot win: its score is at most 0.
//
// On boards of even height with the first player to move, the opponent's
// claimeven goes further (the "evens strategy" of ChristopheSteininger/c4):
// the columns whose playable cell is on an even row (1-based) are even in
// number, and the opponent answers a move there with another such cell,
// any other move on top of it. It so takes every empty even-row cell that
// is not playable now, and the player to move never plays anything but
// odd-row cells and the playable even-row ones. If those with its stones
// hold no line, the player cannot win (score at most 0); if moreover the
// opponent's cells hold a line, the opponent wins (see evensLoss).
func (g *geometry) evensBound(cur, mask uint64, moves, alpha int) int {
	if g.evenH && moves&1 == 0 {
		poss := g.possible(mask)
		opp := (cur ^ mask) | (g.evenRows &^ mask &^ poss)
		if !g.aligned(g.full &^ opp) {
			if alpha < -1 {
				return g.evensLoss(opp, mask)
			}
			if g.aligned(opp) {
				return -1
			}
			return 0
		}
		return g.maxSc
	}
	poss := g.possible(mask)
	if poss&g.first == poss && !g.aligned(cur|(g.first&^mask)) {
		return 0
	}
	return g.maxSc
}

// node is a position on the way down: a child of the position being
// searched, moved along its chain of forced moves by static.
type node struct {
	cur, mask uint64
	key       uint64 // its table key, when it is looked up (etc)
	moves     int32
	order     int32 // the move's promise (greater first)
	value     int16 // its entry (see table.get), when looked
	col       int8  // the parent's move
	move      int8
	mirrored  bool // the key is the mirror image's
	looked    bool // its entry was read: value, move
}

// static evaluates a position without search (ChristopheSteininger/c4's
// static search), within (alpha, beta): the player to move cannot win with
// one stone. It returns (s, true) when that decides the search: s >= beta
// is a lower bound, s <= alpha an upper bound, between them the score.
// Otherwise nd has moved along the chain of forced moves (a block of the
// opponent's only immediate win, or the only move that does not lose at
// once: the other moves lose at once, the worst score there is, so the
// forced move's score is the position's, negated) to a position that
// needs a search (s is then 0 and means nothing). oppTh is the winning
// cells of nd's opponent (the caller has them: the player who just moved).
func (w *worker) static(nd *node, oppTh uint64, alpha, beta int) (int, bool) {
	g := w.g
	cur, mask, moves := nd.cur, nd.mask, int(nd.moves)
	opp := cur ^ mask
	poss := g.possible(mask)
	next := poss
	if forced := poss & oppTh; forced != 0 {
		if forced&(forced-1) != 0 {
			return -(g.cells - moves) / 2, true
		}
		next = forced
	}
	next &^= oppTh >> 1
	if next == 0 {
		// Every move lets the opponent win with its next stone.
		return -(g.cells - moves) / 2, true
	}
	if moves >= g.cells-2 {
		return 0, true
	}
	// Neither a win with this stone nor a loss to the next one: the score
	// lies between a loss to the opponent's second stone and a win with
	// the player's second.
	if lo := -(g.cells - 2 - moves) / 2; lo >= beta {
		return lo, true
	} else if alpha < lo {
		alpha = lo
	}
	if hi := (g.cells - 1 - moves) / 2; hi <= alpha {
		return hi, true
	} else if beta > hi {
		beta = hi
	}
	if next&(next-1) == 0 {
		nd.cur, nd.mask, nd.moves = opp, mask|next, int32(moves+1)
		s, ok := w.static(nd, g.winning(cur|next, mask|next), -beta, -alpha)
		if ok {
			return -s, true
		}
		return 0, false
	}
	if hi := g.evensBound(cur, mask, moves, alpha); hi < beta {
		if hi <= alpha {
			return hi, true
		}
		beta = hi
	}
	return 0, false
}

// negamax returns a fail-hard bound of the score of a position where the
// player to move cannot win with one stone, within (alpha, beta).
//
// jitter desynchronises lazy SMP's helpers (ChristopheSteininger/c4's
// scheme): its last decimal digit d adds noise in [0, d] to the promise of
// each move here, and a child gets jitter/10, or the whole jitter when its
// move's promise is apart from its neighbours' by more than the noise (the
// noise could not have reordered it). The main thread's jitter is 0.
//
// pre, when not nil, is the position as its parent's enhanced
// transposition cutoff left it: its key and the entry read then, which
// the search uses instead of computing the key and reading the table
// again (an entry is a proof and stays true; ChristopheSteininger/c4
// does the same): one random memory access fewer per such node.
func (w *worker) negamax(cur, mask uint64, moves int, alpha, beta, jitter int, pre *node) int {
	w.nodes++
	w.count++
	start := w.count
	if w.nodes >= w.pollAt && w.poller() {
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
	if hi := g.evensBound(cur, mask, moves, alpha); hi < beta {
		beta = hi
		if alpha >= beta {
			return beta
		}
	}
	if next&(next-1) == 0 {
		// One move: searched without the table (its child has it).
		s := -w.negamax(cur^mask, mask|next, moves+1, -beta, -alpha, jitter, nil)
		if w.abort {
			return 0
		}
		return s
	}
	// The table's bucket is fetched while the children are evaluated.
	var key uint64
	var mirrored bool
	if pre != nil && pre.looked {
		key, mirrored = pre.key, pre.mirrored
	} else {
		key, mirrored = g.key(cur, mask, moves)
		w.tt.touch(key)
	}
	// Every child is evaluated statically first (its chain of forced
	// moves followed, its table entry looked up): one that decides the
	// window cuts before any child is searched. The rest are ordered:
	// most new threats first, ties towards the centre.
	var kids [connect4.MaxWidth]node
	n := 0
	opp := cur ^ mask
	oppTh := g.winning(opp, mask)
	// Far from the leaves, in long searches only: each lookup is a
	// likely cache miss, which pays only once the table is warm.
	etc := w.etc && g.cells-moves-1 > etcEmpty
	for i := g.w - 1; i >= 0; i-- {
		m := next & g.col[w.order[i]]
		if m == 0 {
			continue
		}
		mask2 := mask | m
		nd := node{cur: opp, mask: mask2, moves: int32(moves + 1), col: int8(w.order[i])}
		// The mover's winning cells after m: the child's opponent's
		// threats for static, and the move's promise below.
		th := g.winning(cur|m, mask2)
		if s, ok := w.static(&nd, th, -beta, -alpha); ok {
			if s = -s; s >= beta {
				w.tt.put(key, g.lowerEntry(s), g.storeMove(w.order[i], mirrored), 1)
				return s
			}
			alpha = max(alpha, s)
			continue
		}
		if etc && g.cells-int(nd.moves) > etcEmpty {
			nd.key, nd.mirrored = g.key(nd.cur, nd.mask, int(nd.moves))
			w.tt.touch(nd.key)
		}
		// Threats the opponent cannot block at once count more: those one
		// cell above a playable cell (the next-but-one turn's), then
		// those on the rows that win zugzwang for this player.
		th &^= oppTh << 1 // above an opponent's threat: never played
		nd.order = int32(2*bits.OnesCount64(th) + bits.OnesCount64(th&g.good[moves&1]) + 2*bits.OnesCount64(th&(g.possible(mask2)<<1)))
		if jitter%10 != 0 {
			nd.order += int32(w.noise(jitter%10 + 1))
		}
		kids[n] = nd
		n++
	}
	eldest := true // no child was refuted by the table: the first to search is the first of all
	if etc {
		// Enhanced transposition cutoff: the entries of the positions
		// the children's forced moves lead to, fetched together above.
		// Such a position's score is the child's, negated when the
		// chain leaves the opponent to move.
		k := 0
		for _, nd := range kids[:n] {
			if nd.key != 0 {
				v, m := w.tt.get(nd.key)
				nd.looked, nd.value, nd.move = true, int16(v), int8(m)
				if v != 0 {
					e, lower := g.kidBound(&nd, moves)
					if lower {
						if e >= beta {
							w.tt.put(key, g.lowerEntry(e), g.storeMove(int(nd.col), mirrored), 1)
							return e
						}
						alpha = max(alpha, e)
					} else if e <= alpha {
						continue // refuted: it cannot raise alpha
					}
				}
			}
			kids[k] = nd
			k++
		}
		eldest = k == n
		n = k
	}
	// Most promise first: searched from the end.
	for i := 1; i < n; i++ {
		for j := i; j > 0 && kids[j-1].order > kids[j].order; j-- {
			kids[j], kids[j-1] = kids[j-1], kids[j]
		}
	}
	if n == 0 {
		w.tt.put(key, g.upperEntry(alpha), 0, 1)
		return alpha
	}
	// No move wins with the next stone: the best left is a win with the
	// one after.
	if hi := (g.cells - 3 - moves) / 2; beta > hi {
		beta = hi
		if alpha >= beta {
			return beta
		}
	}
	var v, tmove int
	if pre != nil && pre.looked {
		v, tmove = int(pre.value), int(pre.move)
	} else {
		v, tmove = w.tt.get(key)
	}
	if v != 0 {
		if s, lower := g.entryBound(v); lower {
			if alpha < s {
				alpha = s
				if alpha >= beta {
					return alpha
				}
			}
		} else if beta > s {
			beta = s
			if alpha >= beta {
				return beta
			}
		}
	}
	if tmove != 0 {
		// The move that proved the stored lower bound first.
		tcol := tmove - 1
		if mirrored {
			tcol = g.w - 1 - tcol
		}
		for k := range n - 1 {
			if int(kids[k].col) == tcol {
				t := kids[k]
				copy(kids[k:n-1], kids[k+1:n])
				t.order = 1 << 10
				kids[n-1] = t
				break
			}
		}
	}
	if w.busy != nil && g.cells-moves > w.deferAt {
		return w.sharedKids(&kids, n, eldest, key, mirrored, moves, alpha, beta, jitter, start)
	}
	for k := n - 1; k >= 0; k-- {
		kd := &kids[k]
		cj := kidJitter(&kids, k, n, jitter)
		// w.child, by hand: Go inlines no call of a recursion.
		var s int
		if (int(kd.moves)-moves)&1 == 1 {
			s = -w.negamax(kd.cur, kd.mask, int(kd.moves), -beta, -alpha, cj, kd)
		} else {
			s = w.negamax(kd.cur, kd.mask, int(kd.moves), alpha, beta, cj, kd)
		}
		if w.abort {
			return 0
		}
		if s >= beta {
			w.tt.put(key, g.lowerEntry(s), g.storeMove(int(kd.col), mirrored), w.count-start+1)
			return s
		}
		if s > alpha {
			alpha = s
		}
	}
	w.tt.put(key, g.upperEntry(alpha), 0, w.count-start+1)
	return alpha
}

// child searches kid kd of a position of moves stones within (alpha,
// beta), for the position's player to move.
func (w *worker) child(kd *node, moves, alpha, beta, jitter int) int {
	if (int(kd.moves)-moves)&1 == 1 {
		return -w.negamax(kd.cur, kd.mask, int(kd.moves), -beta, -alpha, jitter, kd)
	}
	return w.negamax(kd.cur, kd.mask, int(kd.moves), alpha, beta, jitter, kd)
}

// sharedKids is negamax's search of the kids of a position near the root
// (more than deferAt empty cells) when other threads search beside this
// one (see busyTable): the position is marked as searched while its kids
// are, and a kid that another thread is searching waits until the others
// are done, its entry read again then. The first kid of all (eldest: the
// table refuted none) is never deferred: at a node that cuts, it most
// often cuts alone; once the table has refuted kids, the position is one
// whose every kid must be searched, and the threads share them all.
// key and start are negamax's, for the entry it stores.
func (w *worker) sharedKids(kids *[connect4.MaxWidth]node, n int, eldest bool, key uint64, mirrored bool, moves, alpha, beta, jitter int, start int64) int {
	g := w.g
	mark := w.busy.enter(busyTag(key, w.salt))
	defer w.busy.leave(mark)
	var deferred uint32 // the kids deferred, by index
	for pass := 0; pass < 2; pass++ {
		for k := n - 1; k >= 0; k-- {
			kd := &kids[k]
			if pass == 0 && (k != n-1 || !eldest) && kd.looked && w.busy.taken(busyTag(kd.key, w.salt)) {
				deferred |= 1 << k
				w.defers++
				continue
			}
			if pass == 1 {
				if deferred>>k&1 == 0 {
					continue
				}
				// Another thread was searching it: its entry now.
				v, m := w.tt.get(kd.key)
				kd.value, kd.move = int16(v), int8(m)
				if v != 0 {
					if e, lower := g.kidBound(kd, moves); lower && e >= beta {
						w.tt.put(key, g.lowerEntry(e), g.storeMove(int(kd.col), mirrored), w.count-start+1)
						return e
					} else if lower {
						alpha = max(alpha, e)
					} else if e <= alpha {
						continue // refuted meanwhile
					}
				}
			}
			s := w.child(kd, moves, alpha, beta, kidJitter(kids, k, n, jitter))
			if w.abort {
				return 0
			}
			if s >= beta {
				w.tt.put(key, g.lowerEntry(s), g.storeMove(int(kd.col), mirrored), w.count-start+1)
				return s
			}
			alpha = max(alpha, s)
		}
		if deferred == 0 {
			break
		}
	}
	w.tt.put(key, g.upperEntry(alpha), 0, w.count-start+1)
	return alpha
}

// kidJitter is the jitter of kid k of n (see negamax): jitter/10, or the
// whole jitter when the kid's promise stands apart from its neighbours'
// by more than the noise.
func kidJitter(kids *[connect4.MaxWidth]node, k, n, jitter int) int {
	cj := jitter / 10
	kd := &kids[k]
	if d := int32(jitter % 10); jitter != 0 && (k == n-1 || kids[k+1].order > kd.order+d) && (k == 0 || kids[k-1].order < kd.order-d) {
		cj = jitter
	}
	return cj
}

// kidBound decodes the entry read for nd, a child of a position of moves
// stones (its value is not 0), as a bound of the child's score for the
// parent's player to move: negated when nd's chain of forced moves
// leaves the opponent to move.
func (g *geometry) kidBound(nd *node, moves int) (int, bool) {
	e, lower := g.entryBound(int(nd.value))
	if (int(nd.moves)-moves)&1 == 1 {
		e, lower = -e, !lower
	}
	return e, lower
}
