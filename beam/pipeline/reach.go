package pipeline

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/tier"
)

// Reachability by range, when tiers are split (Split.on): no step holds
// a whole tier's bitmap (1 bit a rank: 535 GB for Connect-4 7×6's
// largest tier). Every tier is cut into the ranges Split.ranks gives it
// (a tier solved whole is one range), and a range's bitmap is built by
// the worker owning it:
//
//	seedRangesFn   the start's rank, as a message to its range; a mark
//	               per tier (so a tier nothing reaches is still solved)
//	reachRangeFn   per depth of the tier graph, per range (GroupByKey of
//	               the ranks its parents' ranges reach in it): the
//	               range's bitmap; each reachable position's moves (the
//	               game's moves, tier.Ranger.Moves), the child ranks
//	               they reach sent as messages keyed by the child's
//	               range (sorted, deduplicated, delta-coded; a buffer
//	               past reachFlushAt ranks is sent early); the bitmap
//	               written as the range's reachability part
//	               (db.WriteReachPart, temporary name then rename), its
//	               count of reachable ranks sent on (rangeCount)
//	closeFn ×R     a loopy tier of several ranges: moves that stay in the
//	               tier reach other ranges of it, so its closure is a
//	               fixpoint of rounds (CoGroupByKey of a range's bitmap
//	               with the ranks other ranges' new positions reach); each
//	               range closes itself under the moves inside it before
//	               messaging the others
//	settleReachFn  the last round's messages must add nothing (else the
//	               build runs again with twice the rounds, as the loopy
//	               solving stages do); the range's part written
//
// A loopy tier of one range is closed by its reachRangeFn alone. The
// solving stages get each tier's ranges' counts, never a bitmap: splitFn
// lays out the ranges from them, and askFn, loopyAskFn and solveFn read
// the reachability part of their own range (readReachPart). The parts
// are removed once their tier's file is written, and by finishFn.
//
// Memory per worker per tier: one range's bitmap (1 bit a rank) and,
// closing a loopy tier, a second one (the positions already expanded),
// and at most reachFlushAt buffered child ranks (8 bytes each: 32 MiB);
// the runner's shuffle carries the messages, about 1 to 3 bytes a
// child rank a range reaches (delta-coded varints).

func init() {
	register.DoFn3x1[[]byte, func(string, []byte), func(int64, []byte), error](&seedRangesFn{})
	register.DoFn3x0[string, []byte, func(string, []byte)](&rangeStageFn{})
	register.DoFn7x1[context.Context, string, func(*[]byte) bool, func(string, []byte), func(string, []byte), func(string, []byte), func(int64, []byte), error](&reachRangeFn{})
	register.DoFn7x1[context.Context, string, func(*[]byte) bool, func(*[]byte) bool, func(string, []byte), func(string, []byte), func(string, []byte), error](&closeFn{})
	register.DoFn5x1[context.Context, string, func(*[]byte) bool, func(*[]byte) bool, func(int64, []byte), error](&settleReachFn{})
}

// The reachability shuffle's volume, as Beam metrics (the command prints
// their totals): child ranks sent (after deduplication within a range's
// buffer) and their bytes.
var (
	reachRanksSent = beam.NewCounter(MetricsNamespace, ReachRanksMetric)
	reachBytesSent = beam.NewCounter(MetricsNamespace, ReachBytesMetric)
)

// The names of the pipeline's metrics.
const (
	MetricsNamespace = "grundy"
	ReachRanksMetric = "reach_ranks_sent"
	ReachBytesMetric = "reach_bytes_sent"
)

// on reports whether tiers may be split, so reachability is by range.
func (s Split) on() bool { return s.Into > 1 || s.Ranks > 0 }

// reachFlushAt is how many child ranks a range's worker buffers before
// sending them (a range's moves may reach many more ranks than fit).
var reachFlushAt = 1 << 22

