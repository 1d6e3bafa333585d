package othello

import (
	"context"
	"math/bits"
	"unsafe"

	"github.com/grundy-go/grundy/budget"
)

// The search: negamax over exact disc margins with alpha-beta and null
// windows (principal variation search, Marsland and Campbell 1982;
// negascout, Reinefeld 1983), a transposition table of bounds, enhanced
// transposition cutoffs (Plaat, Schaeffer, Pijls and de Bruin 1996),
// and fastest-first move ordering (the move that leaves the opponent the
// fewest replies first, the heuristic of endgame solvers since Zebra and
// Edax). Scores are margins for the player to move, so that a node's
// value is the greatest of its children's negated values; both players
// maximise their own final margin. A position and its images under the
// board's symmetries share an entry (symmetry.go).

// noBound marks a bound a table entry does not hold: margins are at most
// 64 either way.
const noBound = 100

// ttEntry holds bounds on the margin of the position (me to move, opp
// the other player) as seen through symmetry key: lo ≤ margin ≤ hi, and
// the cell of the best move found, in the key's frame (-1 for none).
type ttEntry struct {
	me, opp uint64
	lo, hi  int8
	move    int8
	empties uint8
}

// EntryBytes is the size of one transposition table entry.
const EntryBytes = int64(unsafe.Sizeof(ttEntry{}))

// MinTTSize is the smallest transposition table the search takes.
const MinTTSize = 1 << 12

// DefaultTTSize is the table's size when nothing else is asked for.
const DefaultTTSize = 256 << 20

// Tuning, each set from measurements on 6x6 (BENCHMARKS.md): positions
// with fewer empty cells than ttFrom are searched without the table (a
// probe costs more than the few nodes it saves), with fewer than
// orderFrom without ordering by mobility; the table keys positions by
// their least image from symFrom empties, and tries enhanced
// transposition cutoffs from etcFrom.
var (
	ttFrom         = 7
	orderFrom      = 7
	symFrom        = 12
	etcFrom        = 12
	estimateFrom   = 16
	estimateDepth  = 2
	mobilityWeight = 0
)

// Solver searches the positions of one board for their exact margins.
// It keeps its transposition table from one search to the next; it is
// not safe for concurrent use.
type Solver struct {
	b        *Board
	tt       []ttEntry
	ttMask   uint64
	nodes    int64
	maxNodes int64
	ctx      context.Context
	// OnProbe, when set, is told the bounds lo ≤ value ≤ hi known after
	// each null-window search at the root, and the nodes so far: a long
	// search's progress (the winner is known once lo > 0 or hi < 0).
	OnProbe func(lo, hi int, nodes int64)
	// OnNodes, when set, is told the nodes visited every 2^16 of them.
	OnNodes func(nodes int64)
	// classes are the cells in the order a shallow search tries them:
	// corners, then edges, then the inner cells, the cells next to a
	// corner last (they give the corner away).
	classes [4]uint64
	// quads are the board's four quarters: near the end a move into a
	// quarter with an odd number of empty cells comes first (parity: the
	// player who fills a region last there keeps its discs).
	quads [4]uint64
	// around[sq] is the cells next to sq: a move there needs an
	// opponent's disc among them.
	around [64]uint64
	lines  *stabilityLines
}

// NewSolver returns a solver for b with a transposition table of about
// ttBytes bytes (at least MinTTSize) and no bound on its nodes.
func NewSolver(b *Board, ttBytes int64) *Solver {
	n := uint64(1)
	for int64(n*2)*EntryBytes <= max(ttBytes, MinTTSize) {
		n *= 2
	}
	s := &Solver{b: b, tt: make([]ttEntry, n), ttMask: n - 1}
	s.clearTable()
	var corners, nextToCorner, edges uint64
	for r := range b.H {
		for c := range b.W {
			x := b.bit(r, c)
			rEdge, cEdge := r == 0 || r == b.H-1, c == 0 || c == b.W-1
			rNear, cNear := r <= 1 || r >= b.H-2, c <= 1 || c >= b.W-2
			switch {
			case rEdge && cEdge:
				corners |= x
			case rNear && cNear:
				nextToCorner |= x
			case rEdge || cEdge:
				edges |= x
			}
		}
	}
	s.classes = [4]uint64{corners, edges, b.full &^ (corners | edges | nextToCorner), nextToCorner}
	s.lines = newStabilityLines(b)
	for r := range b.H {
		for c := range b.W {
			q := 0
			if r >= b.H/2 {
				q += 2
			}
			if c >= b.W/2 {
				q++
			}
			s.quads[q] |= b.bit(r, c)
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					if i, j := r+dr, c+dc; (dr != 0 || dc != 0) && i >= 0 && i < b.H && j >= 0 && j < b.W {
						s.around[r*b.W+c] |= b.bit(i, j)
					}
				}
			}
		}
	}
	return s
}

