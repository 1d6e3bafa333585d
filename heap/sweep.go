package heap

import (
	"slices"
	"sort"
)

// The sweeps of the splits of a heap into two: the plain loop's
// (plainSweep, shared with a helper goroutine when long) and the sparse
// method's over the rare heaps (sweepRare). The sparse method on two cores
// is in pipeline.go, its block sweep in block.go.

// parallelSplits is the number of splits of one heap from which the plain
// loop shares the work with a second goroutine: about 20 µs of work, far
// more than handing it over costs.
// (A variable so that the tests can exercise the parallel path.)
var parallelSplits = 1 << 15

// plainSweep marks the nim-sums of the splits (a, m−a) for lo ≤ a ≤ hi.
func plainSweep[T unsigned](seen []byte, g []T, m, lo, hi int) {
	g = g[:m]
	for a := lo; a <= hi; a++ {
		seen[g[a]^g[m-a]] = 1
	}
}

// helper is a second goroutine that takes half of a long sweep.
type helper struct {
	work  chan func([]byte)
	done  chan struct{}
	seen2 []byte
}

func newHelper() *helper {
	h := &helper{work: make(chan func([]byte)), done: make(chan struct{})}
	go func() {
		for f := range h.work {
			f(h.seen2)
			h.done <- struct{}{}
		}
	}()
	return h
}

// do starts f on the helper's table, sized like seen by the caller's
// next merge.
func (h *helper) do(f func([]byte)) { h.work <- f }

// merge waits for the helper and adds its marks to seen. The helper's
// table is sized on first use and whenever seen grows.
func (h *helper) merge(seen []byte) {
	<-h.done
	for i, x := range h.seen2[:min(len(seen), len(h.seen2))] {
		if x != 0 {
			seen[i] = 1
			h.seen2[i] = 0
		}
	}
}

func (h *helper) resize(n int) {
	if len(h.seen2) < n {
		h.seen2 = make([]byte, n)
	}
}

func (h *helper) stop() { close(h.work) }

// rareSweep marks the nim-sums of the splits (r, m−r) for the rare heaps
// r < m: the sparse method's main loop.
func rareSweep[T unsigned](seen []byte, g []T, m int, rare []uint32) {
	g = g[:m]
	for _, r := range rare {
		seen[g[r]^g[m-int(r)]] = 1
	}
}

// sweepRare marks the nim-sums of the splits of n−k (k in split2) into two
// heaps of which one is in rare (sorted), less the equal splits when
// unequal: the sparse method's main loop.
func sweepRare[T unsigned](seen []byte, g []T, n int, split2 []int, unequal bool, rare []uint32) {
	if len(rare) == 0 {
		return
	}
	if !unequal && len(split2) == 2 && n-split2[1] >= 2 {
		// Two split amounts (Kayles, 0.376, …): one pass over the rare
		// heaps marks the splits of both n−k0 and n−k1.
		m1, m2 := n-split2[0], n-split2[1]
		rare := rare[:sort.Search(len(rare), func(i int) bool { return int(rare[i]) >= m1 })]
		both := sort.Search(len(rare), func(i int) bool { return int(rare[i]) >= m2 })
		rareSweep2(seen, g, m1, m2, rare[:both])
		rareSweep(seen, g, m1, rare[both:])
		return
	}
	for _, k := range split2 {
		m := n - k
		if m < 2 {
			break
		}
		// The rare heaps below m, less m/2 when splits are unequal.
		rare := rare[:sort.Search(len(rare), func(i int) bool { return int(rare[i]) >= m })]
		skip := -1
		if unequal && m%2 == 0 {
			if i, ok := slices.BinarySearch(rare, uint32(m/2)); ok {
				skip = i
			}
		}
		if skip >= 0 {
			rareSweep(seen, g, m, rare[:skip])
			rareSweep(seen, g, m, rare[skip+1:])
		} else {
			rareSweep(seen, g, m, rare)
		}
	}
}

// rareSweep2 is rareSweep for two heap sizes m1 > m2 at once, for rare
// heaps r < m2.
func rareSweep2[T unsigned](seen []byte, g []T, m1, m2 int, rare []uint32) {
	g = g[:m1]
	for _, r := range rare {
		x := g[r]
		seen[x^g[m1-int(r)]] = 1
		seen[x^g[m2-int(r)]] = 1
	}
}