// reachByRange adds the stages that mark every tier's reachable ranks
// range by range, stage after stage by depth (byDepth: the tiers of each
// depth); it returns each tier's counts: (tier, rangeCount) and a mark
// (tier, nil) for every tier.
func reachByRange(s beam.Scope, spec, out string, sp Split, byDepth [][]int64, rounds int) beam.PCollection {
	l, _ := lookup(spec) // Construct looked it up
	imp := beam.Impulse(s)
	msgs, marks := beam.ParDo2(s.Scope("seed"), &seedRangesFn{Game: spec, Split: sp}, imp)
	all := []beam.PCollection{msgs}
	counts := []beam.PCollection{marks}
	for d, ts := range byDepth {
		if len(ts) == 0 {
			continue // every tier of this depth skipped (reachNeeded)
		}
		st := s.Scope(fmt.Sprintf("reach-%d", d))
		in := beam.GroupByKey(st, beam.ParDo(st, &rangeStageFn{Tiers: ts}, beam.Flatten(st, all...)))
		kids, state, inside, count := beam.ParDo4(st, &reachRangeFn{Game: spec, Out: out, Split: sp}, in)
		all = append(all, kids)
		counts = append(counts, count)
		closing := false
		for _, t := range ts {
			pt := l.by[game.Tier(t)]
			closing = closing || pt.Loopy && numRanges(pt.Size, sp.ranks(pt)) > 1
		}
		if !closing {
			continue
		}
		for r := range rounds {
			rs := st.Scope(fmt.Sprintf("close-%d", r))
			var more beam.PCollection
			more, state, inside = beam.ParDo3(rs, &closeFn{Game: spec, Split: sp}, beam.CoGroupByKey(rs, state, inside))
			all = append(all, more)
		}
		counts = append(counts, beam.ParDo(st, &settleReachFn{Game: spec, Out: out, Split: sp, Rounds: rounds}, beam.CoGroupByKey(st, state, inside)))
	}
	return beam.Flatten(s, counts...)
}

// rangeCount is what the solving stages learn of range i of a tier: the
// number of reachable ranks its reachability part marks.
func rangeCount(i, n int64) []byte {
	return binary.BigEndian.AppendUint64(binary.BigEndian.AppendUint64(nil, uint64(i)), uint64(n))
}

// rangeCounts reads a tier's counts (rangeCount's, and marks) into a map
// from range to count of the ranges with reachable ranks.
func rangeCounts(pt tier.PlanTier, counts func(*[]byte) bool) (map[int64]int64, error) {
	out := map[int64]int64{}
	var b []byte
	for counts(&b) {
		switch {
		case len(b) == 0:
		case len(b) == 16:
			i, n := int64(binary.BigEndian.Uint64(b)), int64(binary.BigEndian.Uint64(b[8:]))
			if _, dup := out[i]; dup {
				return nil, fmt.Errorf("tier %s: two counts of range %d", pt.Name, i)
			}
			if n > 0 {
				out[i] = n
			}
		default:
			return nil, fmt.Errorf("tier %s: a count of %d bytes", pt.Name, len(b))
		}
	}
	return out, nil
}

// appendRanks appends offs (ranks within a range, sorted, distinct) to
// dst as varints of their gaps less one.
func appendRanks(dst []byte, offs []int64) []byte {
	prev := int64(-1)
	for _, o := range offs {
		dst = binary.AppendUvarint(dst, uint64(o-prev-1))
		prev = o
	}
	return dst
}

// eachRank calls f with each offset appendRanks wrote in b, which must
// be below n.
func eachRank(b []byte, n int64, f func(int64)) error {
	off := int64(-1)
	for len(b) > 0 {
		v, k := binary.Uvarint(b)
		if k <= 0 || v >= uint64(n) {
			return fmt.Errorf("a malformed message of reached ranks")
		}
		b = b[k:]
		off += int64(v) + 1
		if off >= n {
			return fmt.Errorf("a message of reached ranks past its range's %d ranks", n)
		}
		f(off)
	}
	return nil
}

// seedRangesFn sends the start's rank to its range, and a mark for every
// tier.
type seedRangesFn struct {
	Game  string
	Split Split
}

