package heap

import "math/bits"

// move is a move of the rule that removes k tokens and leaves no heap or
// one heap (bits: LeaveNone, LeaveOne).
type move struct {
	k    int
	bits uint8
}

// state is what the value loop keeps besides the values themselves; it
// does not depend on their integer type.
type state struct {
	r      *Rule
	upto   int
	opts   Options
	sparse bool

	moves    []move // digits that remove k tokens and leave 0 or 1 heaps
	split2   []int  // k whose digit allows two heaps
	split3   []int  // k whose digit allows three heaps
	tailL    int    // the tail digit applies to k >= tailL
	tailBits uint8
	unequal  bool

	maxVal uint32
	// seen[v] is 1 when v is the value of an option of the heap being
	// solved (2: a candidate of the sparse method's search). Bytes, not
	// bits: the loops over splits then store without reading, which keeps
	// them free of a dependency through memory.
	seen     []byte
	clearAll bool     // clear seen whole, not by dirty entries (splitting rules)
	dirty    []uint32 // entries of seen to clear

	// Sparse-space method: values v with an even number of bits in v&mask
	// are "rare"; rare lists the heaps 1 ≤ i < n with a rare value.
	mask    uint32
	rareTab []bool // isRare of each value below len(seen)
	rare    []uint32
	cands   []uint32
	// lists[w] holds the heaps below listed with value w, in order (the
	// sparse method's search by value, pairs.go); pairs[v] caches the
	// pairs of values walked for candidate v, valid while pairsAt[v] is
	// pairsGen.
	lists     [][]uint32
	pairs     [][]valuePair
	pairsAt   []int
	pairsGen  int
	walks     []pairWalk
	nextPairs int // heap at which the pair types are next re-sorted
	nextCheck int

	// Tail LeaveOne: every heap 1..n-tailL is an option; the values of the
	// heaps 1..prefixN-1 are present in the union-find "next absent value"
	// structure parent.
	prefixN int
	parent  []uint32

	nextPeriodCheck int
	watch           periodWatch // the run loop's period search (UsePeriod)
	spill           *spillFile  // the file that holds the values, if they spilled
	filled          bool        // the values were filled by the proven period watch.p
	// scanSize is the number of common heaps the far sweep scans
	// (pipeline.go), adapted to resolveSteps, the steps resolve took
	// since the last block.
	scanSize, resolveSteps int
	helper                 *helper // second core for the plain loop, while running
	far                    *farPipe
	farLo, farHi           int // the far rare heaps are rare[farLo:farHi]
	midLo                  int // the middle ones rare[midLo:farLo] (midStep)
	// midN is the first heap of the run whose middle rare heaps midStep
	// swept into its rows (-1: none; value then sweeps them into seen).
	midN int
}

func newState(r *Rule, upto int, opts Options) *state {
	st := &state{r: r, upto: upto, opts: opts, sparse: opts.Method == Sparse, unequal: r.Unequal}
	digits := r.Digits
	if r.Fib {
		digits = append([]uint8(nil), r.Digits...)
		for a, b := 1, 2; a < upto; a, b = b, a+b {
			for len(digits) <= a {
				digits = append(digits, r.Tail)
			}
			digits[a] |= 3
		}
	}
	for k, d := range digits {
		if d&(LeaveNone|LeaveOne) != 0 {
			st.moves = append(st.moves, move{k, d & (LeaveNone | LeaveOne)})
		}
		if d&LeaveTwo != 0 {
			st.split2 = append(st.split2, k)
		}
		if d&LeaveThree != 0 {
			st.split3 = append(st.split3, k)
		}
	}
	st.tailL, st.tailBits = len(digits), r.Tail
	st.prefixN = 1
	st.clearAll = len(st.split2)+len(st.split3) > 0
	st.seen = make([]byte, 2)
	st.nextCheck = 1024
	st.nextPeriodCheck = 64
	st.midN = -1
	st.scanSize = farScan
	return st
}

