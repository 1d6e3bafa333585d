package tier

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
)

// A loopy tier solved by un-moves (game.TierUnmover), without its graph.
//
// The graph path (solveLoopy) stores the tier's reverse graph, about 44
// bytes a position and 4 a move; this path keeps, per reachable
// position, a byte: the count of its moves not yet known to lose for
// the player making them (the counter of the classic queue algorithm,
// retro's doc), and a few bits; per rank of the tier its record and two
// bits of the current and next remoteness levels. When a position is
// resolved, the positions to update are found by un-moving it instead
// of reading the graph. The passes:
//
//  1. ends: the positions without moves get their records (lost, won
//     or drawn in 0 by game.Terminal) and are marked terminal.
//  2. moves: every other position's moves are counted. A move out of
//     the tier, or to a terminal position of the tier, is resolved
//     there and then, as retro.Exits resolves exits: to a lost position
//     it makes the mover win in at most one more move, to a won one it
//     bounds a loss from below, to a drawn one (or one decided by the
//     game's verdict on endless play) it counts and is never cleared.
//     The other moves count once per distinct rank they reach, so
//     moves to the same position, or to positions of one orbit when the
//     ranking folds symmetries, count as one: un-moving a position
//     finds each parent's rank once (the solver drops repeats), and a
//     position is lost exactly when every distinct position it reaches
//     is won, so the outcome and the remoteness are those of counting
//     every move.
//  3. levels: remoteness by remoteness from 1 (positions are resolved
//     in non-decreasing order of remoteness, as the queue algorithm's
//     FIFO resolves them). The positions of level r are un-moved; a
//     parent of a lost one is won in r+1 unless already resolved, a
//     parent of a won one has its counter decreased and is lost when it
//     reaches zero, in r+1 or later if a move out of the tier loses
//     more slowly. Positions won or lost at a level past r+1 through
//     moves out of the tier wait in a list for their level. The levels
//     share their positions among the workers, the counters updated by
//     compare-and-swap, so the results do not depend on the schedule.
//  4. the rest can force no finite win: a draw, or the game's verdict
//     on endless play (game.Endless) after the attractor of the drawn
//     ends, found by un-moves too (retro's endless).
//
// The records are byte for byte the graph path's (the tests build both
// ways): 1-byte records until a remoteness past db.MaxRemoteness(1)
// needs 2, then narrowed back if none did.

// Counter states: a count of moves (at most maxCount) while the
// position is unresolved, stResolved once its record is decided.
const (
	stResolved = 0xff
	maxCount   = 0xfe
)

// errTooManyMoves sends a tier whose positions have more moves than a
// byte counts to the graph path.
var errTooManyMoves = errors.New("a position has more moves than the un-move solver's counters hold")

// unmoveRun is the state of one tier's solve by un-moves.
type unmoveRun[P comparable] struct {
	s    *solver[P]
	um   game.TierUnmover[P]
	ts   *tierState
	kids *children
	mt   MoveTester[P]    // nil unless the game has the fast path
	dm   DistinctMoves[P] // likewise

	prefix []uint32 // reachable ranks below each bitmap word: node numbers
	n      int64    // reachable positions
	state  []uint32 // a byte per node, four to a word (for CAS)
	term   []uint64 // node bit: the position has no moves
	slow   []uint64 // node bit: a move out of the tier reaches a won position
	recs   db.Records
	cur    []uint64 // rank bits: the positions of the level being un-moved
	next   []uint64 // rank bits: those of the next level

	curCount  int64 // positions in cur when the levels start
	nextCount atomic.Int64
	resolved  atomic.Int64
	unmoved   int64 // positions un-moved so far (progress)

	mu         sync.Mutex
	later      map[uint32][]int64 // level → rank<<1 | 1 if won there (unless resolved before), 0 if lost
	laterBytes int64              // charged for later
	charged    int64              // the rest of the memory charged
}

// unmoveScratch is a worker's buffers.
type unmoveScratch[P comparable] struct {
	moves, parents []P
	ranks          []int64
	later          []laterEntry
}

type laterEntry struct {
	level uint32
	entry int64
}