func (f *seedRangesFn) ProcessElement(_ []byte, msg func(string, []byte), mark func(int64, []byte)) error {
	l, err := lookup(f.Game)
	if err != nil {
		return err
	}
	for _, pt := range l.plan.Tiers {
		mark(int64(pt.Tier), nil)
	}
	pt := l.by[l.plan.StartTier]
	ranks := f.Split.ranks(pt)
	i := l.plan.StartRank / ranks
	msg(placeKey(pt.Tier, i), appendRanks(nil, []int64{l.plan.StartRank - i*ranks}))
	return nil
}

// rangeStageFn keeps the messages to the ranges of one stage's tiers.
type rangeStageFn struct{ Tiers []int64 }

func (f *rangeStageFn) ProcessElement(key string, b []byte, emit func(string, []byte)) {
	if t, _, err := parsePlace(key); err == nil && slices.Contains(f.Tiers, int64(t)) {
		emit(key, b)
	}
}

// rangeReach is one range's bitmap while its worker expands it.
type rangeReach struct {
	ctx    context.Context
	l      *looked
	x      loopyRanger
	split  Split
	pt     tier.PlanTier
	i      int64
	r0, n  int64
	bm     []uint64
	buf    map[string][]int64 // a range's key → ranks reached in it (offsets)
	held   int
	opts   []tier.Option
	child  func(string, []byte) // messages to child tiers' ranges
	inside func(string, []byte) // messages to this tier's other ranges
}

func newRangeReach(spec string, sp Split, key string) (*rangeReach, error) {
	_, i, l, pt, err := placeTier(spec, key)
	if err != nil {
		return nil, err
	}
	x, err := l.loopyRanger()
	if err != nil {
		return nil, err
	}
	ranks := sp.ranks(pt)
	r0 := i * ranks
	if i < 0 || r0 >= pt.Size {
		return nil, fmt.Errorf("tier %s has no range %d", pt.Name, i)
	}
	n := min(ranks, pt.Size-r0)
	return &rangeReach{l: l, x: x, split: sp, pt: pt, i: i, r0: r0, n: n, bm: make([]uint64, tier.ReachBits(n)), buf: map[string][]int64{}}, nil
}

// add marks the ranks of messages b (appendRanks') and reports how many
// were new.
func (e *rangeReach) add(b []byte) (int64, error) {
	var added int64
	err := eachRank(b, e.n, func(o int64) {
		if w, bit := &e.bm[o>>6], uint64(1)<<(o&63); *w&bit == 0 {
			*w |= bit
			added++
		}
	})
	if err != nil {
		return 0, fmt.Errorf("tier %s: %w", e.pt.Name, err)
	}
	return added, nil
}

// expand expands the marked positions done does not hold (all of them if
// done is nil): the ranks their moves reach in child tiers and in other
// ranges of this tier are buffered as messages; those in this range are
// marked and expanded in turn, sweep after sweep, so the range ends
// closed under the moves inside it. done, if not nil, ends equal to bm.
func (e *rangeReach) expand(done []uint64) error {
	if done == nil {
		done = make([]uint64, len(e.bm))
	}
	t := e.pt.Tier
	ranks := e.split.ranks(e.pt)
	for changed := true; changed; {
		changed = false
		for w := range e.bm {
			word := e.bm[w] &^ done[w]
			done[w] |= word
			for ; word != 0; word &= word - 1 {
				r := e.r0 + (int64(w)<<6 | int64(bits.TrailingZeros64(word)))
				var err error
				if e.opts, err = e.x.Moves(t, r, e.opts[:0]); err != nil {
					return tierError(e.pt.Name, err)
				}
				for _, o := range e.opts {
					if o.Tier == t && o.Rank >= e.r0 && o.Rank < e.r0+e.n {
						q := o.Rank - e.r0
						if e.bm[q>>6]&(1<<(q&63)) == 0 {
							e.bm[q>>6] |= 1 << (q & 63)
							changed = true
						}
						continue
					}
					cr := ranks
					if o.Tier != t {
						cr = e.split.ranks(e.l.by[o.Tier])
					}
					j := o.Rank / cr
					k := placeKey(o.Tier, j)
					e.buf[k] = append(e.buf[k], o.Rank-j*cr)
					e.held++
				}
				if e.held >= reachFlushAt {
					e.flush()
				}
			}
		}
	}
	e.flush()
	return nil
}