func (s *Solver) clearTable() {
	for i := range s.tt {
		s.tt[i] = ttEntry{lo: -noBound, hi: noBound, move: -1}
	}
}

// Nodes is the number of positions visited so far, counted with repeats.
func (s *Solver) Nodes() int64 { return s.nodes }

// abort carries an error out of the recursion.
type abort struct{ err error }

// poll stops the search, every 2^16 nodes, when the context is done or
// the node bound is passed.
func (s *Solver) poll() {
	if s.OnNodes != nil {
		s.OnNodes(s.nodes)
	}
	if s.maxNodes > 0 && s.nodes > s.maxNodes {
		panic(abort{budget.Exceed(budget.Nodes, s.maxNodes, "the search visited more than %d nodes without finishing", s.maxNodes)})
	}
	if s.ctx != nil {
		if err := s.ctx.Err(); err != nil {
			panic(abort{err})
		}
	}
}

// run calls f, turning an abort into its error.
func (s *Solver) run(ctx context.Context, maxNodes int64, f func()) (err error) {
	s.ctx, s.maxNodes = ctx, maxNodes
	defer func() {
		if r := recover(); r != nil {
			a, ok := r.(abort)
			if !ok {
				panic(r)
			}
			err = a.err
		}
	}()
	f()
	return nil
}

// Value is the margin of p for the player to move under perfect play.
func (s *Solver) Value(ctx context.Context, p Pos, maxNodes int64) (v int, err error) {
	err = s.run(ctx, maxNodes, func() { v = s.exact(p.Mover(), p.Opponent(), 0) })
	return v, err
}

// MoveValue is one move of a position with its margin for the player
// making it (the negated margin of the position it leaves).
type MoveValue struct {
	Cell     int // the cell played, -1 for a pass
	Position Pos
	Margin   int
}

// Analysis is a position solved with each of its moves.
type Analysis struct {
	Margin int         // for the player to move
	Moves  []MoveValue // in cell order; the pass alone when it is forced
	Over   bool        // neither player can move
	Nodes  int64       // visited by this analysis
}

// Analyze solves p and each of its moves exactly.
func (s *Solver) Analyze(ctx context.Context, p Pos, maxNodes int64) (*Analysis, error) {
	start := s.nodes
	a := &Analysis{}
	err := s.run(ctx, maxNodes, func() {
		me, opp := p.Mover(), p.Opponent()
		m := s.b.movesOf(me, opp)
		if m == 0 {
			if s.b.movesOf(opp, me) == 0 {
				a.Over, a.Margin = true, s.b.finalMargin(me, opp)
				return
			}
			q := s.b.Pass(p)
			v := -s.exact(opp, me, 0)
			a.Moves = []MoveValue{{Cell: -1, Position: q, Margin: v}}
			a.Margin = v
			return
		}
		a.Margin = -noBound
		guess := 0
		for ; m != 0; m &= m - 1 {
			sq := bits.TrailingZeros64(m)
			q := s.b.Play(p, sq)
			v := -s.exact(q.Mover(), q.Opponent(), -guess)
			guess = v
			a.Moves = append(a.Moves, MoveValue{Cell: sq, Position: q, Margin: v})
			a.Margin = max(a.Margin, v)
		}
	})
	a.Nodes = s.nodes - start
	if err != nil {
		return nil, err
	}
	return a, nil
}

// exact is the margin of (me, opp): null-window searches, each asking
// whether the value reaches a test point, from the guess on (MTD(f),
// Plaat et al. 1996): each answer is a bound that the table keeps, and
// the next test point is the bound just learnt. Narrow windows prune far
// more than a full one (Feinstein: "my endgame analyser is comparatively
// slow if it is not working in a small window"). On a board of an even
// number of cells every final margin is even (the discs and the empties
// counted for the winner add up to the cells), so test points are even.
func (s *Solver) exact(me, opp uint64, guess int) int {
	lo, hi := -s.b.Cells(), s.b.Cells()
	t := guess &^ 1
	for lo < hi {
		// Ask whether value >= t, with t in (lo, hi].
		t = min(max(t, lo+2), hi)
		if v := s.pvs(me, opp, t-1, t); v >= t {
			lo, t = v, v+2
		} else {
			hi, t = v, v
		}
		if s.OnProbe != nil {
			s.OnProbe(lo, hi, s.nodes)
		}
	}
	return lo
}

