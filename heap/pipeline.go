package heap

import (
	"slices"
	"sort"
	"sync/atomic"
)

// The sparse method on two cores. Values are computed in blocks of
// farBlock heaps. A split (h, m−h) of a heap in the block [N, N+B) with a
// heap h ≥ 2B has m−h < N−B, so all splits with far heaps h in [2B, N−B)
// depend only on values known one block earlier: while the main goroutine
// computes block [N−B, N), the far rare heaps and the scanned ones (see
// farScan) are swept for block [N, N+B) into tables of one row per heap.
// The work is cut into chunks of farRowChunk heaps of the block that a
// second goroutine takes one by one, and so does the main goroutine when it is done with
// its block before the sweep is: neither waits for the other while there
// is work, whatever the load of the machine. Each goroutine marks its own
// rows, merged per heap. The main goroutine sweeps the near rare heaps
// (below 2B, or found from N−B on) itself.
const farBlock = 1024

// pipelineFrom is the heap from which the sparse method runs on two cores
// (for runs of at least twice as many values): eight blocks, below which
// there is little far work to share. (A variable so that the tests can
// run the pipeline on short runs; it must be a multiple of farBlock.)
var pipelineFrom = 8192

// farRowChunk is the number of rows (heaps of the block) of the far
// sweep taken at a time, each swept against every far heap. The chunks
// were of 32 heaps, each swept against the whole block: every chunk then
// read the block's rows again (512 KiB for 2-byte values, more than the
// core's cache), where a chunk of 64 rows (32 KiB) stays in the cache
// while every heap marks it, and each heap's partners of those rows are
// read once. The far sweep of Grundy's game at 2^25 takes about 30% less
// CPU so (BenchmarkFarSweep16).
const farRowChunk = 64

// farScan is the number of heaps h ≥ 2·farBlock whose splits (h, n−k−h)
// are swept with the far rare ones: pairs of common heaps that settle most
// of the rare candidates of the sparse method's mex before the search by
// value (pairs.go). They lie in farWindows runs spread over the known
// heaps, as pairs of values cluster by where the heaps lie. (On Grundy's
// game to 10^6, the search by value took four times as long after one run
// of 1024 heaps as after 32 runs of 32.)
//
// The number scanned adapts to the game (scanSize, between farWindows
// and farScan): the scan costs farScan·farBlock/8 loads a block and saves
// the steps of the search by value (resolve's steps, counted); it doubles
// when the search took more than twice the scan's cost in the last block,
// and halves when it took less than half. Grundy's game to 10^6 keeps the
// whole scan (its search takes 115 K steps a block against a scan of
// 131 K); 0.16, whose candidates are nearly all settled by the rare heaps,
// drops to 64-128 heaps, and 0.376 to 512; Kayles, which the scan never
// helps, to the least. The scan only marks more options, never others, so
// its size changes the speed, not the values.
const (
	farScan    = 1024
	farWindows = 32
)

type farPipe struct {
	jobs    chan func()
	done    chan struct{}
	pending bool
	// The rows of the block being computed, and of the one being swept:
	// the second goroutine's, and the main goroutine's own.
	cur, next       []byte
	curOwn, nextOwn []byte
	curN, nextN     int // first heap of each block (-1: none)
	curHi           int // rare[:curHi] was swept for cur (from index farLo)
	nextHi          int
	// The runs of resolve's spreadScan were swept into cur (next) too,
	// so resolve skips them.
	curSpread, nextSpread bool
	width                 int // bytes per row
	// The heaps of the sweep under way, and the chunks of them taken.
	work         []uint32
	scan, spread []uint32 // scratch for work
	chunks       []int
	taken        atomic.Int32
	sweep        func(rows, other []byte, lo, hi int) // chunk [lo, hi)
}

