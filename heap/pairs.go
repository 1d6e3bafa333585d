package heap

import (
	"cmp"
	"math/bits"
	"slices"
)

// The sparse method's search for rare values: a rare value v below the
// least missing common value is an option of heap n when some split of n
// has two common heaps with nim-sum v (splits with a rare heap were all
// swept already). This file finds such pairs.

// listed is the number of heaps (0..listed-1) the index lists of values
// cover (a variable so that the tests can make it small). Pairs are looked
// for among the smallest heaps first, and a witness nearly always lies far
// below 2^22, so a prefix serves a run of any length at 4 bytes a listed
// heap (16 MiB), and longer runs stay within the values' own width. When
// a search among the listed heaps fails on a heap larger than the lists,
// a plain scan over every split settles it.
var listed = 1 << 22

// shortScan is the number of splits (a, m−a), a = 1, 2, …, looked at for
// every candidate at once before the search by value: it settles the
// candidates that are the nim-sum of many pairs of values at a cost of a
// step each.
const shortScan = 64

// spreadWindows and spreadWidth: after the short scan, resolve scans up
// to spreadWindows runs of spreadWidth splits (a, n−k−a), their positions
// a spread over the listed heaps by bit reversal, before the search by
// value. Neighbouring heaps have related values (Grundy's game repeats a
// value three heaps on about a fifth of the time), so a run of splits
// finds fewer distinct nim-sums than as many splits far apart: on
// Grundy's game at 2^28, the candidates the far sweep leaves took 92
// splits on average to settle from a = 65 up, and 32 in runs of 16–32
// spread out, each split a few nanoseconds where a step of the search
// by value (a partner read 4 MiB away) costs several times that. The
// runs stay among the listed heaps (the first 2^22, whose partners are
// the last 2^22 values), which stay in the cache. A candidate left after
// them goes to the search by value, which also proves a candidate
// missing.
const (
	spreadWindows = 32
	spreadWidth   = 32
)

// spreadFrom is the heap from which resolve runs spreadScan: twice the
// listed heaps (a variable so that the tests can make it small).
var spreadFrom = 2 << 22

// resolve finishes the sparse method's mex: st.cands holds the rare values
// below the least missing common value c that no option with a rare heap
// has, in ascending order. Each is a nim-sum of two common heaps or not an
// option at all; the least that is not is the mex, and c if there is none.
//
// A short scan over the splits settles the easy ones. Each candidate v
// left is then looked up by value: a pair of common heaps with values u
// and o = u⊕v is found by walking the index list of the less frequent value
// u and testing the partner heap, trying partners o from the most frequent
// down, which finds a pair after about 1/freq(o) steps where a blind scan
// needs 1/(freq(u)·freq(o)). Every tested split settles whichever
// candidate its nim-sum is, so the walks for one candidate settle others on
// the way. Walking every pair of values to the end (and, past the lists,
// scanning every split) proves a candidate missing: it is then the mex.
func resolve[T unsigned](st *state, g []T, n int, c uint32) uint32 {
	left := len(st.cands)
	// Candidates are marked 2 in seen: every value below c that is not
	// seen (1) is a candidate, as all common option values are seen.
	seen := st.seen
	for _, v := range st.cands {
		seen[v] = 2
	}
	steps := n
	if st.lists != nil {
		steps = shortScan
	}
	if scanSplits(st, g, n, 1, steps, &left) {
		return c
	}
	if st.lists != nil && !st.spreadSwept(n) && spreadScan(st, g, n, &left) {
		return c
	}
	for _, v := range st.cands {
		if seen[v] != 2 {
			continue
		}
		if st.lists == nil || !walkPairs(st, g, n, v, &left) {
			return v
		}
		if left == 0 {
			return c
		}
	}
	return c
}

// scanSplits tests the splits (a, n−k−a) for lo ≤ a ≤ hi, every split
// amount k, smaller heap first: each nim-sum that is a candidate (seen 2)
// is settled. It reports whether no candidate is left.
func scanSplits[T unsigned](st *state, g []T, n, lo, hi int, left *int) bool {
	seen := st.seen
	// The split amounts are interleaved: a pair that one k lacks (0 = x⊕x
	// needs an even part) another k often has at once.
	hi = min(hi, n/2)
	for a := lo; a <= hi; a++ {
		for _, k := range st.split2 {
			m := n - k
			if 2*a > m {
				continue
			}
			x := g[a] ^ g[m-a]
			if seen[x] == 2 && !(st.unequal && 2*a == m) {
				seen[x] = 1
				if *left--; *left == 0 {
					st.resolveSteps += a - lo + 1
					return true
				}
			}
		}
	}
	st.resolveSteps += max(hi-lo+1, 0)
	return false
}

// spreadScan scans the splits of n whose smaller heap lies in up to
// spreadWindows runs of spreadWidth heaps spread over [shortScan+1,
// listed), settling candidates, and reports whether none is left. It
// runs only from n = spreadFrom on, where the lists cover a small part of
// the heaps and the search by value reads partners far apart: there it
// settles everything 98% of the time (Grundy's game at 2^28). Below, the
// search by value is cheaper: 0.376 to 5·10^6 took twice the CPU with
// the runs, which settled everything only 61% of the time. When the two
// cores' pipeline runs, its far sweep sweeps these runs for every heap of
// the block one block ahead (farStep), and resolve skips them
// (spreadSwept): the values are the same, and the main goroutine, the one
// the other waited for, is spared them.
func spreadScan[T unsigned](st *state, g []T, n int, left *int) bool {
	if n < spreadFrom {
		return false
	}
	for i := 1; i <= spreadWindows; i++ {
		lo := spreadStart(i)
		if scanSplits(st, g, n, lo, lo+spreadWidth-1, left) {
			return true
		}
	}
	return false
}