// probe finds the entry of (me, opp) as keyed by its frame.
func (s *Solver) probe(kme, kopp uint64) *ttEntry {
	h := (kme*0x9e3779b97f4a7c15 ^ kopp*0xc2b2ae3d27d4eb4f) >> 17
	i := h & s.ttMask &^ 1
	e := &s.tt[i]
	if e.me == kme && e.opp == kopp {
		return e
	}
	if f := &s.tt[i+1]; f.me == kme && f.opp == kopp {
		return f
	}
	return nil
}

// store records lo ≤ value ≤ hi for (kme, kopp), merging with what the
// table knows of it; a new position replaces the bucket's entry with
// fewer empties (the cheaper one to search again).
func (s *Solver) store(kme, kopp uint64, empties, lo, hi, move int) {
	h := (kme*0x9e3779b97f4a7c15 ^ kopp*0xc2b2ae3d27d4eb4f) >> 17
	i := h & s.ttMask &^ 1
	e := &s.tt[i]
	if !(e.me == kme && e.opp == kopp) {
		f := &s.tt[i+1]
		switch {
		case f.me == kme && f.opp == kopp:
			e = f
		default:
			if f.empties < e.empties {
				e = f
			}
			*e = ttEntry{me: kme, opp: kopp, lo: -noBound, hi: noBound, move: -1, empties: uint8(empties)}
		}
	}
	e.lo = int8(max(int(e.lo), lo))
	e.hi = int8(min(int(e.hi), hi))
	if move >= 0 {
		e.move = int8(move)
	}
}

// key is the frame a position of n empty cells is kept in: its least
// image from symFrom empties, itself below (an image costs more than it
// saves near the end).
func (s *Solver) key(me, opp uint64, n int) (kme, kopp uint64, sym int) {
	if n >= symFrom {
		return s.b.canonicalMover(me, opp)
	}
	return me, opp, 0
}

type moveItem struct {
	sq      int
	me, opp uint64 // the position it leaves, its mover first
	order   int
}

// pvs is the fail-soft negamax value of (me, opp) within (alpha, beta):
// the exact value when it lies inside, else a bound on the side it falls.
func (s *Solver) pvs(me, opp uint64, alpha, beta int) int {
	s.nodes++
	if s.nodes&0xffff == 0 {
		s.poll()
	}
	b := s.b
	empty := b.full &^ (me | opp)
	n := bits.OnesCount64(empty)
	if n < ttFrom {
		return s.shallow(me, opp, alpha, beta)
	}
	moves := b.movesOf(me, opp)
	if moves == 0 {
		if b.movesOf(opp, me) == 0 {
			return b.finalMargin(me, opp)
		}
		return -s.pvs(opp, me, -beta, -alpha)
	}
	// Stability cutoff: the opponent's stable discs bound the margin
	// from above; worth computing only when even all of its discs would
	// bring the bound down to alpha.
	if cells := b.Cells(); cells-2*bits.OnesCount64(opp) <= alpha {
		if ub := cells - 2*b.stableCount(s.lines, opp, me|opp); ub <= alpha {
			return ub
		}
	}
	kme, kopp, sym := s.key(me, opp, n)
	ttMove := -1
	if e := s.probe(kme, kopp); e != nil {
		lo, hi := int(e.lo), int(e.hi)
		switch {
		case lo >= beta:
			return lo
		case hi <= alpha:
			return hi
		case lo == hi:
			return lo
		}
		alpha, beta = max(alpha, lo), min(beta, hi)
		if e.move >= 0 {
			ttMove = s.b.sym.inv[sym][e.move]
		}
	}
	var list [32]moveItem
	k := 0
	for m := moves; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		f := b.flips(me, opp, sq)
		it := &list[k]
		k++
		it.sq, it.me, it.opp = sq, opp&^f, me|f|1<<sq
		if n >= etcFrom {
			// Enhanced transposition cutoff: a child known to be worth at
			// most hi to the opponent is worth at least -hi here.
			cme, copp, _ := s.key(it.me, it.opp, n-1)
			if e := s.probe(cme, copp); e != nil && -int(e.hi) >= beta {
				return -int(e.hi)
			}
		}
		switch {
		case sq == ttMove:
			it.order = -1 << 20
		case n >= estimateFrom:
			// Far from the end: the move that a short search likes best.
			it.order = s.estimate(it.me, it.opp, estimateDepth, -1<<20, 1<<20)
		case n >= orderFrom:
			// Fastest first: the opponent's replies, fewest first, a corner
			// before anything else.
			it.order = bits.OnesCount64(b.movesOf(it.me, it.opp)) * 16
			if s.classes[0]&(1<<sq) != 0 {
				it.order -= 64
			}
		}
	}
	items := list[:k]
	// Insertion sort: a handful of moves.
	for i := 1; i < len(items); i++ {
		for j := i; j > 0 && items[j].order < items[j-1].order; j-- {
			items[j], items[j-1] = items[j-1], items[j]
		}
	}
	a0, b0 := alpha, beta
	best, bestSq := -noBound, -1
	for i := range items {
		it := &items[i]
		var v int
		if i == 0 {
			v = -s.pvs(it.me, it.opp, -beta, -alpha)
		} else {
			v = -s.pvs(it.me, it.opp, -alpha-1, -alpha)
			if v > alpha && v < beta {
				v = -s.pvs(it.me, it.opp, -beta, -v)
			}
		}
		if v > best {
			best, bestSq = v, it.sq
			if v > alpha {
				alpha = v
				if alpha >= beta {
					break
				}
			}
		}
	}
	lo, hi := -noBound, noBound
	switch {
	case best <= a0:
		hi = best
	case best >= b0:
		lo = best
	default:
		lo, hi = best, best
	}
	s.store(kme, kopp, n, lo, hi, s.b.sym.perm[sym][bestSq])
	return best
}