// solveUnmove solves the loopy tier ts by un-moves; see above.
func (s *solver[P]) solveUnmove(ctx context.Context, ts *tierState, kids *children, um game.TierUnmover[P]) (db.Records, error) {
	x := &unmoveRun[P]{s: s, um: um, ts: ts, kids: kids, later: map[uint32][]int64{}}
	x.mt, _ = s.g.(MoveTester[P])
	x.dm, _ = s.g.(DistinctMoves[P])
	defer x.releaseAll()
	words := int64(len(ts.reach))
	if err := x.charge(4*(words+1), "the node numbers of tier "+ts.name); err != nil {
		return db.Records{}, err
	}
	x.prefix = make([]uint32, words+1)
	for w, b := range ts.reach {
		x.prefix[w] = uint32(x.n)
		x.n += int64(bits.OnesCount64(b))
		if x.n > math.MaxUint32 {
			return db.Records{}, fmt.Errorf("tier %s has more than %d reachable positions, more than the un-move solver numbers", ts.name, uint32(math.MaxUint32))
		}
	}
	x.prefix[words] = uint32(x.n)
	nodeWords := (x.n + 63) / 64
	// The counters, two node bitmaps, two rank bitmaps.
	if err := x.charge(4*((x.n+3)/4)+2*8*nodeWords+2*8*words, "the counters of tier "+ts.name); err != nil {
		return db.Records{}, err
	}
	x.state = make([]uint32, (x.n+3)/4)
	x.term = make([]uint64, nodeWords)
	x.slow = make([]uint64, nodeWords)
	x.cur = make([]uint64, words)
	x.next = make([]uint64, words)
	recs, err := s.allocRecords(ts.size, 1, ts)
	if err != nil {
		return db.Records{}, err
	}
	x.recs = recs
	if err := x.ends(ctx); err != nil {
		return db.Records{}, x.fail(err)
	}
	if err := x.countMoves(ctx); err != nil {
		return db.Records{}, x.fail(err)
	}
	if err := x.levels(ctx); err != nil {
		return db.Records{}, x.fail(err)
	}
	if err := x.endless(ctx); err != nil {
		return db.Records{}, x.fail(err)
	}
	if err := x.narrow(); err != nil {
		return db.Records{}, x.fail(err)
	}
	s.cur.Done = x.n
	s.report(s.cur)
	return x.recs, nil
}

// fail releases the records (the caller keeps them only on success).
func (x *unmoveRun[P]) fail(err error) error {
	x.s.opts.Memory.Release(int64(len(x.recs.Data)))
	x.recs = db.Records{}
	return err
}

func (x *unmoveRun[P]) charge(n int64, what string) error {
	if err := x.s.opts.Memory.Charge(n, what); err != nil {
		return err
	}
	x.charged += n
	return nil
}

func (x *unmoveRun[P]) releaseAll() {
	x.s.opts.Memory.Release(x.charged + x.laterBytes)
	x.charged, x.laterBytes = 0, 0
}

// node is the node number of reachable rank r.
func (x *unmoveRun[P]) node(r int64) int64 {
	return int64(x.prefix[r>>6]) + int64(bits.OnesCount64(x.ts.reach[r>>6]&(1<<(r&63)-1)))
}

func (x *unmoveRun[P]) reachable(r int64) bool { return x.ts.reach[r>>6]&(1<<(r&63)) != 0 }

func hasBit(bm []uint64, i int64) bool { return atomic.LoadUint64(&bm[i>>6])&(1<<(i&63)) != 0 }
func setBit(bm []uint64, i int64)      { atomic.OrUint64(&bm[i>>6], 1<<(i&63)) }

// load is node v's counter state.
func (x *unmoveRun[P]) load(v int64) uint8 {
	return uint8(atomic.LoadUint32(&x.state[v>>2]) >> (8 * (v & 3)))
}

// cas sets node v's state from old to new; false if it was not old.
func (x *unmoveRun[P]) cas(v int64, old, new uint8) bool {
	word := &x.state[v>>2]
	sh := 8 * uint(v&3)
	for {
		w := atomic.LoadUint32(word)
		if uint8(w>>sh) != old {
			return false
		}
		if atomic.CompareAndSwapUint32(word, w, w&^(0xff<<sh)|uint32(new)<<sh) {
			return true
		}
	}
}

// resolve marks node v resolved; false if it already was.
func (x *unmoveRun[P]) resolve(v int64) bool {
	for {
		s := x.load(v)
		if s == stResolved {
			return false
		}
		if x.cas(v, s, stResolved) {
			return true
		}
	}
}