// flush sends the buffered ranks, one message per range.
func (e *rangeReach) flush() {
	var ranks, bytes int64
	for k, offs := range e.buf {
		slices.Sort(offs)
		offs = slices.Compact(offs)
		m := appendRanks(nil, offs)
		ranks += int64(len(offs))
		bytes += int64(len(k) + len(m))
		if t, _, _ := parsePlace(k); t == e.pt.Tier {
			e.inside(k, m)
		} else {
			e.child(k, m)
		}
	}
	if ranks > 0 {
		reachRanksSent.Inc(e.ctx, ranks)
		reachBytesSent.Inc(e.ctx, bytes)
	}
	clear(e.buf)
	e.held = 0
}

// closing reports whether the range's tier is closed in rounds (a loopy
// tier of several ranges).
func (e *rangeReach) closing() bool {
	return e.pt.Loopy && numRanges(e.pt.Size, e.split.ranks(e.pt)) > 1
}

// write writes the range's bitmap as its reachability part and sends
// its count on.
func (e *rangeReach) write(ctx context.Context, spec, dir string, count func(int64, []byte)) error {
	var n int64
	if reachCount(e.bm) > 0 {
		var err error
		if n, err = writeReachPart(ctx, dir, spec, e.pt, e.r0, e.n, e.bm); err != nil {
			return err
		}
	}
	if ReachHook != nil {
		ReachHook(int64(e.pt.Tier), e.i, n)
	}
	count(int64(e.pt.Tier), rangeCount(e.i, n))
	return nil
}

// ReachHook, if set, is told each range's count of reachable ranks as
// its reachability part is written (tests compare them with the
// database's).
var ReachHook func(tier, rng, count int64)

func reachCount(bm []uint64) int64 {
	var n int64
	for _, w := range bm {
		n += int64(bits.OnesCount64(w))
	}
	return n
}

// reachRangeFn builds one range's bitmap from the ranks its parents'
// ranges reach in it and expands it (rangeReach.expand); it writes the
// bitmap as the range's reachability part, or, for a loopy tier of
// several ranges, sends it to the rounds that close the tier.
type reachRangeFn struct {
	Game, Out string
	Split     Split
}

func (f *reachRangeFn) ProcessElement(ctx context.Context, key string, msgs func(*[]byte) bool,
	child func(string, []byte), state func(string, []byte), inside func(string, []byte), count func(int64, []byte)) error {
	defer startTask()()
	e, err := newRangeReach(f.Game, f.Split, key)
	if err != nil {
		return err
	}
	e.ctx, e.child, e.inside = ctx, child, inside
	var b []byte
	for msgs(&b) {
		if _, err := e.add(b); err != nil {
			return err
		}
	}
	if err := e.expand(nil); err != nil {
		return err
	}
	if e.closing() {
		state(key, encodeBits(e.bm))
		return nil
	}
	return e.write(ctx, f.Game, f.Out, count)
}

// rangeState reads a closing range's bitmap: its one state, or none for
// a range reached only by its own tier's other ranges.
func (e *rangeReach) state(states func(*[]byte) bool) error {
	var b []byte
	n := 0
	for states(&b) {
		if n++; n > 1 {
			return fmt.Errorf("tier %s: two states of range %d", e.pt.Name, e.i)
		}
		if err := orBits(e.bm, b); err != nil {
			return fmt.Errorf("tier %s: %w", e.pt.Name, err)
		}
	}
	return nil
}

// closeFn is a round of a loopy tier's closure for one range: the ranks
// other ranges' new positions reach in it are marked and expanded.
type closeFn struct {
	Game  string
	Split Split
}

func (f *closeFn) ProcessElement(ctx context.Context, key string, states, msgs func(*[]byte) bool,
	child func(string, []byte), state func(string, []byte), inside func(string, []byte)) error {
	defer startTask()()
	e, err := newRangeReach(f.Game, f.Split, key)
	if err != nil {
		return err
	}
	e.ctx, e.child, e.inside = ctx, child, inside
	if err := e.state(states); err != nil {
		return err
	}
	done := slices.Clone(e.bm)
	var b []byte
	for msgs(&b) {
		if _, err := e.add(b); err != nil {
			return err
		}
	}
	if err := e.expand(done); err != nil {
		return err
	}
	state(key, encodeBits(e.bm))
	return nil
}

