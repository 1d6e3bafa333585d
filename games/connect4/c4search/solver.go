package c4search

import (
	"context"
	"errors"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/games/connect4"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/search"
)

// DefaultTTSize is the table's size when Options.TTSize is 0. Larger
// tables save few nodes (the empty 7×6 board: 0.8% fewer at 1 GiB) but
// make every lookup's address translation dearer, so the empty board is
// solved fastest with 64–256 MiB (BENCHMARKS.md, "The table's size
// decides the one-thread race with c4").
const DefaultTTSize = 256 << 20

// Options tune a Solver.
type Options struct {
	// TTSize is the transposition table's size in bytes, rounded down to
	// a power of two; 0 means DefaultTTSize, and less than MinTTSize is
	// an error. It is allocated once and never grows.
	TTSize int64
	// MaxNodes bounds the nodes searched by one call (all threads); 0
	// means no bound.
	MaxNodes int64
	// Threads is the number of goroutines (lazy SMP); 0 or 1 means one.
	Threads int
	// Progress, if not nil, is called about five times a second from the
	// searching goroutine; it must return quickly, and call no method of
	// the Solver but Nodes and TableBytes (the others wait for the call).
	Progress func(search.Progress)
}

// Solver searches positions of one board shape with one table, which it
// keeps from call to call (positions of one game share much). Concurrent
// calls take turns: use one Solver per goroutine, or Threads. Close
// returns the table's memory at once; a Solver dropped without Close
// returns it after a garbage collection finds it unreachable.
type Solver struct {
	g         *geometry
	mu        sync.Mutex // held by every call that reads tt, and by Close
	tt        *table     // nil once closed
	ttBytes   int64      // tt's size
	opts      Options
	nodes     atomic.Int64 // nodes of the current call
	helpAfter int64        // helpers start after this many nodes of a call; 0 means etcAfter (tests set it lower)
	pollAt    int64        // the workers poll every pollAt nodes; 0 means pollEvery (tests set it lower)
	etcAt     int64        // the enhanced transposition cutoff starts after this many nodes of a call; 0 means etcAfter (tests set it lower)
	deferAt   int          // the threads mark positions with more empty cells than this; 0 means deferEmpty (tests set it lower)
	specs     atomic.Int64 // speculative tests started, all calls (for tests)
	joins     atomic.Int64 // threads that joined an open test, all calls (for tests)
	defers    atomic.Int64 // children deferred because another thread was searching them, all calls (for tests)
	runs      []testRun    // the last exact call's searches of tests, in the order they ended (for measurements)
}

// testRun is one thread's search of one null-window test: the test
// (score > med), its nodes, and whether it ended with an answer (false:
// stopped, its test decided by another thread or the search stopped).
type testRun struct {
	thread   int
	med      int
	nodes    int64
	answered bool
}

// New makes a Solver for boards of shape s.
func New(s *connect4.Shape, opts Options) (*Solver, error) {
	if s == nil {
		return nil, errors.New("c4search: no board shape")
	}
	if opts.TTSize < 0 || opts.MaxNodes < 0 || opts.Threads < 0 {
		return nil, errors.New("c4search: negative table size, node bound or thread count")
	}
	size := opts.TTSize
	if size == 0 {
		size = DefaultTTSize
	}
	tt, err := newTable(size)
	if err != nil {
		return nil, err
	}
	return &Solver{g: newGeometry(s), tt: tt, ttBytes: tt.bytes(), opts: opts}, nil
}

// Reset empties the table, so that the next call starts from nothing (for
// measurements).
func (s *Solver) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tt != nil {
		s.tt.clear()
	}
}

// Close frees the table (a large one is outside the Go heap, see
// newTable); afterwards a call that needs the table returns an error,
// and later Closes do nothing. A call in progress ends first: cancel its
// context to make that quick.
func (s *Solver) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tt != nil {
		s.tt.free()
		s.tt = nil
	}
}