// settle counts off one of node v's moves (to a position found won):
// true when that was its last, and v is now resolved (lost).
func (x *unmoveRun[P]) settle(v int64) bool {
	for {
		s := x.load(v)
		if s == stResolved {
			return false
		}
		if s <= 1 {
			return x.cas(v, s, stResolved)
		}
		if x.cas(v, s, s-1) {
			return false
		}
	}
}

// eachReach calls f for every reachable rank r of the words [w0, w1)
// of the tier with its node number v and position p, by the game's
// Walker when it has one (a walk in rank order unranks faster).
func (x *unmoveRun[P]) eachReach(w0, w1 int64, f func(r, v int64, p P) error) (int64, error) {
	var done int64
	if wk := x.s.walk; wk != nil {
		v := int64(x.prefix[w0])
		err := wk.WalkTier(x.ts.t, w0<<6, x.ts.reach[w0:w1], func(r int64, p P, ok bool) error {
			if !ok {
				return x.ts.errUnranked(r)
			}
			if err := f(r, v, p); err != nil {
				return err
			}
			v++
			done++
			return nil
		})
		return done, err
	}
	for w := w0; w < w1; w++ {
		v := int64(x.prefix[w])
		for word := x.ts.reach[w]; word != 0; word &= word - 1 {
			r := w<<6 | int64(bits.TrailingZeros64(word))
			p, err := x.unrank(r)
			if err != nil {
				return done, err
			}
			if err := f(r, v, p); err != nil {
				return done, err
			}
			v++
			done++
		}
	}
	return done, nil
}

func (x *unmoveRun[P]) unrank(r int64) (P, error) {
	p, ok := x.s.g.TierUnrank(x.ts.t, r)
	if !ok {
		return p, x.ts.errUnranked(r)
	}
	return p, nil
}

func (x *unmoveRun[P]) newScratch() *unmoveScratch[P] {
	return &unmoveScratch[P]{moves: make([]P, 0, 64), parents: make([]P, 0, 64), ranks: make([]int64, 0, 64)}
}

// exitSum is what a position's moves say before the level passes: as
// retro.Exits, win is 0 or 1 + the least remoteness of a lost position
// a move reaches out of the tier or among its terminal positions, lose
// 0 or 1 + the greatest of a won one; drawn counts the moves to drawn
// positions; count the moves the counter starts from (the distinct
// other ranks of the tier, the moves to drawn positions and to
// positions decided by endless play).
type exitSum struct {
	win, lose, drawn, count uint32
}

// exits sums up p's moves (sc.moves); sc.ranks is its scratch.
func (x *unmoveRun[P]) exits(p P, sc *unmoveScratch[P]) (exitSum, error) {
	s, ts := x.s, x.ts
	var e exitSum
	sc.ranks = sc.ranks[:0]
	// distinct: p's moves inside the tier reach pairwise different
	// ranks, so each of them to a position with moves counts one
	// without its rank (DistinctMoves).
	distinct := x.mt != nil && x.dm != nil && x.dm.MovesDistinct(p)
	for _, q := range sc.moves {
		k, _, err := s.childIndex(ts, x.kids.tiers, p, q)
		if err != nil {
			return e, err
		}
		var c uint16
		if k >= 0 {
			if c, err = s.kidCode(ts, x.kids, k, p, q); err != nil {
				return e, err
			}
		} else if distinct && x.mt.HasMoves(q) {
			e.count++
			continue
		} else {
			r, err := s.rankIn(ts, ts.size, p, q)
			if err != nil {
				return e, err
			}
			if !x.reachable(r) {
				return e, fmt.Errorf("internal error: the move %s → %s reaches a position of tier %s not marked reachable", s.format(p), s.format(q), ts.name)
			}
			if !hasBit(x.term, x.node(r)) {
				sc.ranks = append(sc.ranks, r)
				continue
			}
			c = x.recs.Get(r) // written by ends, never changed
		}
		switch {
		case c >= 4 && c&1 == 0:
			if w := uint32(c-4)/2 + 1; e.win == 0 || w < e.win {
				e.win = w
			}
		case c >= 5:
			e.lose = max(e.lose, uint32(c-5)/2+1)
		case c == db.Draw:
			e.drawn++
			e.count++
		default: // decided by endless play
			e.count++
		}
	}
	sc.ranks = sortedUnique(sc.ranks)
	e.count += uint32(len(sc.ranks))
	return e, nil
}