// settleReachFn ends a loopy tier's closure for one range: the last
// round's messages must reach nothing new (else the tier needs more
// rounds); the range's bitmap is written as its reachability part.
type settleReachFn struct {
	Game, Out string
	Split     Split
	Rounds    int
}

func (f *settleReachFn) ProcessElement(ctx context.Context, key string, states, msgs func(*[]byte) bool, count func(int64, []byte)) error {
	defer startTask()()
	e, err := newRangeReach(f.Game, f.Split, key)
	if err != nil {
		return err
	}
	if err := e.state(states); err != nil {
		return err
	}
	var b []byte
	for msgs(&b) {
		added, err := e.add(b)
		if err != nil {
			return err
		}
		if added > 0 {
			return tierError(e.pt.Name, fmt.Errorf("%s %d: its reachable positions are not closed under its moves after them", roundsMsg, f.Rounds))
		}
	}
	return e.write(ctx, f.Game, f.Out, count)
}

// Reachability parts ---------------------------------------------------

// writeReachPart writes ranks [r0, r0+n) of tier pt's bitmap as its
// reachability part (db.WriteReachPart) through a temporary name and a
// rename, and returns how many ranks it marks.
func writeReachPart(ctx context.Context, dir, spec string, pt tier.PlanTier, r0, n int64, bm []uint64) (int64, error) {
	fsys, err := filesystem.New(ctx, dir)
	if err != nil {
		return 0, err
	}
	defer fsys.Close()
	var count int64
	err = writeFaulty(ctx, fsys, dir, db.ReachPartName(uint64(pt.Tier), r0), Write{Tier: int64(pt.Tier), Reach: true, First: r0}, func(w io.Writer) error {
		var err error
		count, err = db.WriteReachPart(w, spec, uint64(pt.Tier), pt.Size, r0, n, bm)
		return err
	})
	if err != nil {
		return 0, tierError(pt.Name, fmt.Errorf("the reachability part of ranks %d to %d: %w", r0, r0+n, err))
	}
	return count, nil
}

// readReachPart reads range i of tier pt's reachability part: its first
// rank and bitmap; want is the count the range announced.
func readReachPart(ctx context.Context, fsys filesystem.Interface, dir, spec string, sp Split, pt tier.PlanTier, i, want int64) (int64, []uint64, error) {
	ranks := sp.ranks(pt)
	r0 := i * ranks
	if i < 0 || r0 >= pt.Size {
		return 0, nil, fmt.Errorf("tier %s has no range %d", pt.Name, i)
	}
	n := min(ranks, pt.Size-r0)
	path := join(dir, db.ReachPartName(uint64(pt.Tier), r0))
	r, err := fsys.OpenRead(ctx, path)
	if err != nil {
		return 0, nil, tierError(pt.Name, fmt.Errorf("the reachability part of ranks %d to %d: %w", r0, r0+n, err))
	}
	defer r.Close()
	bm, count, err := db.ReadReachPart(r, spec, uint64(pt.Tier), pt.Size, r0, n)
	if err == nil && count != want {
		err = fmt.Errorf("it marks %d ranks, its range announced %d", count, want)
	}
	if err != nil {
		return 0, nil, tierError(pt.Name, fmt.Errorf("%s: %w", path, err))
	}
	return r0, bm, nil
}

// removeReachParts removes tier pt's reachability parts of the ranges
// whose first ranks are firsts, once its file is written.
func removeReachParts(ctx context.Context, fsys filesystem.Interface, dir string, pt tier.PlanTier, firsts []int64) error {
	names := make([]string, len(firsts))
	for i, r0 := range firsts {
		names[i] = join(dir, db.ReachPartName(uint64(pt.Tier), r0))
	}
	return remove(ctx, fsys, names)
}