// errClosed is the answer of a closed Solver.
var errClosed = errors.New("c4search: the solver is closed")

// TableBytes is the table's size in bytes (as made by New, closed or
// not).
func (s *Solver) TableBytes() int64 { return s.ttBytes }

// Nodes is the number of nodes the last call searched, all threads.
func (s *Solver) Nodes() int64 { return s.nodes.Load() }

// MoveResult is the exact result of one move, for the player who makes
// it.
type MoveResult struct {
	Column       int            // 0-based
	Board        connect4.Board // the position after the move
	Score        int            // Pons' score of the move for its player (see Value)
	search.Value                // the move's outcome for its player; remoteness from the analysed position, the move included
}

// Result is the answer of Analyze.
type Result struct {
	Score        int          // Pons' score of the position for the player to move
	search.Value              // outcome for the player to move and remoteness (plies to the end of the game)
	Moves        []MoveResult // every legal move, columns left to right
	Best         []int        // the columns of the moves whose result is the position's: winning moves, drawing moves, or the losing moves that delay longest
	Nodes        int64        // nodes searched, all threads
}

// ScoreValue converts Pons' score s of a position with n stones on a board
// of cells cells into outcome and remoteness for the player to move.
//
// Pons' score of a won position is (cells+1−n)/2 − (k−1) when the player
// to move wins with its k-th stone from now (integer division): one point
// per own stone left unplayed at the end. That stone is the (2k−1)-th move
// from now, so the remoteness is r = 2k−1 = 2((cells+1−n)/2 − s) + 1. A
// lost position scores −((cells−n)/2 − k + 1) when the opponent wins with
// its k-th stone from now, the 2k-th move: r = 2k = 2((cells−n)/2 + 1 +
// s). A draw scores 0 and has no remoteness (−1), as in package retro.
func ScoreValue(cells, n, s int) search.Value {
	switch {
	case s > 0:
		return search.Value{Outcome: outcome.N, Remoteness: 2*((cells+1-n)/2-s) + 1}
	case s < 0:
		return search.Value{Outcome: outcome.P, Remoteness: 2 * ((cells-n)/2 + 1 + s)}
	}
	return search.Value{Outcome: outcome.D, Remoteness: -1}
}

// ValueScore is the inverse of ScoreValue.
func ValueScore(cells, n int, v search.Value) int {
	switch v.Outcome {
	case outcome.N:
		return (cells+1-n)/2 - (v.Remoteness-1)/2
	case outcome.P:
		return v.Remoteness/2 - (cells-n)/2 - 1
	}
	return 0
}

// Analyze solves b and every move from it exactly. b may be any board
// reached in play, the game over or not.
func Analyze(ctx context.Context, s *connect4.Shape, b connect4.Board, opts Options) (*Result, error) {
	sv, err := New(s, opts)
	if err != nil {
		return nil, err
	}
	// Now, not at the next collection: the caller's memory budget was
	// charged for the table only for this call.
	defer sv.Close()
	return sv.Analyze(ctx, b)
}

// Analyze solves b and every move from it exactly.
func (s *Solver) Analyze(ctx context.Context, b connect4.Board) (*Result, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.g
	n := b.Moves()
	s.nodes.Store(0)
	res := &Result{}
	if g.s.Won(b) || g.s.Full(b) {
		if g.s.Won(b) {
			res.Score = -((g.cells-n)/2 + 1)
		}
		res.Value = ScoreValue(g.cells, n, res.Score)
		return res, nil
	}
	start := time.Now()
	best := -g.cells
	for c := range g.w {
		if !g.s.CanPlay(b, c) {
			continue
		}
		child := g.s.Play(b, c)
		var sc int
		switch {
		case g.s.IsWinningMove(b, c):
			sc = (g.cells + 1 - n) / 2
		case n+1 == g.cells:
			sc = 0
		default:
			cs, err := s.exact(ctx, child.Current, child.Mask, n+1, c, start)
			if err != nil {
				res.Nodes = s.nodes.Load()
				return nil, err
			}
			sc = -cs
		}
		res.Moves = append(res.Moves, MoveResult{Column: c, Board: child, Score: sc, Value: ScoreValue(g.cells, n, sc)})
		best = max(best, sc)
	}
	res.Score = best
	res.Value = ScoreValue(g.cells, n, best)
	for _, m := range res.Moves {
		if m.Score == best {
			res.Best = append(res.Best, m.Column)
		}
	}
	res.Nodes = s.nodes.Load()
	return res, nil
}

