package c4search

import (
	"math/bits"
	"runtime"
	"sync/atomic"

	"github.com/grundy-go/grundy/budget"
)

// table is the transposition table: 2^k buckets of two 64-bit words.
//
// A word is m>>16 (48 bits) | work (5 bits) | move (4 bits) | value (7
// bits), where m is
// a bijective mix of the position's key (Pons' position+mask, unique per
// board) and the bucket index is m's low k bits. With k >= 16 the stored
// bits and the index together are all 64 bits of m, so a stored word
// matches exactly one position: no false hit is possible, for every board
// the bitboard holds (W*(H+1) <= 64). Each word is written and read with
// one load or store of a whole aligned word (see storeWord), so threads
// share the table without locks and never see half an entry.
//
// Value is the encoded bound (see negamax; never 0 in a stored entry),
// move the column+1 of the move that proved a lower bound (0 for none; in
// the orientation of the stored key), work the bit length of the
// number of nodes searched below the entry (at most 31).
//
// Replacement: word 0 of a bucket is depth-preferred (it keeps the entry
// with the largest subtree below it), word 1
// takes every other write (always-replace).
type table struct {
	w    []uint64
	mask uint64 // buckets - 1
	// m is the mapping that holds w when w is outside the Go heap (see
	// mapWords), else nil; cleanup unmaps it if the table is dropped
	// without free.
	m       []byte
	cleanup runtime.Cleanup
}

// minBuckets keeps the index at 16 bits or more (see table).
const minBuckets = 1 << 16

// MinTTSize is the smallest table: 2^16 buckets of 16 bytes.
const MinTTSize = minBuckets * 16

// offHeapMin is the smallest table mapped outside the Go heap (Linux).
// Below it a table is a Go slice: such tables are what tests and small
// boards use, by the hundred, and the GC frees a dropped one on its own,
// paced by the heap it counts in; memory outside the heap does not pace
// the GC, so a mapped table nobody frees waits for a collection that a
// small heap makes rare. The huge pages matter for the large tables,
// whose random lookups miss the TLB. Tests lower it.
var offHeapMin int64 = 64 << 20

// mapped counts the tables mapped and not yet unmapped (for tests).
var mapped atomic.Int64

func newTable(size int64) (*table, error) {
	n := size / 16
	if n < minBuckets {
		return nil, budget.Exceed(budget.Memory, size, "a transposition table of %s is too small for the Connect-4 search: it needs at least %s", budget.FormatBytes(size), budget.FormatBytes(MinTTSize))
	}
	n = 1 << (63 - bits.LeadingZeros64(uint64(n)))
	t := &table{mask: uint64(n - 1)}
	if 16*n >= offHeapMin {
		if m, w := mapWords(int(2 * n)); w != nil {
			t.w, t.m = w, m
			// The cleanup holds the mapping, not t, so that t can become
			// unreachable; whoever reads t.w keeps t alive meanwhile
			// (clear, and Solver.exact until its threads are done).
			t.cleanup = runtime.AddCleanup(t, unmapWords, m)
			return t, nil
		}
	}
	t.w = make([]uint64, 2*n)
	adviseHuge(t.w)
	return t, nil
}

// free unmaps a mapped table now (the GC would unmap it only after a
// collection finds it unreachable); t is empty afterwards. The caller
// makes sure nothing uses t any more (Solver.Close holds the Solver's
// lock).
func (t *table) free() {
	if t.m != nil {
		t.cleanup.Stop()
		unmapWords(t.m)
	}
	t.w, t.m, t.mask = nil, nil, 0
}

func (t *table) bytes() int64 { return int64(len(t.w)) * 8 }

// clear empties the table; its pages are then all present, and are made
// huge where the kernel can (see collapseHuge).
func (t *table) clear() {
	clear(t.w)
	collapseHuge(t.w)
	// t.w may be outside the heap: t must outlive the writes.
	runtime.KeepAlive(t)
}

// mix is a bijection of uint64 (the splitmix64 finaliser).
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

const keyMask = ^uint64(0xffff)

// touch prefetches key's bucket (see prefetch).
func (t *table) touch(key uint64) {
	prefetch(&t.w[(mix(key)&t.mask)<<1])
}

// get returns the entry stored for key: value (0 when none) and move+1
// (0 when none).
func (t *table) get(key uint64) (value, move int) {
	m := mix(key)
	i := (m & t.mask) << 1
	tag := m & keyMask
	w := t.w[i : i+2 : i+2]
	if e := loadWord(&w[0]); e&keyMask == tag {
		return int(e & 0x7f), int(e>>7) & 0xf
	}
	if e := loadWord(&w[1]); e&keyMask == tag {
		return int(e & 0x7f), int(e>>7) & 0xf
	}
	return 0, 0
}

// put stores value (1 to 127) and move+1 (0 to 15) for key; nodes, the
// size of the subtree searched, ranks entries for the depth-preferred
// slot (by its bit length).
func (t *table) put(key uint64, value, move int, nodes int64) {
	m := mix(key)
	i := (m & t.mask) << 1
	tag := m & keyMask
	work := min(uint64(bits.Len64(uint64(nodes))), 0x1f)
	e := tag | work<<11 | uint64(move&0xf)<<7 | uint64(value&0x7f)
	w := t.w[i : i+2 : i+2]
	old := loadWord(&w[0])
	switch {
	case old&keyMask == tag || (old>>11)&0x1f <= work || old == 0:
		storeWord(&w[0], e)
		if old&keyMask != tag && old != 0 {
			storeWord(&w[1], old)
		}
	default:
		storeWord(&w[1], e)
	}
}
