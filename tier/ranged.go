package tier

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
)

// A build larger than memory: when the in-memory build's tables would
// not fit the memory budget, Solve builds by rank ranges, as the Beam
// pipeline does with --split-ranks but on one machine (doc.go says
// when). Both passes are the in-memory ones applied to a range at a time:
//
//   - Reachability: a tier's bitmap is made a range at a time (reachRanks
//     ranks, its bitmap 0.42 of the budget), from the start and
//     from every reachable position of its parents, whose bitmaps are
//     read back a range at a time from their reachability parts, and
//     saved as a reachability part (db.Builder.SaveReachPart). A tier of
//     k ranges walks its parents k times: k is 1 unless a tier's bitmap
//     alone passes 0.42 of the budget (Connect-4 6x6's largest tier,
//     3.97 10^10 ranks, takes 4.96 GB: 0.39 of the default budget on a
//     24 GB machine, so its parents are walked once).
//   - Solving: a tier's records are made a range at a time (solveRanks
//     ranks, an eighth of the budget at 1 byte a record), each position
//     from its moves' records read from the child tiers' finished files
//     block by block (db.TierBlocks), through a cache of blocks per
//     worker (an eighth of the budget in all), and saved as a part file
//     (db.Builder.SavePart); the tier's file is then assembled from the
//     parts (db.AssembleTier), the bytes the in-memory build writes.
//
// Ranges start at multiples of rangeUnit ranks, so every part holds
// whole blocks and the assembly copies them. A range is narrowed to
// 1-byte records when they fit; the tier's width is its widest part's,
// as in memory. Parts and reachability parts are the resume points: a
// build killed in a tier keeps the ranges it finished.
//
// Loopy tiers are not split (their retrograde analysis runs over the
// whole tier's graph): a game with a loopy tier is built in memory.

// rangeUnit is the alignment of ranges, in ranks: a block of records at
// either width (db.BlockBytes ranks of 1 byte, or twice the 2-byte
// blocks' ranks) and whole words of a bitmap.
const rangeUnit = db.BlockBytes

// rangePlan is how a ranged build cuts its tiers and its memory.
type rangePlan struct {
	solveRanks int64 // ranks per range when solving
	reachRanks int64 // ranks per range when marking (a multiple of solveRanks)
	cacheSlots int   // child blocks each worker's cache holds
}

// inMemoryPeak is what the in-memory build charges at most (an
// estimate): every tier's bitmap at once in the forward pass, then a
// tier's records and bitmap with its children's records.
func (s *solver[P]) inMemoryPeak() int64 {
	var bitmaps, solve int64
	for _, ts := range s.tiers {
		bitmaps += 8 * ReachBits(ts.size)
		need := ts.size + 8*ReachBits(ts.size)
		for _, j := range ts.children {
			need += s.tiers[j].size
		}
		solve = max(solve, need)
	}
	return max(bitmaps, solve)
}