// farRows returns the rows of heap n, or nil when n is not in the block
// being computed.
func (st *state) farRows(n int) (row, own []byte) {
	p := st.far
	if p == nil || p.curN < 0 || n < p.curN || n >= p.curN+farBlock {
		return nil, nil
	}
	i := (n - p.curN) * p.width
	return p.cur[i : i+p.width], p.curOwn[i : i+p.width]
}

// spreadSwept reports whether the runs of spreadScan were swept for heap
// n with the far heaps (farStep), so that its rows hold their nim-sums.
func (st *state) spreadSwept(n int) bool {
	p := st.far
	return p != nil && p.curSpread && p.curN >= 0 && n >= p.curN && n < p.curN+farBlock
}

// takeChunks sweeps the chunks of the far sweep not yet taken into rows
// (clearing their rows of other, the other goroutine's table).
func (p *farPipe) takeChunks(rows, other []byte) {
	for {
		c := int(p.taken.Add(1)) - 1
		if c+1 >= len(p.chunks) {
			return
		}
		p.sweep(rows, other, p.chunks[c], p.chunks[c+1])
	}
}

// mergeSorted appends to dst the merge of a and b, both ascending.
func mergeSorted(dst, a, b []uint32) []uint32 {
	for len(a) > 0 && len(b) > 0 {
		if a[0] <= b[0] {
			dst, a = append(dst, a[0]), a[1:]
		} else {
			dst, b = append(dst, b[0]), b[1:]
		}
	}
	dst = append(dst, a...)
	return append(dst, b...)
}

// farStep is called at the start of each block at n: it finishes the
// sweep for this block (taking what is left of it) and starts the sweep
// for the next one.
func farStep[T unsigned](st *state, g []T, n int) {
	p := st.far
	if p.pending {
		p.takeChunks(p.nextOwn, p.next)
		<-p.done
		p.pending = false
	}
	p.cur, p.next = p.next, p.cur
	p.curOwn, p.nextOwn = p.nextOwn, p.curOwn
	p.curN, p.nextN = p.nextN, -1
	p.curHi = p.nextHi
	p.curSpread, p.nextSpread = p.nextSpread, false
	st.farHi = p.curHi
	if n+2*farBlock > st.upto || len(st.seen) > 1024 {
		return
	}
	// Sweep for [n+B, n+2B) the rare heaps in [2B, n), known now.
	lo := st.farLo
	hi := len(st.rare)
	if hi <= lo {
		return
	}
	width := len(st.seen)
	if _, ok := any(g).([]uint8); ok {
		width = 256 // the rows sweepBlock8 needs
	}
	if width != p.width || len(p.next) != farBlock*width {
		p.width = width
		p.next = make([]byte, farBlock*width)
		p.nextOwn = make([]byte, farBlock*width)
		if p.curN >= 0 && len(p.cur) != farBlock*width {
			p.curN = -1 // rows of another width: sweep this block alone
		}
	}
	start := n + farBlock
	p.nextN, p.nextHi = start, hi
	p.pending = true
	// The work: the far rare heaps, the scanned heaps and the runs of
	// spreadScan, each ascending, merged below.
	p.chunks = p.chunks[:0]
	// The scan's size for this block, from the search's steps in the last.
	cost := st.scanSize * farBlock / 8
	switch {
	case st.resolveSteps > 2*cost && st.scanSize < farScan:
		st.scanSize *= 2
	case st.resolveSteps < cost/2 && st.scanSize > farWindows:
		st.scanSize /= 2
	}
	st.resolveSteps = 0
	p.scan = p.scan[:0]
	if st.scanSize > 0 {
		per := st.scanSize / farWindows
		span := max(n/2-2*farBlock-per, 0)
		for w := range farWindows {
			lo := 2*farBlock + span*w/farWindows
			for h := lo; h < lo+per; h++ {
				p.scan = append(p.scan, uint32(h))
			}
		}
		if span/farWindows < per {
			slices.Sort(p.scan) // the runs overlap
		}
	}
	p.work = mergeSorted(p.work[:0], st.rare[lo:hi], p.scan)
	// From spreadFrom on, the runs of resolve's spreadScan too: they are
	// far heaps, and swept here for every heap of the block they are off
	// the main goroutine, which was the one the other waited for (on
	// Grundy's game at 2^29 the second goroutine idled a quarter of the
	// time, and spreadScan was 27% of the main goroutine's CPU).
	far := true // not so with the tests' short lists
	for i := 1; i <= spreadWindows; i++ {
		lo := spreadStart(i)
		far = far && lo >= 2*farBlock && lo+spreadWidth <= n
	}
	if st.lists != nil && start >= spreadFrom && far {
		p.scan = p.scan[:0]
		for i := 1; i <= spreadWindows; i++ {
			lo := spreadStart(i)
			for h := lo; h < lo+spreadWidth; h++ {
				p.scan = append(p.scan, uint32(h))
			}
		}
		slices.Sort(p.scan) // 32 ascending runs in the order of bit reversal
		p.spread = mergeSorted(p.spread[:0], p.work, p.scan)
		p.work, p.spread = p.spread, p.work
		p.nextSpread = true
	}
	width, split2, unequal := p.width, st.split2, st.unequal
	p.taken.Store(0)
	// Chunks of rows, each swept against every heap (ascending, as
	// sweepBlock needs; a heap both rare and scanned is swept twice,
	// which marks nothing new). Whoever takes a chunk clears its rows in
	// both tables first, so that neither goroutine waits for a clear of
	// the whole table (1 MiB a block for 2-byte values).
	for r := 0; r <= farBlock; r += farRowChunk {
		p.chunks = append(p.chunks, r)
	}
	heaps := p.work
	p.sweep = func(rows, other []byte, lo, hi int) {
		clear(rows[lo*width : hi*width])
		clear(other[lo*width : hi*width])
		sweepBlock(rows[lo*width:hi*width], width, g, start+lo, hi-lo, split2, unequal, heaps)
	}
	next, nextOwn := p.next, p.nextOwn
	p.jobs <- func() { p.takeChunks(next, nextOwn) }
}

