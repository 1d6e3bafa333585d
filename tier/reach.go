package tier

import (
	"context"
	"fmt"
	"math/bits"
	"sync/atomic"

	"github.com/grundy-go/grundy/db"
)

// reachAll marks the positions reachable from the start in every tier
// still to be solved: a forward pass over the tiers, parents before
// children. A tier's reachable positions come from its parents' moves
// (and, in a loopy tier, from its own, to a fixed point); those of a tier
// an earlier build finished are its non-empty records. Each unfinished
// tier's bitmap, once complete, is saved through the Builder and dropped
// from memory until the tier is solved; a saved bitmap an earlier build
// left is used as it is. A tier is expanded only when a child of it is
// unfinished and has no saved bitmap: on resume the pass redoes only the
// part of the game whose bitmaps were not saved (for Connect-4, at most
// the one tier whose expansion was cut short).
//
// A tier's bitmap is in memory only from the expansion of its first
// parent (or the start) until it is saved: the bitmaps of all the tiers
// at once would be far more (nine men's morris: 14 GiB of bitmaps at
// one bit an orbit, against 5.7 GiB at most this way).
func (s *solver[P]) reachAll(ctx context.Context) error {
	for _, ts := range s.tiers {
		if ts.finished {
			continue
		}
		if err := s.allocReach(ts); err != nil {
			return err
		}
		ok, err := s.b.LoadReach(uint64(ts.t), ts.size, ts.reach)
		if err != nil {
			return err
		}
		if ok {
			ts.saved, ts.marked = true, popcount(ts.reach)
		}
		s.dropReach(ts) // allocated again, empty, when first reached
	}
	needs := func(ts *tierState) bool {
		for _, j := range ts.children {
			if c := s.tiers[j]; !c.finished && !c.saved {
				return true
			}
		}
		return false
	}
	var expand []int
	for i, ts := range s.tiers {
		if needs(ts) || (ts.loopy && !ts.finished && !ts.saved) {
			expand = append(expand, i)
		}
	}
	if st := s.tiers[0]; !st.finished && !st.saved {
		if err := s.allocReach(st); err != nil {
			return err
		}
		st.reach[s.startRank>>6] |= 1 << (s.startRank & 63)
	}
	n := 0
	for i, ts := range s.tiers {
		if n < len(expand) && expand[n] == i {
			n++
			switch {
			case ts.finished:
				// Its reachable positions are those it holds records of.
				if err := s.allocReach(ts); err != nil {
					return err
				}
				for r := range ts.size {
					if ts.recs.Get(r) != 0 {
						ts.reach[r>>6] |= 1 << (r & 63)
					}
				}
			case ts.saved:
				if err := s.loadReach(ts); err != nil {
					return err
				}
			default:
				if err := s.allocReach(ts); err != nil {
					return err
				}
			}
			for _, j := range ts.children {
				if c := s.tiers[j]; !c.finished && !c.saved {
					if err := s.allocReach(c); err != nil {
						return err
					}
				}
			}
			cur := Progress{Phase: PhaseReach, Tier: ts.t, Name: ts.name, Index: n, Tiers: len(expand), Total: popcount(ts.reach)}
			if err := s.expandTier(ctx, ts, cur, ts.loopy && !ts.finished && !ts.saved); err != nil {
				return err
			}
		}
		if !ts.finished && !ts.saved {
			if err := s.allocReach(ts); err != nil { // empty if no parent reached it
				return err
			}
			if err := s.b.SaveReach(uint64(ts.t), ts.size, ts.reach); err != nil {
				return err
			}
			ts.saved, ts.marked = true, popcount(ts.reach)
		}
		s.dropReach(ts)
	}
	return nil
}

// loadReach reads back the bitmap the forward pass saved for ts.
func (s *solver[P]) loadReach(ts *tierState) error {
	if ts.reach != nil {
		return nil
	}
	if err := s.allocReach(ts); err != nil {
		return err
	}
	ok, err := s.b.LoadReach(uint64(ts.t), ts.size, ts.reach)
	if err != nil {
		return err
	}
	if !ok {
		s.dropReach(ts)
		return fmt.Errorf("the reachability file of tier %s (%s) went missing or was damaged during the build; run the build again", ts.name, db.ReachFileName(uint64(ts.t)))
	}
	return nil
}

// expandTier marks the positions that moves from ts's reachable
// positions reach in its child tiers; when closing, ts is loopy and its
// own bitmap is closed under its moves too, sweep after sweep until a
// sweep finds nothing new.
func (s *solver[P]) expandTier(ctx context.Context, ts *tierState, cur Progress, closing bool) error {
	var done []uint64
	if closing {
		n := int64(8 * len(ts.reach))
		if err := s.opts.Memory.Charge(n, "the expanded positions of tier "+ts.name); err != nil {
			return err
		}
		defer s.opts.Memory.Release(n)
		done = make([]uint64, len(ts.reach))
	}
	for {
		var changed atomic.Bool
		var err error
		if s.walk != nil {
			err = parallel(ctx, s, cur, s.workers, int64(len(ts.reach)), newWalkScratch,
				func(w0, w1 int64, sc *walkScratch) (int64, error) {
					return s.expandWalk(s.walk, ts, done, w0, w1, sc, &changed)
				})
		} else {
			err = parallel(ctx, s, cur, s.workers, int64(len(ts.reach)),
				func() *[]P { b := make([]P, 0, 64); return &b },
				func(w0, w1 int64, buf *[]P) (int64, error) {
					return s.expand(ts, done, w0, w1, buf, &changed)
				})
		}
		if err != nil || done == nil || !changed.Load() {
			return err
		}
		cur.Total = popcount(ts.reach)
	}
}

// expand marks the tiers reached by moves from the reachable positions
// in words [w0, w1) of ts's bitmap. In a loopy tier, done marks the
// positions already expanded, and changed is set when a move reaches a
// new position of the tier itself (another sweep is then needed).
func (s *solver[P]) expand(ts *tierState, done []uint64, w0, w1 int64, buf *[]P, changed *atomic.Bool) (int64, error) {
	kids, kidTiers := ts.children, ts.childTiers
	var n int64
	for w := w0; w < w1; w++ {
		word := atomic.LoadUint64(&ts.reach[w])
		if done != nil {
			word &^= done[w]
			done[w] |= word
		}
		for word != 0 {
			b := bits.TrailingZeros64(word)
			word &= word - 1
			r := w<<6 | int64(b)
			p, ok := s.g.TierUnrank(ts.t, r)
			if !ok {
				return n, ts.errUnranked(r)
			}
			n++
			moves := s.moves((*buf)[:0], p)
			*buf = moves
			for _, q := range moves {
				k, _, err := s.childIndex(ts, kidTiers, p, q)
				if err != nil {
					return n, err
				}
				target := ts
				if k >= 0 {
					target = s.tiers[kids[k]]
					if target.finished || target.saved {
						continue
					}
				}
				rq, err := s.rankIn(ts, target.size, p, q)
				if err != nil {
					return n, err
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
		}
	}
	return n, nil
}