// rangedPlan decides whether the build goes by ranges and how. The
// in-memory build is kept when its peak is at most a quarter of the
// budget: the charges count the solver's tables, and the process adds
// its own memory, the compressors' and the collector's room (connect4:5x5
// in memory charges about 30 MB and peaks at 112 MiB resident).
func (s *solver[P]) rangedPlan() (rangePlan, bool, error) {
	whole := s.opts.Memory.Limit()
	limit := max(whole-s.opts.Reserve, 0)
	// A budget that leaves nothing past the reserve is the in-memory
	// build's to refuse, as before ranges.
	if s.opts.rangeRanks == 0 && (whole == 0 || limit == 0 || s.inMemoryPeak() <= limit/4) {
		return rangePlan{}, false, nil
	}
	for _, ts := range s.tiers {
		if ts.loopy {
			// The in-memory build runs, and stops at the budget if it
			// must.
			return rangePlan{}, false, nil
		}
	}
	p := rangePlan{solveRanks: s.opts.rangeRanks}
	if p.solveRanks == 0 {
		p.solveRanks = limit / 8 / rangeUnit * rangeUnit
		if p.solveRanks == 0 && s.opts.Reserve > 0 {
			return p, false, budget.Exceed(budget.Memory, whole,
				"a build by ranges needs at least %s: %s for the process itself (its code, runtime and compressors) and %s for a range of %d records, an eighth of the rest; the memory budget is %s",
				budget.FormatBytes(s.opts.Reserve+8*rangeUnit), budget.FormatBytes(s.opts.Reserve), budget.FormatBytes(8*rangeUnit), rangeUnit, budget.FormatBytes(whole))
		}
		if p.solveRanks == 0 {
			return p, false, budget.Exceed(budget.Memory, whole,
				"a build by ranges needs at least %s: a range of %d records takes an eighth of the memory budget of %s",
				budget.FormatBytes(8*rangeUnit), rangeUnit, budget.FormatBytes(whole))
		}
	}
	if p.solveRanks%rangeUnit != 0 {
		return p, false, fmt.Errorf("internal error: ranges of %d ranks, not a multiple of %d", p.solveRanks, rangeUnit)
	}
	// 0.42 of the budget for the bitmap of the range being marked, as
	// much for the parent's range being walked; solving holds one such
	// bitmap with its eighths of records and of cache. (A third each, as
	// before, walked the parents of 6x6's three largest tiers twice;
	// 0.42 leaves room for the rounding to whole solving ranges.)
	p.reachRanks = max(p.solveRanks, limit/50*21*8/p.solveRanks*p.solveRanks)
	if s.opts.rangeRanks > 0 {
		// Tests mark by ranges as small as they solve by.
		p.reachRanks = p.solveRanks
	}
	p.cacheSlots = 16
	if limit > 0 {
		p.cacheSlots = max(4, int(limit/8/int64(s.workers)/db.BlockBytes))
	}
	return p, true, nil
}

// rng is a range of ranks [r0, r1).
type rng struct{ r0, r1 int64 }

func splitRanges(size, per int64) []rng {
	var out []rng
	for r := int64(0); r < size; r += per {
		out = append(out, rng{r, min(r+per, size)})
	}
	return out
}