// midBlock is the length of the runs of heaps whose splits with the rare
// heaps in [midBlock, 2·farBlock) ("middle") the main goroutine sweeps
// together, into its own rows of the far sweep: their partners are all
// below the run.
const midBlock = 64

// midStep sweeps the middle rare heaps for the heaps [n, n+midBlock),
// and sets st.midN to n when it did.
//
// The rows were sized a block ago from the values known then, and the
// partners of the middle heaps reach up to n, past them: when a value
// known since is too wide for the rows (len(seen), the bound of every
// nim-sum, is larger than a row), midStep leaves the run to value. (It
// marked outside its row before, for values of 1024 or more, and masked
// values of 512 or more to 9 bits in run16.)
func midStep[T unsigned](st *state, g []T, n int) {
	p := st.far
	st.midN = -1
	if p.curN < 0 || n < p.curN || n+midBlock > p.curN+farBlock {
		return // the run is not in the block being computed
	}
	if len(st.seen) > p.width {
		return
	}
	i := (n - p.curN) * p.width
	rows := p.curOwn[i : i+midBlock*p.width]
	sweepBlock(rows, p.width, g, n, midBlock, st.split2, st.unequal, st.rare[st.midLo:st.farLo])
	st.midN = n
}

func (st *state) startFar() {
	p := &farPipe{jobs: make(chan func()), done: make(chan struct{}), curN: -1, nextN: -1}
	go func() {
		for f := range p.jobs {
			f()
			p.done <- struct{}{}
		}
	}()
	st.far = p
	st.midN = -1
	st.farLo = sort.Search(len(st.rare), func(i int) bool { return int(st.rare[i]) >= 2*farBlock })
	st.midLo = sort.Search(len(st.rare), func(i int) bool { return int(st.rare[i]) >= midBlock })
}

func (st *state) stopFar() {
	if p := st.far; p != nil {
		if p.pending {
			<-p.done
		}
		close(p.jobs)
		st.far = nil
	}
}