// absorb brings the state up to date with values already known.
func absorb[T unsigned](st *state, g []T) {
	for _, v := range g {
		st.noteValue(uint32(v))
	}
	if st.sparse && len(st.split2) > 0 && len(g) >= st.nextCheck {
		st.chooseMask(len(g), func(i int) uint32 { return uint32(g[i]) })
		for st.nextCheck <= len(g) {
			st.nextCheck *= 4
		}
	}
	if st.sparse && len(st.split2) > 0 {
		st.rebuildRare(len(g), func(i int) uint32 { return uint32(g[i]) })
		if st.tailBits == 0 {
			st.lists = [][]uint32{}
			for i := 1; i < min(len(g), listed); i++ {
				st.noteIndex(i, uint32(g[i]))
			}
		}
	}
	st.nextPeriodCheck = max(st.nextPeriodCheck, len(g))
}

func (st *state) absorb(g any) {
	switch g := g.(type) {
	case []uint8:
		absorb(st, g)
	case []uint16:
		absorb(st, g)
	case []uint32:
		absorb(st, g)
	}
}

// noteValue keeps maxVal and the size of marks up to date: marks must hold
// every value below the next power of two above maxVal, since the nim-sum
// of such values stays below it.
func (st *state) noteValue(v uint32) {
	if v <= st.maxVal && st.maxVal != 0 {
		return
	}
	st.maxVal = max(st.maxVal, v)
	if need := 1 << bits.Len32(st.maxVal); need > len(st.seen) {
		st.seen = append(st.seen, make([]byte, need-len(st.seen))...)
		st.setRareTab()
	}
	if st.helper != nil {
		st.helper.resize(len(st.seen))
	}
}

func (st *state) isRare(v uint32) bool { return bits.OnesCount32(v&st.mask)&1 == 0 }

// setRareTab makes rareTab[v] = isRare(v) for every v below len(seen).
func (st *state) setRareTab() {
	st.rareTab = st.rareTab[:0]
	for v := range len(st.seen) {
		st.rareTab = append(st.rareTab, st.isRare(uint32(v)))
	}
}

// chooseMask picks the mask that makes the fewest heaps 1..n-1 rare, by a
// histogram of their values. Any mask gives the right values; a good one
// makes the sparse method fast (Flammenkamp).
func (st *state) chooseMask(n int, at func(int) uint32) {
	b := min(bits.Len32(st.maxVal), 12)
	hist := make([]int, 1<<b)
	for i := 1; i < n; i++ {
		hist[at(i)&(1<<b-1)]++
	}
	best, bestCount := st.mask, -1
	for mask := uint32(0); mask < 1<<b; mask++ {
		c := 0
		for v, h := range hist {
			if h != 0 && bits.OnesCount32(uint32(v)&mask)&1 == 0 {
				c += h
			}
		}
		if bestCount < 0 || c < bestCount || c == bestCount && mask == st.mask {
			best, bestCount = mask, c
		}
	}
	if best != st.mask {
		st.mask = best
		st.setRareTab()
		st.rebuildRare(n, at)
		st.pairsGen++ // common values changed
	}
}

func (st *state) rebuildRare(n int, at func(int) uint32) {
	// A new array: the far sweep may still be reading the old one.
	st.rare = make([]uint32, 0, len(st.rare))
	for i := 1; i < n; i++ {
		if st.isRare(at(i)) {
			st.rare = append(st.rare, uint32(i))
		}
	}
}

func (st *state) mark(v uint32) {
	if st.seen[v] == 0 {
		st.seen[v] = 1
		if !st.clearAll {
			st.dirty = append(st.dirty, v)
		}
	}
}

func (st *state) marked(v uint32) bool {
	return int(v) < len(st.seen) && st.seen[v] != 0
}

func (st *state) clearMarks() {
	if st.clearAll {
		clear(st.seen)
		return
	}
	for _, v := range st.dirty {
		st.seen[v] = 0
	}
	st.dirty = st.dirty[:0]
}

// present adds v to the prefix set of the tail.
func (st *state) present(v uint32) {
	for uint32(len(st.parent)) < v+2 {
		st.parent = append(st.parent, uint32(len(st.parent)))
	}
	st.parent[v] = v + 1
}

// absent returns the least value >= v not in the prefix set.
func (st *state) absent(v uint32) uint32 {
	p := st.parent
	if int(v) >= len(p) {
		return v
	}
	for p[v] != v {
		q := p[v]
		if int(q) < len(p) {
			p[v] = p[q]
		}
		v = q
		if int(v) >= len(p) {
			return v
		}
	}
	return v
}