// spreadStart is the first heap of the i-th run of spreadScan (1 ≤ i ≤
// spreadWindows): the runs lie in [shortScan+1, listed), spread by bit
// reversal.
func spreadStart(i int) int {
	span := listed - shortScan - 1 - spreadWidth
	return shortScan + 1 + int(uint64(bits.Reverse32(uint32(i)))*uint64(span)>>32)
}

// walkPairs reports whether two common heaps with nim-sum v are an option
// of heap n, settling any other candidate met on the way. The pairs of
// values (u, o = u⊕v) are walked from u's list, round-robin with a budget
// that grows fourfold each round, partners o from the most frequent down:
// a pair of values with many splits of n is found early, and one with none
// costs no more than its share until the others are done. The pair of
// values that succeeds moves to the front for the next heap.
func walkPairs[T unsigned](st *state, g []T, n int, v uint32, left *int) bool {
	types := st.pairTypes(v)
	// The largest heap of a split of n: larger list entries end a walk.
	top := n - st.split2[0] - 1
	walks := st.walks[:0]
	budget := 8
	for i, tp := range types {
		w := pairWalk{list: st.lists[tp.u], u: tp.u, o: tp.o, at: i}
		if walkPair(st, g, n, top, &w, budget, left) {
			moveToFront(types, i)
			st.walks = walks
			return true
		}
		if w.pos < len(w.list) {
			walks = append(walks, w)
		}
	}
	for len(walks) > 0 {
		budget *= 4
		live := walks[:0]
		for _, w := range walks {
			if walkPair(st, g, n, top, &w, budget, left) {
				moveToFront(types, w.at)
				st.walks = walks
				return true
			}
			if w.pos < len(w.list) {
				live = append(live, w)
			}
		}
		walks = live
	}
	st.walks = walks
	if top < listed {
		return false // every heap of every split is listed: v is missing
	}
	// A split of n may have both heaps beyond the lists.
	scanSplits(st, g, n, 1, n, left)
	return st.seen[v] != 2
}

// walkPair tests the next budget heaps of w's list against their partners
// in the splits of n, settling every candidate it meets, and reports
// whether v (the candidate w.u⊕o) was. w.pos is then past the heaps
// tested, or at the end of the list when the rest are too large.
func walkPair[T unsigned](st *state, g []T, n, top int, w *pairWalk, budget int, left *int) bool {
	seen := st.seen
	end := min(len(w.list), w.pos+budget)
	list := w.list[w.pos:end]
	w.pos = end
	st.resolveSteps += len(list)
	for _, x := range list {
		a := int(x)
		if a > top {
			w.pos = len(w.list)
			return false
		}
		for _, k := range st.split2 {
			b := n - k - a
			if b < 1 {
				break
			}
			if st.unequal && a == b {
				continue
			}
			y := w.u ^ uint32(g[b])
			if seen[y] == 2 {
				seen[y] = 1
				*left--
				if y == w.u^w.o {
					return true
				}
			}
		}
	}
	return false
}

// moveToFront puts types[i] first: splits of consecutive heaps are alike,
// so the pair of values that had a split of n is tried first for n+1.
func moveToFront(types []valuePair, i int) {
	tp := types[i]
	copy(types[1:i+1], types[:i])
	types[0] = tp
}

type pairWalk struct {
	list []uint32
	u, o uint32
	pos  int
	at   int // index in the candidate's pair types
}

// valuePair is a pair of common values (u, o) whose nim-sum is a
// candidate, walked from the heaps of value u.
type valuePair struct{ u, o uint32 }

// pairTypes returns the pairs of listed common values with nim-sum v, to be
// walked from the shorter list, most frequent partner first. They are
// cached until the lists change (pairsGen).
func (st *state) pairTypes(v uint32) []valuePair {
	for int(v) >= len(st.pairs) {
		st.pairs = append(st.pairs, nil)
		st.pairsAt = append(st.pairsAt, -1)
	}
	if st.pairsAt[v] == st.pairsGen {
		return st.pairs[v]
	}
	ts := st.pairs[v][:0]
	for u := range st.lists {
		o := uint32(u) ^ v
		if st.isRare(uint32(u)) || int(o) >= len(st.lists) {
			continue
		}
		lu, lo := len(st.lists[u]), len(st.lists[o])
		if lu == 0 || lo == 0 || lu > lo || lu == lo && uint32(u) > o {
			continue // walked from o's side, or absent among the listed heaps
		}
		ts = append(ts, valuePair{u: uint32(u), o: o})
	}
	slices.SortFunc(ts, func(a, b valuePair) int {
		return cmp.Compare(len(st.lists[b.o]), len(st.lists[a.o]))
	})
	st.pairs[v], st.pairsAt[v] = ts, st.pairsGen
	return ts
}

// noteIndex records heap n with value v in the index lists (heaps below
// listed only).
func (st *state) noteIndex(n int, v uint32) {
	if n >= listed {
		return
	}
	for int(v) >= len(st.lists) {
		st.lists = append(st.lists, nil)
	}
	if len(st.lists[v]) == 0 {
		st.pairsGen++ // a new value: new pairs
	}
	st.lists[v] = append(st.lists[v], uint32(n))
	if n >= st.nextPairs {
		// The order of partners follows the frequencies.
		st.nextPairs = n + 4096
		st.pairsGen++
	}
}
