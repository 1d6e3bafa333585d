package search

import (
	"hash/maphash"
	"math/bits"
	"sync"
	"unsafe"

	"github.com/grundy-go/grundy/budget"
)

// table is the transposition table: bounds of scores by position.
type table[P comparable] interface {
	// get returns the stored bounds of p's score and its best move
	// (-1 when none); ok is false when p is not stored.
	get(p P) (lo, hi int32, best int, ok bool)
	// put stores bounds of p's score, its best move and the work its
	// search took (log₂ of the nodes).
	put(p P, lo, hi int32, best int, work uint8)
	// hashOf is the bucket hash of p, for the history table.
	hashOf(p P) uint64
}

// entry is one slot: a key (the position itself, or its perfect key),
// bounds and the best move.
type entry[K comparable] struct {
	key    K
	lo, hi int32
	best   int16
	work   uint8
	used   bool
}

// buckets is a power-of-two array of two-slot buckets: slot 0 keeps the
// entry that cost the most work (depth-preferred), slot 1 takes every
// other write (always-replace). A fixed array of locks guards them.
type buckets[K comparable] struct {
	b     [][2]entry[K]
	mask  uint64
	locks [1024]sync.Mutex
}

func newBuckets[K comparable](size int64) (*buckets[K], error) {
	per := int64(unsafe.Sizeof([2]entry[K]{}))
	n := size / per
	if n < 1 {
		return nil, budget.Exceed(budget.Memory, size, "a transposition table of %s holds no entry (one bucket takes %d bytes)", budget.FormatBytes(size), per)
	}
	n = 1 << (63 - bits.LeadingZeros64(uint64(n)))
	return &buckets[K]{b: make([][2]entry[K], n), mask: uint64(n - 1)}, nil
}

func (t *buckets[K]) get(h uint64, k K) (lo, hi int32, best int, ok bool) {
	i := h & t.mask
	l := &t.locks[i&1023]
	l.Lock()
	bk := &t.b[i]
	for j := range bk {
		if e := &bk[j]; e.used && e.key == k {
			lo, hi, best = e.lo, e.hi, int(e.best)
			l.Unlock()
			return lo, hi, best, true
		}
	}
	l.Unlock()
	return 0, 0, -1, false
}

func (t *buckets[K]) put(h uint64, k K, lo, hi int32, best int, work uint8) {
	i := h & t.mask
	l := &t.locks[i&1023]
	l.Lock()
	bk := &t.b[i]
	e := &bk[1]
	switch {
	case bk[0].used && bk[0].key == k:
		e = &bk[0]
	case bk[1].used && bk[1].key == k:
		// Bounds of the same position: keep the tighter of both.
		lo, hi = max(lo, bk[1].lo), min(hi, bk[1].hi)
		if best < 0 {
			best = int(bk[1].best)
		}
		if work >= bk[0].work || !bk[0].used {
			// Promote it to the depth-preferred slot; the old one
			// moves to the always-replace slot.
			bk[1] = bk[0]
			e = &bk[0]
		}
	case !bk[0].used || work >= bk[0].work:
		bk[1] = bk[0]
		e = &bk[0]
	}
	if e.used && e.key == k {
		lo, hi = max(lo, e.lo), min(hi, e.hi)
		if best < 0 {
			best = int(e.best)
		}
		work = max(work, e.work)
	}
	*e = entry[K]{key: k, lo: lo, hi: hi, best: int16(best), work: work, used: true}
	l.Unlock()
}

// posTable stores positions themselves: a hit is exact whatever the key.
type posTable[P comparable] struct {
	*buckets[P]
	key  func(P) uint64
	seed maphash.Seed
}

func newPosTable[P comparable](size int64, key func(P) uint64) (*posTable[P], error) {
	b, err := newBuckets[P](size)
	if err != nil {
		return nil, err
	}
	return &posTable[P]{buckets: b, key: key, seed: maphash.MakeSeed()}, nil
}

func (t *posTable[P]) hash(p P) uint64 {
	if t.key != nil {
		return mix(t.key(p))
	}
	return maphash.Comparable(t.seed, p)
}

func (t *posTable[P]) hashOf(p P) uint64 { return t.hash(p) }

func (t *posTable[P]) get(p P) (int32, int32, int, bool) { return t.buckets.get(t.hash(p), p) }
func (t *posTable[P]) put(p P, lo, hi int32, best int, work uint8) {
	t.buckets.put(t.hash(p), p, lo, hi, best, work)
}

// keyTable stores perfect keys: a different key is a different position.
type keyTable[P comparable] struct {
	*buckets[uint64]
	key func(P) uint64
}

func newKeyTable[P comparable](size int64, key func(P) uint64) (*keyTable[P], error) {
	b, err := newBuckets[uint64](size)
	if err != nil {
		return nil, err
	}
	return &keyTable[P]{buckets: b, key: key}, nil
}

func (t *keyTable[P]) hashOf(p P) uint64 { return mix(t.key(p)) }

func (t *keyTable[P]) get(p P) (int32, int32, int, bool) {
	k := t.key(p)
	return t.buckets.get(mix(k), k)
}
func (t *keyTable[P]) put(p P, lo, hi int32, best int, work uint8) {
	k := t.key(p)
	t.buckets.put(mix(k), k, lo, hi, best, work)
}

// mix spreads a key's bits over the bucket index (a perfect key such as
// a bitboard has long runs of equal low bits).
func mix(x uint64) uint64 {
	x ^= x >> 31
	x *= 0x7fb5d329728ea185
	x ^= x >> 27
	x *= 0x81dadef4bc2dd44d
	x ^= x >> 33
	return x
}
