package c4search

import "sync/atomic"

// busyTable marks the positions near the root whose children a thread is
// searching, so that another thread at their parent searches its other
// children first and comes back to them later, when the first thread's
// table entries usually settle them (Weill's ABDADA, 1996: "deferred" young
// brothers, "exclusive" searches; here with a flag per position rather
// than a count, for few threads). Only the search order depends on it:
// a thread finds its way to every child either way, so the values are the
// same whatever the marks say, and a mark lost to a collision or a race
// only costs duplicated work.
//
// Lazy SMP alone (jitter) leaves two threads on one test mostly in the
// same subtrees, the second finding the first's entries only for the
// subtrees the first has finished; at a node where every child must be
// searched (the common case of a null window's refutations) the marks
// split the children between the threads.
type busyTable struct {
	w [busySlots]atomic.Uint64
}

// busySlots is a power of two, far more than the positions marked at once
// (the plies near the root of each thread's path).
const busySlots = 1 << 10

// busyTag is the mark of position key in the test salted by salt: never
// 0 (a free slot), and the slot is its low bits.
func busyTag(key, salt uint64) uint64 { return mix(key^salt) | 1 }

// enter marks the position of tag as searched and returns tag, or 0 when
// its slot is taken (by another position or thread), leaving it as it
// is.
func (b *busyTable) enter(tag uint64) uint64 {
	s := &b.w[tag&(busySlots-1)]
	if s.Load() != 0 {
		return 0
	}
	s.Store(tag)
	return tag
}

// leave clears a mark of enter (0: none).
func (b *busyTable) leave(tag uint64) {
	if tag != 0 {
		b.w[tag&(busySlots-1)].Store(0)
	}
}

// taken reports whether a thread is searching the position of tag.
func (b *busyTable) taken(tag uint64) bool {
	return b.w[tag&(busySlots-1)].Load() == tag
}

// deferEmpty: a thread marks a position and defers its busy children only
// with more empty cells than this, where subtrees are large enough to pay
// for the marks (two stores and a load per child, on lines both threads
// write).
const deferEmpty = 22