// DistinctMoves is an optional fast path of a game.Tiered for the
// un-move solver's count of a position's moves, which counts the moves
// inside the tier once per distinct rank they reach: a position whose
// moves inside its tier cannot reach one rank twice (nine men's morris:
// a step changes two points of the mover's men, so two steps reach one
// orbit only when a symmetry nearly fixes the position) has its moves
// to positions with moves counted without ranking them, a sort and
// most of the ranks per position spared. Used with MoveTester, which
// tells those moves from the ones to positions without moves (ranked
// as before, for their records). The counts, and so the records, are
// the same, byte for byte (the tests build both ways).
type DistinctMoves[P comparable] interface {
	// MovesDistinct reports whether the moves of p that stay in p's
	// tier reach pairwise different ranks of it; false is always
	// safe, true must be exact.
	MovesDistinct(p P) bool
}

func sortedUnique(r []int64) []int64 {
	if len(r) > 1 {
		slices.Sort(r)
		r = slices.Compact(r)
	}
	return r
}

// MoveTester is an optional fast path of a game.Tiered for the
// un-move solver: whether a position has any move, told without listing
// them (nine men's morris: a man next to an empty point, or a hand to
// place from), so that finding a loopy tier's positions without moves
// costs a test instead of a move list per position. HasMoves(p) must be
// exactly len(moves of p) > 0 (tests check it against the moves).
type MoveTester[P comparable] interface {
	HasMoves(p P) bool
}

// ends records the positions without moves.
func (x *unmoveRun[P]) ends(ctx context.Context) error {
	s := x.s
	cur := s.cur
	cur.Step = "ends"
	mt, _ := s.g.(MoveTester[P])
	return parallel(ctx, s, cur, s.workers, int64(len(x.ts.reach)), x.newScratch, func(w0, w1 int64, sc *unmoveScratch[P]) (int64, error) {
		return x.eachReach(w0, w1, func(r, v int64, p P) error {
			if mt != nil {
				if mt.HasMoves(p) {
					return nil
				}
			} else if sc.moves = s.moves(sc.moves[:0], p); len(sc.moves) > 0 {
				return nil
			}
			c, err := s.terminalCode(p)
			if err != nil {
				return err
			}
			x.recs.Set(r, c)
			setBit(x.term, v)
			x.resolve(v)
			x.resolved.Add(1)
			return nil
		})
	})
}

// schedule puts rank r, resolved (or to be won, if win) at level l, in
// the bitmap of the level (cur or next, which are levels at and at+1)
// or in the list of a later level.
func (x *unmoveRun[P]) schedule(sc *unmoveScratch[P], at, l uint32, r int64, win bool) {
	switch l {
	case at:
		setBit(x.cur, r)
	case at + 1:
		setBit(x.next, r)
		x.nextCount.Add(1)
	default:
		e := r << 1
		if win {
			e |= 1
		}
		sc.later = append(sc.later, laterEntry{l, e})
	}
}

