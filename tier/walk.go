package tier

import (
	"fmt"
	"sync/atomic"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
)

// Walker is an optional fast path of a game.Tiered for both passes of a
// build: a game whose ranks are cheap to walk in order and whose moves'
// ranks follow from their position's (connect4.Game: stepping the colour
// mask, and the rank's column sums updated for the one column played)
// spares the solver a TierUnrank per position and a TierRank per move.
// The solver then never builds a move's position; its results are the
// same, byte for byte, as without the fast path (tests build both ways).
type Walker[P comparable] interface {
	// WalkTier calls visit for every rank of tier t marked in words
	// (bit i of words[w] is rank base + 64w + i; base is a multiple of
	// 64), in increasing order, with what TierUnrank(t, r) returns;
	// visit's error stops the walk and is returned.
	WalkTier(t game.Tier, base int64, words []uint64, visit func(r int64, p P, ok bool) error) error
	// AppendMoveRanks appends, for each move from p in the order of
	// AppendMoves (or Moves), the tier and the rank in it of the
	// position the move leads to.
	AppendMoveRanks(tiers []game.Tier, ranks []int64, p P) ([]game.Tier, []int64)
}

// Finisher is an optional part of a Walker for the solving pass: a
// position whose player to move has a move that ends the game won (the
// position it leads to is terminal and lost for its player to move) is
// won in 1, the least remoteness a win has, whatever its other moves
// lead to, so its record is written without its moves' ranks and
// records. In Connect-4 a third of the positions with moves are such
// (5x5: 19.6 M of 51 M). The records are the same as without it.
type Finisher[P comparable] interface {
	// WinsAtOnce reports whether p has such a move; false when p has
	// no moves.
	WinsAtOnce(p P) bool
}

// wonInOne is the record of a position won in 1.
var wonInOne, _ = db.Encode(outcome.N, 1)

// walkScratch is a worker's buffers on the fast path.
type walkScratch struct {
	tiers []game.Tier
	ranks []int64
}

func newWalkScratch() *walkScratch {
	return &walkScratch{tiers: make([]game.Tier, 0, 64), ranks: make([]int64, 0, 64)}
}

// kidOf finds tier ct among ts's children: -1 when ct is ts itself.
func (s *solver[P]) kidOf(ts *tierState, p P, ct game.Tier) (int, error) {
	if ct == ts.t {
		if !ts.loopy {
			return 0, fmt.Errorf("a move from %s (tier %s) stays in its tier, which TierLoopy says is not loopy", s.format(p), ts.name)
		}
		return -1, nil
	}
	for k, t := range ts.childTiers {
		if t == ct {
			return k, nil
		}
	}
	return 0, fmt.Errorf("a move from %s (tier %s) reaches tier %s, which TierChildren does not list", s.format(p), ts.name, s.g.TierName(ct))
}

func (s *solver[P]) errRank(ts *tierState, p P, r int64, target *tierState) error {
	return fmt.Errorf("a move from %s (tier %s) reaches rank %d of tier %s, out of its range [0, %d)", s.format(p), ts.name, r, target.name, target.size)
}

// expandWalk is expand on the fast path.
func (s *solver[P]) expandWalk(wk Walker[P], ts *tierState, done []uint64, w0, w1 int64, sc *walkScratch, changed *atomic.Bool) (int64, error) {
	var words []uint64
	if done != nil {
		// The positions not yet expanded, marked done.
		words = make([]uint64, w1-w0)
		for w := w0; w < w1; w++ {
			word := atomic.LoadUint64(&ts.reach[w]) &^ done[w]
			done[w] |= word
			words[w-w0] = word
		}
	} else {
		words = ts.reach[w0:w1]
	}
	var n int64
	err := wk.WalkTier(ts.t, w0<<6, words, func(r int64, p P, ok bool) error {
		if !ok {
			return ts.errUnranked(r)
		}
		n++
		sc.tiers, sc.ranks = wk.AppendMoveRanks(sc.tiers[:0], sc.ranks[:0], p)
		for i, ct := range sc.tiers {
			k, err := s.kidOf(ts, p, ct)
			if err != nil {
				return err
			}
			target := ts
			if k >= 0 {
				target = s.tiers[ts.children[k]]
				if target.finished || target.saved {
					continue
				}
			}
			rq := sc.ranks[i]
			if rq < 0 || rq >= target.size {
				return s.errRank(ts, p, rq, target)
			}
			word := &target.reach[rq>>6]
			bit := uint64(1) << (rq & 63)
			if atomic.LoadUint64(word)&bit == 0 {
				atomic.OrUint64(word, bit)
				if k < 0 {
					changed.Store(true)
				}
			}
		}
		return nil
	})
	return n, err
}

// solveWalk is one worker's share of an acyclic tier's pass on the fast
// path: the records of the reachable positions in words [w0, w1).
func (s *solver[P]) solveWalk(wk Walker[P], ts *tierState, kids *children, recs db.Records, width int, w0, w1 int64, sc *walkScratch) (int64, error) {
	var n int64
	err := wk.WalkTier(ts.t, w0<<6, ts.reach[w0:w1], func(r int64, p P, ok bool) error {
		if !ok {
			return ts.errUnranked(r)
		}
		if s.fin != nil && s.fin.WinsAtOnce(p) {
			recs.Set(r, wonInOne) // fits either width
			n++
			return nil
		}
		sc.tiers, sc.ranks = wk.AppendMoveRanks(sc.tiers[:0], sc.ranks[:0], p)
		var code uint16
		if len(sc.ranks) == 0 {
			c, err := s.terminalCode(p)
			if err != nil {
				return err
			}
			code = c
		} else {
			var buf [16]uint16
			codes := buf[:0]
			for i, ct := range sc.tiers {
				k, err := s.kidOf(ts, p, ct)
				if err != nil {
					return err
				}
				rq := sc.ranks[i]
				if rq < 0 || rq >= kids.sizes[k] {
					return s.errRank(ts, p, rq, s.tiers[ts.children[k]])
				}
				c := kids.recs[k].Get(rq)
				if c == db.Empty {
					return fmt.Errorf("a move from %s (tier %s) reaches rank %d of tier %s, which holds no position there", s.format(p), ts.name, rq, kids.names[k])
				}
				codes = append(codes, c)
			}
			var verdict func() (outcome.Outcome, error)
			if s.end != nil {
				verdict = func() (outcome.Outcome, error) { return s.endlessVerdict(p) }
			}
			c, err := Negamax(codes, verdict)
			if err != nil {
				return fmt.Errorf("the position %s: %w", s.format(p), err)
			}
			code = c
		}
		if !db.Fits(code, width) {
			return errWide
		}
		recs.Set(r, code)
		n++
		return nil
	})
	return n, err
}