// Solve returns Pons' score of b (see ScoreValue), a board whose game is
// not over.
func (s *Solver) Solve(ctx context.Context, b connect4.Board) (int, error) {
	if s.g.s.Won(b) || s.g.s.Full(b) {
		return 0, errors.New("c4search: the game is over in this position")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nodes.Store(0)
	return s.exact(ctx, b.Current, b.Mask, b.Moves(), -1, time.Now())
}

// exact finds the score of a position whose game is not over by null-window
// tests that narrow [lo, hi] (Pons' iterative null-window search, MTD-bi):
// the first test is at 0 and the second one point towards the answer,
// later ones halve the interval, leaning towards 0 where the hard
// positions are (nextTest).
//
// With Threads > 1, once the call has searched helpAfter nodes, the
// helpers work beside the main thread on the same table (see sched): the
// first idle helper searches the second test while the first is open, as
// if the first failed high (a speculative test, as in parallel MTD(f)
// searches); the others, and any thread whose test is answered, join a
// test still open with a jittered move order (lazy SMP, as
// ChristopheSteininger/c4 does), deferring near the root the children
// another thread of the test is searching (see busyTable). Any complete
// search of a null window is a proof of its bound, whoever made it and in
// whatever order: the bounds only narrow, and a thread whose test the
// bounds have decided is stopped.
func (s *Solver) exact(ctx context.Context, cur, mask uint64, n, move int, start time.Time) (int, error) {
	g := s.g
	if g.canWinNext(cur, mask) {
		return (g.cells + 1 - n) / 2, nil
	}
	tt := s.tt
	if tt == nil {
		return 0, errClosed
	}
	// The threads read tt.w, which may be outside the Go heap, until
	// wg.Wait: tt must stay reachable until then (see newTable).
	defer runtime.KeepAlive(tt)
	var stop atomic.Bool // the caller's context is done
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	if ctx.Err() != nil {
		return 0, ctx.Err()
	}
	threads := max(1, s.opts.Threads)
	sc := &sched{lo: -(g.cells - n) / 2, hi: (g.cells + 1 - n) / 2, workers: make([]*worker, threads), s: s}
	var busy *busyTable
	if threads > 1 {
		busy = new(busyTable)
	}
	for t := range sc.workers {
		sc.workers[t] = s.newWorker(t)
		sc.workers[t].med = noTest
		sc.workers[t].busy = busy
	}
	var (
		over     atomic.Bool  // MaxNodes reached
		lastProg atomic.Int64 // time of the last progress report, ns since start
		helping  atomic.Bool  // the helpers have been started
		wg       sync.WaitGroup
	)
	helpAfter, etcAt := s.helpAfter, s.etcAt
	if helpAfter == 0 {
		helpAfter = etcAfter
	}
	if etcAt == 0 {
		etcAt = etcAfter
	}
	var loop func(w *worker)
	poll := func(w *worker) bool {
		total := w.flush(&s.nodes)
		if stop.Load() || over.Load() || w.cancel.Load() {
			return true
		}
		if s.opts.MaxNodes > 0 && total > s.opts.MaxNodes {
			over.Store(true)
			return true
		}
		if total > etcAt {
			w.etc = true
		}
		if total > helpAfter && threads > 1 && !helping.Load() && helping.CompareAndSwap(false, true) {
			// Helpers start once the search is long enough to pay for
			// them.
			sc.mu.Lock()
			sc.helping = true
			for _, h := range sc.workers[1:] {
				// Not yet running: the call's state, not the
				// helper's own first poll, says whether to look
				// children up.
				h.etc = total > etcAt
				if sc.assign(h) {
					wg.Add(1)
					go func() {
						defer wg.Done()
						loop(h)
					}()
				}
			}
			sc.mu.Unlock()
		}
		if s.opts.Progress != nil {
			el := time.Since(start)
			if last := lastProg.Load(); el-time.Duration(last) > 200*time.Millisecond && lastProg.CompareAndSwap(last, int64(el)) {
				sc.mu.Lock()
				p := search.Progress{Nodes: total, Tests: sc.tests, Lo: sc.lo, Hi: sc.hi, Move: move, Elapsed: el}
				sc.mu.Unlock()
				s.opts.Progress(p)
			}
		}
		return false
	}
	// loop searches w's test, records its answer, and goes on with the
	// test the scheduler gives it until there is none.
	loop = func(w *worker) {
		for {
			w.abort = false
			w.salt = uint64(int64(w.med))
			before := w.count
			r := w.negamax(cur, mask, n, w.med, w.med+1, w.jitter, nil)
			w.flush(&s.nodes)
			s.defers.Add(w.defers)
			w.defers = 0
			sc.mu.Lock()
			sc.runs = append(sc.runs, testRun{thread: w.id, med: w.med, nodes: w.count - before, answered: !w.abort})
			if !w.abort {
				sc.record(w.med, r)
			}
			w.med = noTest
			if stop.Load() || over.Load() || !sc.assign(w) {
				sc.mu.Unlock()
				return
			}
			sc.mu.Unlock()
		}
	}
	for _, w := range sc.workers {
		w.poller = func() bool { return poll(w) }
	}
	sc.mu.Lock()
	sc.assign(sc.workers[0])
	sc.mu.Unlock()
	loop(sc.workers[0])
	// Stop the helpers (the bounds have met, or the search is stopped).
	sc.mu.Lock()
	for _, h := range sc.workers[1:] {
		h.cancel.Store(true)
	}
	sc.mu.Unlock()
	wg.Wait()
	s.runs = sc.runs
	switch {
	case over.Load():
		return 0, budget.Exceed(budget.Nodes, s.opts.MaxNodes, "the search visited more than %d nodes without finishing", s.opts.MaxNodes)
	case sc.lo < sc.hi:
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		return 0, context.Canceled
	}
	if s.opts.Progress != nil {
		s.opts.Progress(search.Progress{Nodes: s.nodes.Load(), Tests: sc.tests, Lo: sc.lo, Hi: sc.hi, Move: move, Elapsed: time.Since(start)})
	}
	return sc.lo, nil
}

// noTest marks a worker without a test.
const noTest = math.MinInt32

// sched hands null-window tests to the threads of one exact call; its
// fields are guarded by mu.
type sched struct {
	mu      sync.Mutex
	lo, hi  int // lo <= score <= hi, proven
	tests   int // tests answered
	seq     int // tests started as the main line (nextTest's count)
	helping bool
	runs    []testRun
	workers []*worker
	s       *Solver
}

// nextTest is the test Pons' iterative null-window search makes in [lo,
// hi] as its seq-th (from 0): is the score > med?
func nextTest(lo, hi, seq int) int {
	med := lo + (hi-lo)/2
	if med <= 0 && lo/2 < med {
		med = lo / 2
	} else if med >= 0 && hi/2 > med {
		med = hi / 2
	}
	// Most hard positions score near 0: test there first, then one
	// point towards the answer.
	switch {
	case seq == 0 && lo <= 0 && hi > 0:
		med = 0
	case seq == 1 && lo == 1 && hi > 1:
		med = 1
	case seq == 1 && hi == 0 && lo < -1:
		med = -1
	}
	return med
}

// record narrows the bounds by the answer r of the test "score > med"
// (r <= med proves score <= r, r > med proves score >= r) and stops the
// threads whose tests the bounds now decide.
func (sc *sched) record(med, r int) {
	sc.tests++
	if r <= med {
		sc.hi = min(sc.hi, r)
	} else {
		sc.lo = max(sc.lo, r)
	}
	for _, w := range sc.workers {
		if w.med != noTest && !sc.open(w.med) {
			w.cancel.Store(true)
		}
	}
}

// open reports whether the test "score > med" is still undecided.
func (sc *sched) open(med int) bool { return sc.lo <= med && med < sc.hi }

// assign gives w its next test and reports whether there is one. Without
// an open test in flight, w starts the main line's next one. Otherwise,
// once helping, w starts the main line's second test as if the first,
// still open, failed high (the first two tests, at 0 and one point
// towards the answer, are the ones most searches need; later ones are
// bisections, a coin toss to guess), or else joins the open test with the
// fewest threads, its move order jittered.
func (sc *sched) assign(w *worker) bool {
	if sc.lo >= sc.hi {
		return false
	}
	w.cancel.Store(false)
	var first *worker // the open test started earliest
	for _, o := range sc.workers {
		if o != w && o.med != noTest && sc.open(o.med) && (first == nil || o.seq < first.seq) {
			first = o
		}
	}
	if first == nil {
		w.med, w.seq, w.jitter = nextTest(sc.lo, sc.hi, sc.seq), sc.seq, 0
		sc.seq++
		return true
	}
	if !sc.helping {
		return false
	}
	if spec := first.med + 1; spec < sc.hi {
		next := nextTest(spec, sc.hi, first.seq+1)
		taken := false
		for _, o := range sc.workers {
			taken = taken || (o != w && o.med == next)
		}
		if !taken && sc.open(next) && first.seq == 0 && sc.seq == 1 {
			w.med, w.seq, w.jitter = next, sc.seq, 0
			sc.seq++
			sc.s.specs.Add(1)
			return true
		}
	}
	// Join the open test with the fewest threads.
	counts := map[int]int{}
	for _, o := range sc.workers {
		if o != w && o.med != noTest && sc.open(o.med) {
			counts[o.med]++
		}
	}
	best, bestN := noTest, 0
	for _, o := range sc.workers {
		if c, ok := counts[o.med]; ok && (best == noTest || c < bestN) {
			best, bestN = o.med, c
		}
	}
	w.med, w.seq, w.jitter = best, first.seq, helperJitter(bestN)
	sc.s.joins.Add(1)
	return true
}

// helperJitter is helper t's jitter (see negamax): noise at the three
// plies nearest the root, of a size that differs from helper to helper,
// after ChristopheSteininger/c4's choice for null windows.
func helperJitter(t int) int {
	return (t%2)*100 + (t%3)*10 + t%4 + 111*(t/4)%1000
}

func (s *Solver) newWorker(id int) *worker {
	w := &worker{id: id, g: s.g, tt: s.tt, order: s.g.order, rng: uint64(id)*0x9e3779b97f4a7c15 | 1, pollAt: pollEvery, deferAt: deferEmpty}
	if s.pollAt > 0 {
		w.pollAt = s.pollAt
	}
	if s.deferAt > 0 {
		w.deferAt = s.deferAt
	}
	return w
}

// flush adds the worker's nodes to total and returns the sum.
func (w *worker) flush(total *atomic.Int64) int64 {
	t := total.Add(w.nodes)
	w.nodes = 0
	return t
}

// Generic returns r as the generic search's result type, so that front
// ends treat the fast path and package search alike. b is the analysed
// board.
func (r *Result) Generic() *search.Result[connect4.Board] {
	out := &search.Result[connect4.Board]{Value: r.Value, Nodes: r.Nodes}
	for _, m := range r.Moves {
		out.Moves = append(out.Moves, search.MoveResult[connect4.Board]{Position: m.Board, Value: m.Value})
		if m.Score == r.Score {
			out.Best = append(out.Best, m.Board)
		}
	}
	return out
}