// flushLater moves a worker's entries for later levels to the shared
// lists, charged.
func (x *unmoveRun[P]) flushLater(sc *unmoveScratch[P]) error {
	if len(sc.later) == 0 {
		return nil
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	n := int64(8 * len(sc.later))
	if err := x.s.opts.Memory.Charge(n, "the positions waiting for later levels in tier "+x.ts.name); err != nil {
		return err
	}
	x.laterBytes += n
	for _, e := range sc.later {
		x.later[e.level] = append(x.later[e.level], e.entry)
	}
	sc.later = sc.later[:0]
	return nil
}

// countMoves starts every counter; positions that their moves out of
// the tier (or to its terminal positions) already decide are resolved
// at level 1 or 2, where nothing inside the tier can decide them
// sooner (a move to a position of the tier with moves reaches one of
// remoteness 1 at least), or wait for their level.
func (x *unmoveRun[P]) countMoves(ctx context.Context) error {
	s := x.s
	cur := s.cur
	cur.Step = "moves"
	var curCount atomic.Int64
	err := parallel(ctx, s, cur, s.workers, int64(len(x.ts.reach)), x.newScratch, func(w0, w1 int64, sc *unmoveScratch[P]) (int64, error) {
		n, err := x.eachReach(w0, w1, func(r, v int64, p P) error {
			if hasBit(x.term, v) {
				return nil
			}
			sc.moves = s.moves(sc.moves[:0], p)
			e, err := x.exits(p, sc)
			if err != nil {
				return err
			}
			count := e.count
			if e.win > 0 {
				count++ // never cleared: v is never lost
			}
			if count > maxCount {
				return errTooManyMoves
			}
			switch {
			case e.win > 0 && e.win <= 2:
				x.recs.Set(r, 5+2*uint16(e.win))
				x.resolve(v)
				x.resolved.Add(1)
				if e.win == 1 {
					curCount.Add(1)
				}
				x.schedule(sc, 1, e.win, r, false)
			case e.win > 0:
				x.cas(v, 0, uint8(count))
				x.schedule(sc, 1, e.win, r, true)
			case count == 0: // every move is out of the tier, to a won position
				x.resolve(v)
				x.resolved.Add(1)
				if e.lose <= 2 {
					x.recs.Set(r, 4+2*uint16(e.lose))
					if e.lose == 1 {
						curCount.Add(1)
					}
				}
				x.schedule(sc, 1, e.lose, r, false)
			default:
				x.cas(v, 0, uint8(count))
				if e.lose > 0 {
					setBit(x.slow, v)
				}
			}
			return nil
		})
		if err == nil {
			err = x.flushLater(sc)
		}
		return n, err
	})
	x.curCount = curCount.Load()
	return err
}

// widen makes the records 2 bytes wide if code does not fit them.
func (x *unmoveRun[P]) widen(code uint16) error {
	if db.Fits(code, x.recs.Width) {
		return nil
	}
	if err := x.s.opts.Memory.Charge(2*x.ts.size, "the records of tier "+x.ts.name); err != nil {
		return err
	}
	old := x.recs
	x.recs = old.Widen()
	x.s.opts.Memory.Release(int64(len(old.Data)))
	return nil
}

// narrow gives back 1-byte records when no remoteness needed 2 (the
// graph path's width).
func (x *unmoveRun[P]) narrow() error {
	if x.recs.Width == 1 {
		return nil
	}
	if err := x.s.opts.Memory.Charge(x.ts.size, "the records of tier "+x.ts.name); err != nil {
		return err
	}
	n := x.recs.Narrow()
	if n.Width == 2 {
		x.s.opts.Memory.Release(x.ts.size)
		return nil
	}
	x.s.opts.Memory.Release(int64(len(x.recs.Data)))
	x.recs = n
	return nil
}

// levels resolves the positions level by level of remoteness.
func (x *unmoveRun[P]) levels(ctx context.Context) error {
	s := x.s
	cur := s.cur
	cur.Step = "levels"
	count := x.curCount
	for l := uint32(1); ; l++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		if l > db.MaxRemoteness(2) {
			return fmt.Errorf("tier %s has a position of remoteness %d, more than a record holds (%d)", x.ts.name, l, db.MaxRemoteness(2))
		}
		if list, ok := x.later[l]; ok {
			delete(x.later, l)
			if err := x.widen(5 + 2*uint16(l)); err != nil {
				return err
			}
			for _, e := range list {
				r := e >> 1
				if e&1 == 1 {
					if !x.resolve(x.node(r)) {
						continue // resolved sooner inside the tier
					}
					x.recs.Set(r, 5+2*uint16(l))
					x.resolved.Add(1)
				} else {
					x.recs.Set(r, 4+2*uint16(l))
				}
				setBit(x.cur, r)
				count++
			}
			x.mu.Lock()
			x.s.opts.Memory.Release(int64(8 * len(list)))
			x.laterBytes -= int64(8 * len(list))
			x.mu.Unlock()
		}
		if count == 0 && len(x.later) == 0 && x.nextCount.Load() == 0 {
			return nil
		}
		if count > 0 {
			if l+1 > db.MaxRemoteness(2) {
				return fmt.Errorf("tier %s has a position of remoteness %d, more than a record holds (%d)", x.ts.name, l+1, db.MaxRemoteness(2))
			}
			if err := x.widen(5 + 2*uint16(l+1)); err != nil {
				return err
			}
			cur.Done = x.unmoved
			err := parallel(ctx, s, cur, s.workers, int64(len(x.cur)), x.newScratch, func(w0, w1 int64, sc *unmoveScratch[P]) (int64, error) {
				n, err := x.unmoveLevel(l, w0, w1, sc)
				if err == nil {
					err = x.flushLater(sc)
				}
				return n, err
			})
			if err != nil {
				return err
			}
			x.unmoved += count
		}
		x.cur, x.next = x.next, x.cur
		count = x.nextCount.Swap(0)
	}
}