// shallow is pvs near the end: plain fail-soft alpha-beta without the
// table over the few empty cells, each tried by its flips (a cell with
// no opponent's disc next to it is skipped at once), those in quarters
// with an odd number of empty cells first, and within those the cells by
// class (corners first).
func (s *Solver) shallow(me, opp uint64, alpha, beta int) int {
	s.nodes++
	b := s.b
	empty := b.full &^ (me | opp)
	if empty&(empty-1) == 0 {
		return s.lastCell(me, opp, empty)
	}
	if cells := b.Cells(); cells-2*bits.OnesCount64(opp) <= alpha && bits.OnesCount64(empty) >= 4 {
		if ub := cells - 2*b.stableCount(s.lines, opp, me|opp); ub <= alpha {
			return ub
		}
	}
	var odd uint64
	for _, q := range s.quads {
		if bits.OnesCount64(empty&q)&1 != 0 {
			odd |= q
		}
	}
	best := -noBound
	for _, part := range [2]uint64{empty & odd, empty &^ odd} {
		for _, class := range s.classes {
			for m := part & class; m != 0; m &= m - 1 {
				sq := bits.TrailingZeros64(m)
				if s.around[sq]&opp == 0 {
					continue
				}
				f := b.flips(me, opp, sq)
				if f == 0 {
					continue
				}
				v := -s.shallow(opp&^f, me|f|1<<sq, -beta, -max(alpha, best))
				if v > best {
					best = v
					if v >= beta {
						return v
					}
				}
			}
		}
	}
	if best == -noBound {
		// No move: a pass, or the end.
		if b.movesOf(opp, me) == 0 {
			return b.finalMargin(me, opp)
		}
		return -s.shallow(opp, me, -beta, -alpha)
	}
	return best
}

// lastCell is the margin of (me, opp) with one empty cell, last: the
// player to move fills it if it flips, else the other player if it
// flips for them, else the game ends with it empty.
func (s *Solver) lastCell(me, opp, last uint64) int {
	b := s.b
	sq := bits.TrailingZeros64(last)
	if f := b.flips(me, opp, sq); f != 0 {
		s.nodes++
		return b.finalMargin(me|f|last, opp&^f)
	}
	if f := b.flips(opp, me, sq); f != 0 {
		s.nodes++
		return -b.finalMargin(opp|f|last, me&^f)
	}
	return b.finalMargin(me, opp)
}

// estimate is a depth-limited alpha-beta value of (me, opp) for ordering
// moves far from the end, in units of a sixteenth of a move: at its
// leaves, the mobility of the player to move less the opponent's, with a
// corner worth four moves. It visits no more than a few hundred nodes.
func (s *Solver) estimate(me, opp uint64, depth, alpha, beta int) int {
	s.nodes++
	b := s.b
	moves := b.movesOf(me, opp)
	if depth == 0 {
		theirs := b.movesOf(opp, me)
		corners := s.classes[0]
		return 16*(bits.OnesCount64(moves)-bits.OnesCount64(theirs)) +
			64*(bits.OnesCount64(me&corners)-bits.OnesCount64(opp&corners))
	}
	if moves == 0 {
		if b.movesOf(opp, me) == 0 {
			return 1024 * b.finalMargin(me, opp)
		}
		return -s.estimate(opp, me, depth-1, -beta, -alpha)
	}
	best := -1 << 20
	for m := moves; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		f := b.flips(me, opp, sq)
		v := -s.estimate(opp&^f, me|f|1<<sq, depth-1, -beta, -max(alpha, best))
		if v > best {
			best = v
			if v >= beta {
				return v
			}
		}
	}
	return best
}