// buildRanged runs both passes by ranges; the tiers' infos are left in
// s.tiers for Solve's manifest.
func (s *solver[P]) buildRanged(ctx context.Context, res *Result, plan rangePlan) error {
	for i := len(s.tiers) - 1; i >= 0; i-- {
		ts := s.tiers[i]
		// A tier is finished only if its children are (they come
		// after it in s.tiers, so they were looked at first): above
		// a tier found damaged (removed), the tiers are solved again,
		// their reachability parts, gone with their solving, marked
		// again from their parents'.
		kidsDone := true
		for _, j := range ts.children {
			kidsDone = kidsDone && s.tiers[j].finished
		}
		if !kidsDone {
			continue
		}
		info, ok, err := s.b.ScanFinished(uint64(ts.t), ts.name, ts.size)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		if err := s.b.RemoveScratch(uint64(ts.t)); err != nil {
			return err
		}
		ts.finished, ts.info = true, info
		res.Resumed++
		s.report(Progress{Phase: PhaseSolve, Tier: ts.t, Name: ts.name, Index: len(s.tiers) - i, Tiers: len(s.tiers), Done: info.Count.Positions(), Total: info.Count.Positions(), Resumed: true})
	}
	counts := make([]int64, len(s.tiers))
	if err := s.reachAllRanged(ctx, plan, counts); err != nil {
		return err
	}
	if err := s.checkDisk(true); err != nil {
		return err
	}
	for i := len(s.tiers) - 1; i >= 0; i-- {
		ts := s.tiers[i]
		if ts.finished {
			continue
		}
		s.cur = Progress{Phase: PhaseSolve, Tier: ts.t, Name: ts.name, Index: len(s.tiers) - i, Tiers: len(s.tiers), Total: counts[i]}
		err := s.solveRangedTier(ctx, ts, plan)
		if errors.Is(err, errReachLost) {
			// Its part, found damaged and removed, is marked again
			// (its parents are solved after it, so their parts are
			// all still there), then the tier is solved on, its
			// finished ranges kept.
			if err = s.reachAllRanged(ctx, plan, counts); err != nil {
				return err
			}
			s.cur = Progress{Phase: PhaseSolve, Tier: ts.t, Name: ts.name, Index: len(s.tiers) - i, Tiers: len(s.tiers), Total: counts[i]}
			err = s.solveRangedTier(ctx, ts, plan)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// loadReachPart reads back the reachability part of ts's reach range
// holding rank r0 (charged; the caller releases 8*len(words)).
func (s *solver[P]) loadReachPart(ts *tierState, plan rangePlan, r0 int64) (words []uint64, q rng, err error) {
	q0 := r0 / plan.reachRanks * plan.reachRanks
	q = rng{q0, min(q0+plan.reachRanks, ts.size)}
	n := ReachBits(q.r1 - q.r0)
	if err := s.opts.Memory.Charge(8*n, "the reachability bitmap of a range of tier "+ts.name); err != nil {
		return nil, q, err
	}
	words, _, ok, err := s.b.LoadReachPart(uint64(ts.t), ts.size, q.r0, q.r1-q.r0)
	if err == nil && !ok {
		err = fmt.Errorf("%w: the reachability part of tier %s at rank %d (%s) went missing or was damaged during the build; run the build again", errReachLost, ts.name, q.r0, db.ReachPartName(uint64(ts.t), q.r0))
	}
	if err != nil {
		s.opts.Memory.Release(8 * n)
		return nil, q, err
	}
	return words, q, nil
}

// reachAllRanged is the forward pass by ranges: every unfinished tier's
// reachability parts made, in the order of the tiers (parents first), or
// counted where a stopped build saved them. Saved parts are counted by
// their footers (SavedReachCount), so one damaged inside is found only
// when it is read, as a parent's part while marking or a tier's own
// while solving; it is then removed (errReachLost), and the pass runs
// again, which marks it again from its parents' parts before any tier
// that reads it. Each run removes a part, so the runs end.
func (s *solver[P]) reachAllRanged(ctx context.Context, plan rangePlan, counts []int64) error {
	var last string
	for {
		err := s.reachTiers(ctx, plan, counts)
		if !errors.Is(err, errReachLost) || err.Error() == last {
			// The same part lost twice was not made again: no run
			// would end.
			return err
		}
		last = err.Error()
	}
}

func (s *solver[P]) reachTiers(ctx context.Context, plan rangePlan, counts []int64) error {
	for i, ts := range s.tiers {
		if ts.finished {
			continue
		}
		n, err := s.reachRangedTier(ctx, ts, i, plan, counts)
		if err != nil {
			return err
		}
		counts[i] = n
		ts.marked = n
	}
	return nil
}

// errReachLost marks a reachability part found missing or damaged (and
// removed) when it is read back.
var errReachLost = errors.New("a reachability part was lost")

// reachRangedTier makes (or finds saved) every reachability part of ts,
// the i-th tier, and returns how many ranks they mark. Its parents'
// parts are all saved: they come first in the order, and a tier with an
// unfinished child is unfinished.
func (s *solver[P]) reachRangedTier(ctx context.Context, ts *tierState, i int, plan rangePlan, counts []int64) (int64, error) {
	var total int64
	ranges := splitRanges(ts.size, plan.reachRanks)
	var parentMarks int64
	for _, j := range ts.parents {
		parentMarks += counts[j]
	}
	for ri, c := range ranges {
		// A range a stopped build marked is counted from its part's
		// footer, not read: a resumed 6x6 build would read 34 GB.
		n, ok, err := s.b.SavedReachCount(uint64(ts.t), ts.size, c.r0, c.r1-c.r0)
		if err != nil {
			return 0, err
		}
		if ok {
			total += n
			continue
		}
		bm := int64(8 * ReachBits(c.r1-c.r0))
		if err := s.opts.Memory.Charge(bm, "the reachability bitmap of a range of tier "+ts.name); err != nil {
			return 0, err
		}
		words := make([]uint64, bm/8)
		if i == 0 && s.startRank >= c.r0 && s.startRank < c.r1 {
			r := s.startRank - c.r0
			words[r>>6] |= 1 << (r & 63)
		}
		cur := Progress{Phase: PhaseReach, Tier: ts.t, Name: ts.name, Index: i + 1, Tiers: len(s.tiers), Total: parentMarks}
		if len(ranges) > 1 {
			cur.Step = fmt.Sprintf("range %d of %d", ri+1, len(ranges))
		}
		s.report(cur)
		for _, j := range ts.parents {
			pt := s.tiers[j]
			for _, pr := range splitRanges(pt.size, plan.reachRanks) {
				pw, _, err := s.loadReachPart(pt, plan, pr.r0)
				if err != nil {
					s.opts.Memory.Release(bm)
					return 0, err
				}
				err = s.markFrom(ctx, pt, pr.r0, pw, ts, c, words, &cur)
				s.opts.Memory.Release(int64(8 * len(pw)))
				if err != nil {
					s.opts.Memory.Release(bm)
					return 0, err
				}
			}
		}
		n, err = s.b.SaveReachPart(uint64(ts.t), ts.size, c.r0, c.r1-c.r0, words)
		s.opts.Memory.Release(bm)
		if err != nil {
			return 0, err
		}
		total += n
	}
	return total, nil
}

// markFrom marks in words (ranks c of tier ts) the positions that moves
// from the reachable positions of tier pt in pw (ranks from p0) reach,
// checking every move as the in-memory pass does.
func (s *solver[P]) markFrom(ctx context.Context, pt *tierState, p0 int64, pw []uint64, ts *tierState, c rng, words []uint64, cur *Progress) error {
	mark := func(p P, ct game.Tier, rq int64) error {
		k, err := s.kidOf(pt, p, ct)
		if err != nil {
			return err
		}
		target := s.tiers[pt.children[k]]
		if rq < 0 || rq >= target.size {
			return s.errRank(pt, p, rq, target)
		}
		if target != ts || rq < c.r0 || rq >= c.r1 {
			return nil
		}
		r := rq - c.r0
		if w := &words[r>>6]; atomic.LoadUint64(w)&(1<<(r&63)) == 0 {
			atomic.OrUint64(w, 1<<(r&63))
		}
		return nil
	}
	err := parallelChunks(ctx, s, *cur, s.workers, int64(len(pw)), 1024, newRangeScratch[P],
		func(w0, w1 int64, sc *rangeScratch[P]) (int64, error) {
			var n int64
			err := s.visitRange(pt, p0, pw, w0, w1, sc, func(_ int64, p P, tiers []game.Tier, ranks []int64) error {
				n++
				for x, ct := range tiers {
					if err := mark(p, ct, ranks[x]); err != nil {
						return err
					}
				}
				return nil
			})
			return n, err
		})
	cur.Done += popcount(pw)
	return err
}

// rangeScratch is a worker's buffers in a ranged pass.
type rangeScratch[P comparable] struct {
	walk *walkScratch
	// finish asks visitRange to try the Finisher first; won tells visit
	// that the position wins at once (its moves were not listed).
	finish, won bool
	moves       []P
	codes       []uint16
	cache       *blockCache
}

func newRangeScratch[P comparable]() *rangeScratch[P] {
	return &rangeScratch[P]{walk: newWalkScratch(), moves: make([]P, 0, 64)}
}

// visitRange calls visit for each reachable position of tier ts in words
// [w0, w1) of pw (ranks from p0), in rank order, with the tier and rank
// of each of its moves (in the order of the game's moves): by the
// game's Walker when it has one, else by TierUnrank and the moves.
func (s *solver[P]) visitRange(ts *tierState, p0 int64, pw []uint64, w0, w1 int64, sc *rangeScratch[P],
	visit func(r int64, p P, tiers []game.Tier, ranks []int64) error) error {
	if s.walk != nil {
		return s.walk.WalkTier(ts.t, p0+w0<<6, pw[w0:w1], func(r int64, p P, ok bool) error {
			if !ok {
				return ts.errUnranked(r)
			}
			if sc.won = sc.finish && s.fin != nil && s.fin.WinsAtOnce(p); sc.won {
				return visit(r, p, nil, nil)
			}
			sc.walk.tiers, sc.walk.ranks = s.walk.AppendMoveRanks(sc.walk.tiers[:0], sc.walk.ranks[:0], p)
			return visit(r, p, sc.walk.tiers, sc.walk.ranks)
		})
	}
	for w := w0; w < w1; w++ {
		for word := pw[w]; word != 0; word &= word - 1 {
			r := p0 + w<<6 | int64(bits.TrailingZeros64(word))
			p, ok := s.g.TierUnrank(ts.t, r)
			if !ok {
				return ts.errUnranked(r)
			}
			sc.moves = s.moves(sc.moves[:0], p)
			tiers, ranks := sc.walk.tiers[:0], sc.walk.ranks[:0]
			for _, q := range sc.moves {
				tiers = append(tiers, s.g.TierOf(q))
				ranks = append(ranks, s.g.TierRank(q))
			}
			sc.walk.tiers, sc.walk.ranks = tiers, ranks
			if err := visit(r, p, tiers, ranks); err != nil {
				return err
			}
		}
	}
	return nil
}

// solveRangedTier solves ts range by range from its children's files
// and assembles its file.
func (s *solver[P]) solveRangedTier(ctx context.Context, ts *tierState, plan rangePlan) error {
	kids := make([]*db.TierBlocks, len(ts.children))
	var held int64
	defer func() {
		for _, k := range kids {
			if k != nil {
				k.Close()
			}
		}
		s.opts.Memory.Release(held)
	}()
	for x, j := range ts.children {
		c := s.tiers[j]
		k, err := s.b.OpenTierBlocks(uint64(c.t), c.size)
		if err != nil {
			return err
		}
		kids[x] = k
		if err := s.opts.Memory.Charge(k.IndexBytes(), "the block index of tier "+c.name); err != nil {
			return err
		}
		held += k.IndexBytes()
	}
	cacheBytes := int64(s.workers) * int64(plan.cacheSlots) * (db.BlockBytes + 64)
	if len(kids) > 0 {
		if err := s.opts.Memory.Charge(cacheBytes, "the cache of child blocks of tier "+ts.name); err != nil {
			return err
		}
		held += cacheBytes
	}
	ranges := splitRanges(ts.size, plan.solveRanks)
	parts := make([]db.Part, 0, len(ranges))
	caches := &cachePool{kids: kids, slots: plan.cacheSlots}
	var reach []uint64
	var rq rng
	defer func() { s.opts.Memory.Release(int64(8 * len(reach))) }()
	s.report(s.cur)
	for ri, c := range ranges {
		if err := ctx.Err(); err != nil {
			return err
		}
		if len(ranges) > 1 {
			s.cur.Step = fmt.Sprintf("range %d of %d", ri+1, len(ranges))
		}
		if p, ok, err := s.b.FinishedPart(uint64(ts.t), ts.size, c.r0, c.r1-c.r0); err != nil {
			return err
		} else if ok {
			parts = append(parts, p)
			s.cur.Done += p.Count.RecordCount()
			kept := s.cur
			kept.Resumed = true
			s.report(kept)
			continue
		}
		if reach == nil || c.r0 < rq.r0 || c.r0 >= rq.r1 {
			s.opts.Memory.Release(int64(8 * len(reach)))
			reach = nil
			var err error
			if reach, rq, err = s.loadReachPart(ts, plan, c.r0); err != nil {
				return err
			}
		}
		s.report(s.cur)
		w0 := (c.r0 - rq.r0) >> 6
		words := reach[w0 : w0+ReachBits(c.r1-c.r0)]
		recs, err := s.solveRange(ctx, ts, caches, c, words)
		if err != nil {
			return err
		}
		p, err := s.b.SavePart(uint64(ts.t), ts.size, c.r0, recs)
		s.opts.Memory.Release(int64(len(recs.Data)))
		if err != nil {
			return err
		}
		parts = append(parts, p)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	info, err := s.b.AssembleParts(uint64(ts.t), ts.name, ts.size, parts)
	if err != nil {
		return err
	}
	if err := s.b.RemoveScratch(uint64(ts.t)); err != nil {
		return err
	}
	ts.finished, ts.info = true, info
	return nil
}

// solveRange solves the reachable positions words marks in range c of
// ts: its records (charged), at 1 byte a record unless one needs 2. Its
// workers read the children through caches from the tier's pool.
func (s *solver[P]) solveRange(ctx context.Context, ts *tierState, caches *cachePool, c rng, words []uint64) (db.Records, error) {
	for width := 1; ; width++ {
		recs, err := s.allocRecords(c.r1-c.r0, width, ts)
		if err != nil {
			return db.Records{}, err
		}
		newScratch := func() *rangeScratch[P] {
			sc := newRangeScratch[P]()
			sc.cache = caches.take()
			sc.finish = true
			return sc
		}
		// Chunks of 2^18 ranks: each worker walks long runs, so the
		// child blocks its cache holds serve many positions.
		err = parallelChunks(ctx, s, s.cur, s.workers, int64(len(words)), 1<<12, newScratch,
			func(w0, w1 int64, sc *rangeScratch[P]) (int64, error) {
				var n int64
				err := s.visitRange(ts, c.r0, words, w0, w1, sc, func(r int64, p P, tiers []game.Tier, ranks []int64) error {
					code, err := s.rangedCode(ts, sc, p, tiers, ranks)
					if err != nil {
						return err
					}
					if !db.Fits(code, width) {
						return errWide
					}
					recs.Set(r-c.r0, code)
					n++
					return nil
				})
				return n, err
			})
		caches.giveBack()
		if errors.Is(err, errWide) && width == 1 {
			s.opts.Memory.Release(int64(len(recs.Data)))
			continue
		}
		if err != nil {
			s.opts.Memory.Release(int64(len(recs.Data)))
			return db.Records{}, err
		}
		s.cur.Done += popcount(words)
		return recs, nil
	}
}

// rangedCode is the record of p, whose moves reach tiers and ranks,
// from its children's records in their files.
func (s *solver[P]) rangedCode(ts *tierState, sc *rangeScratch[P], p P, tiers []game.Tier, ranks []int64) (uint16, error) {
	if sc.won {
		return wonInOne, nil
	}
	if len(tiers) == 0 {
		return s.terminalCode(p)
	}
	codes := sc.codes[:0]
	for x, ct := range tiers {
		k, err := s.kidOf(ts, p, ct)
		if err != nil {
			return 0, err
		}
		kid := s.tiers[ts.children[k]]
		rq := ranks[x]
		if rq < 0 || rq >= kid.size {
			return 0, s.errRank(ts, p, rq, kid)
		}
		c, err := sc.cache.get(k, x, rq)
		if err != nil {
			return 0, err
		}
		if c == db.Empty {
			return 0, fmt.Errorf("a move from %s (tier %s) reaches rank %d of tier %s, which holds no position there", s.format(p), ts.name, rq, kid.name)
		}
		codes = append(codes, c)
	}
	sc.codes = codes
	var verdict func() (outcome.Outcome, error)
	if s.end != nil {
		verdict = func() (outcome.Outcome, error) { return s.endlessVerdict(p) }
	}
	c, err := Negamax(codes, verdict)
	if err != nil {
		return 0, fmt.Errorf("the position %s: %w", s.format(p), err)
	}
	return c, nil
}

// cachePool holds a tier's caches of child blocks from one range to the
// next: a range's workers take them and the range gives them back, so
// the next range reads into the same buffers, charged once for the tier,
// and finds the blocks near the ranges' boundary still there. A cache
// made anew for each range took its 8 KiB buffers from fresh memory,
// which the kernel zeroes on first touch: the page zeroing under the
// caches' block reads was 3.7% of the 7x5 build's solving samples
// (perf, BENCHMARKS.md).
type cachePool struct {
	kids  []*db.TierBlocks
	slots int
	mu    sync.Mutex
	free  []*blockCache // not taken
	taken []*blockCache // taken by this range's workers
}

// take returns a cache no worker holds.
func (p *cachePool) take() *blockCache {
	p.mu.Lock()
	defer p.mu.Unlock()
	var c *blockCache
	if n := len(p.free); n > 0 {
		c, p.free = p.free[n-1], p.free[:n-1]
	} else {
		c = newBlockCache(p.kids, p.slots)
	}
	p.taken = append(p.taken, c)
	return c
}

// giveBack returns the caches taken, once every worker of the range has
// stopped.
func (p *cachePool) giveBack() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.free = append(p.free, p.taken...)
	p.taken = p.taken[:0]
}

// blockCache is one worker's cache of child blocks, by CLOCK (second
// chance): a block read is kept until the hand finds it unused since its
// last pass, so the blocks a run of parent positions keeps reading stay.
// A worker's own: no lock.
type blockCache struct {
	kids  []*db.TierBlocks
	slots map[uint64]int32 // child<<48 | block → slot
	keys  []uint64
	data  [][]byte
	used  []bool
	hand  int
	max   int
	// last is the slot the x-th move (modulo lastMoves) was last read
	// from, a map look-up spared when the same move of the next
	// position reads the same block: the x-th moves of a run of
	// positions reach ranks close together (Connect-4: one column
	// played), while consecutive moves of a position reach far apart.
	last [lastMoves]int32
}

// lastMoves is how many moves of a position the cache remembers the
// last slot of.
const lastMoves = 16

func newBlockCache(kids []*db.TierBlocks, slots int) *blockCache {
	c := &blockCache{kids: kids, slots: make(map[uint64]int32, slots), max: slots}
	for i := range c.last {
		c.last[i] = -1
	}
	return c
}

// get returns the record of rank r of child k, which the x-th move of a
// position reaches.
func (c *blockCache) get(k, x int, r int64) (uint16, error) {
	kid := c.kids[k]
	br := kid.BlockRecords()
	blk := r / br
	key := uint64(k)<<48 | uint64(blk)
	x %= lastMoves
	i := c.last[x]
	if i < 0 || c.keys[i] != key {
		var ok bool
		if i, ok = c.slots[key]; !ok {
			var err error
			if i, err = c.load(kid, blk, key); err != nil {
				return 0, err
			}
		}
		c.last[x] = i
	}
	c.used[i] = true
	at := r - blk*br
	d := c.data[i]
	if kid.Width() == 1 {
		return uint16(d[at]), nil
	}
	return binary.LittleEndian.Uint16(d[2*at:]), nil
}

// load reads a block into a free slot, or the one the hand evicts.
func (c *blockCache) load(kid *db.TierBlocks, blk int64, key uint64) (int32, error) {
	var i int
	if len(c.keys) < c.max {
		i = len(c.keys)
		c.keys = append(c.keys, key)
		c.data = append(c.data, make([]byte, 0, db.BlockBytes))
		c.used = append(c.used, false)
	} else {
		for c.used[c.hand] {
			c.used[c.hand] = false
			c.hand = (c.hand + 1) % c.max
		}
		i = c.hand
		c.hand = (c.hand + 1) % c.max
		delete(c.slots, c.keys[i])
		c.keys[i] = key
	}
	d, err := kid.Block(blk, c.data[i][:0])
	if err != nil {
		c.keys[i] = ^uint64(0)
		return 0, err
	}
	c.data[i] = d
	c.slots[key] = int32(i)
	return int32(i), nil
}