// unmoveLevel un-moves the positions of level l in the words [w0, w1)
// of cur (and clears them): the parents of a lost one are won in l+1,
// those of a won one count it off and are lost when it was their last
// move not known to lose.
func (x *unmoveRun[P]) unmoveLevel(l uint32, w0, w1 int64, sc *unmoveScratch[P]) (int64, error) {
	s, ts := x.s, x.ts
	var done int64
	for w := w0; w < w1; w++ {
		word := x.cur[w]
		x.cur[w] = 0
		for ; word != 0; word &= word - 1 {
			r := w<<6 | int64(bits.TrailingZeros64(word))
			lost := x.recs.Get(r)&1 == 0
			q, err := x.unrank(r)
			if err != nil {
				return done, err
			}
			sc.parents = x.um.AppendUnmoves(sc.parents[:0], q)
			sc.ranks = sc.ranks[:0]
			for _, p := range sc.parents {
				if t := s.g.TierOf(p); t != ts.t {
					return done, fmt.Errorf("the un-move %s ← %s leaves tier %s for tier %s: AppendUnmoves must stay in the tier", s.format(q), s.format(p), ts.name, s.g.TierName(t))
				}
				u := s.g.TierRank(p)
				if u < 0 || u >= ts.size {
					return done, fmt.Errorf("the un-move %s ← %s reaches rank %d, out of tier %s's range [0, %d)", s.format(q), s.format(p), u, ts.name, ts.size)
				}
				if x.reachable(u) {
					sc.ranks = append(sc.ranks, u)
				}
			}
			sc.ranks = sortedUnique(sc.ranks)
			for _, u := range sc.ranks {
				v := x.node(u)
				if lost {
					if x.resolve(v) {
						x.recs.Set(u, 5+2*uint16(l+1))
						x.resolved.Add(1)
						setBit(x.next, u)
						x.nextCount.Add(1)
					}
					continue
				}
				if !x.settle(v) {
					continue
				}
				x.resolved.Add(1)
				rem := l + 1
				if hasBit(x.slow, v) {
					p, err := x.unrank(u)
					if err != nil {
						return done, err
					}
					sc.moves = s.moves(sc.moves[:0], p)
					keep := sc.ranks
					sc.ranks = nil
					e, err := x.exits(p, sc)
					sc.ranks = keep
					if err != nil {
						return done, err
					}
					rem = max(rem, e.lose)
				}
				if rem == l+1 {
					x.recs.Set(u, 4+2*uint16(rem))
				}
				x.schedule(sc, l, rem, u, false)
			}
			done++
		}
	}
	return done, nil
}

// endless decides the positions no level resolved: neither player can
// force a finite win. Without a verdict on endless play they are
// drawn; with one, the player who loses endless play steers for a
// drawn end if they can (retro's endless: the attractor of the drawn
// ends), and the rest get the verdict.
func (x *unmoveRun[P]) endless(ctx context.Context) error {
	s := x.s
	if x.resolved.Load() == x.n {
		return nil
	}
	cur := s.cur
	cur.Step = "endless"
	cur.Done = x.resolved.Load()
	words := int64(len(x.ts.reach))
	if s.end == nil {
		return parallel(ctx, s, cur, s.workers, words, x.newScratch, func(w0, w1 int64, sc *unmoveScratch[P]) (int64, error) {
			return x.eachUnresolved(w0, w1, func(r, v int64) error {
				x.recs.Set(r, db.Draw)
				return nil
			})
		})
	}
	// Moves to drawn positions, out of the tier or to its drawn ends.
	err := parallel(ctx, s, cur, s.workers, words, x.newScratch, func(w0, w1 int64, sc *unmoveScratch[P]) (int64, error) {
		return x.eachUnresolved(w0, w1, func(r, v int64) error {
			p, err := x.unrank(r)
			if err != nil {
				return err
			}
			sc.moves = s.moves(sc.moves[:0], p)
			e, err := x.exits(p, sc)
			if err != nil {
				return err
			}
			if e.drawn == 0 {
				return nil
			}
			verdict, err := s.endlessVerdict(p)
			if err != nil {
				return err
			}
			for range e.drawn {
				if x.drawOne(v, verdict) {
					x.recs.Set(r, db.Draw)
					setBit(x.cur, r)
					x.nextCount.Add(1)
					break
				}
			}
			return nil
		})
	})
	if err != nil {
		return err
	}
	for x.nextCount.Swap(0) > 0 {
		err := parallel(ctx, s, cur, s.workers, words, x.newScratch, func(w0, w1 int64, sc *unmoveScratch[P]) (int64, error) {
			return x.unmoveDrawn(w0, w1, sc)
		})
		if err != nil {
			return err
		}
		x.cur, x.next = x.next, x.cur
	}
	return parallel(ctx, s, cur, s.workers, words, x.newScratch, func(w0, w1 int64, sc *unmoveScratch[P]) (int64, error) {
		return x.eachUnresolved(w0, w1, func(r, v int64) error {
			p, err := x.unrank(r)
			if err != nil {
				return err
			}
			o, err := s.endlessVerdict(p)
			if err != nil {
				return err
			}
			x.recs.Set(r, map[outcome.Outcome]uint16{outcome.N: db.EndlessWin, outcome.P: db.EndlessLos, outcome.D: db.Draw}[o])
			return nil
		})
	})
}

// drawOne counts off a move of node v (whose verdict on endless play is
// verdict) to a drawn position: true when that draws v — at once if v
// does not win endless play, else when it was v's last move.
func (x *unmoveRun[P]) drawOne(v int64, verdict outcome.Outcome) bool {
	for {
		s := x.load(v)
		if s == stResolved {
			return false
		}
		if verdict == outcome.N && s > 1 {
			if x.cas(v, s, s-1) {
				return false
			}
			continue
		}
		if x.cas(v, s, stResolved) {
			return true
		}
	}
}

// unmoveDrawn un-moves the drawn positions in the words [w0, w1) of
// cur (and clears them): their parents count them off as drawOne says.
func (x *unmoveRun[P]) unmoveDrawn(w0, w1 int64, sc *unmoveScratch[P]) (int64, error) {
	s := x.s
	var done int64
	for w := w0; w < w1; w++ {
		word := x.cur[w]
		x.cur[w] = 0
		for ; word != 0; word &= word - 1 {
			r := w<<6 | int64(bits.TrailingZeros64(word))
			q, err := x.unrank(r)
			if err != nil {
				return done, err
			}
			sc.parents = x.um.AppendUnmoves(sc.parents[:0], q)
			sc.ranks = sc.ranks[:0]
			for _, p := range sc.parents {
				if u := s.g.TierRank(p); u >= 0 && u < x.ts.size && x.reachable(u) {
					sc.ranks = append(sc.ranks, u)
				}
			}
			for _, u := range sortedUnique(sc.ranks) {
				v := x.node(u)
				if x.load(v) == stResolved {
					continue
				}
				p, err := x.unrank(u)
				if err != nil {
					return done, err
				}
				verdict, err := s.endlessVerdict(p)
				if err != nil {
					return done, err
				}
				if x.drawOne(v, verdict) {
					x.recs.Set(u, db.Draw)
					setBit(x.next, u)
					x.nextCount.Add(1)
				}
			}
			done++
		}
	}
	return done, nil
}

// eachUnresolved calls f for the reachable ranks of words [w0, w1)
// whose positions are not resolved.
func (x *unmoveRun[P]) eachUnresolved(w0, w1 int64, f func(r, v int64) error) (int64, error) {
	var done int64
	for w := w0; w < w1; w++ {
		v := int64(x.prefix[w])
		for word := x.ts.reach[w]; word != 0; word &= word - 1 {
			if x.load(v) != stResolved {
				r := w<<6 | int64(bits.TrailingZeros64(word))
				if err := f(r, v); err != nil {
					return done, err
				}
				done++
			}
			v++
		}
	}
	return done, nil
}
