package c4search

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/games/connect4"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/search"
)

// DefaultTTSize is the table's size when Options.TTSize is 0.
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
	// searching goroutine; it must return quickly.
	Progress func(search.Progress)
}

// Solver searches positions of one board shape with one table, which it
// keeps from call to call (positions of one game share much). It is not
// safe for concurrent calls: use one Solver per goroutine, or Threads.
type Solver struct {
	g     *geometry
	tt    *table
	opts  Options
	nodes atomic.Int64 // nodes of the current call
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
	return &Solver{g: newGeometry(s), tt: tt, opts: opts}, nil
}

// Reset empties the table, so that the next call starts from nothing (for
// measurements).
func (s *Solver) Reset() { s.tt.clear() }

// TableBytes is the table's size in bytes.
func (s *Solver) TableBytes() int64 { return s.tt.bytes() }

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
	return sv.Analyze(ctx, b)
}

// Analyze solves b and every move from it exactly.
func (s *Solver) Analyze(ctx context.Context, b connect4.Board) (*Result, error) {
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
	s.nodes.Store(0)
	return s.exact(ctx, b.Current, b.Mask, b.Moves(), -1, time.Now())
}

// exact finds the score of a position whose game is not over by null-window
// tests that narrow [lo, hi] (Pons' iterative null-window search, MTD-bi):
// the first test is at 0 and the second one point towards the answer,
// later ones halve the interval, leaning towards 0 where the hard
// positions are.
//
// With Threads > 1, every test is searched by all threads at once (lazy
// SMP, as ChristopheSteininger/c4 does): they share the table, the
// helpers' move orders are jittered near the root so that they work ahead
// of one another in different subtrees, and the first thread to finish
// gives the test's answer (any complete search of the window is a proof)
// and stops the others.
func (s *Solver) exact(ctx context.Context, cur, mask uint64, n, move int, start time.Time) (int, error) {
	g := s.g
	if g.canWinNext(cur, mask) {
		return (g.cells + 1 - n) / 2, nil
	}
	var stop atomic.Bool // the caller's context is done
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	if ctx.Err() != nil {
		return 0, ctx.Err()
	}
	lo, hi := -(g.cells-n)/2, (g.cells+1-n)/2
	threads := max(1, s.opts.Threads)
	workers := make([]*worker, threads)
	for t := range workers {
		workers[t] = s.newWorker(t)
	}
	var (
		answer   atomic.Int64 // this test's answer + 1<<20; 0 until a thread finishes
		over     atomic.Bool  // MaxNodes reached
		lastProg atomic.Int64 // time of the last progress report, ns since start
		tests    int
		helping  bool           // helpers search every test from now on
		wg       sync.WaitGroup // the helpers of this test
		med      int            // this test: is the score > med?
		help     func()         // starts the helpers on this test
	)
	poll := func(w *worker) bool {
		total := w.flush(&s.nodes)
		if stop.Load() || answer.Load() != 0 || over.Load() {
			return true
		}
		if s.opts.MaxNodes > 0 && total > s.opts.MaxNodes {
			over.Store(true)
			return true
		}
		if total > etcAfter {
			w.etc = true
			if w == workers[0] && !helping {
				// Helpers start once the search is long enough to pay
				// for them.
				helping = true
				help()
			}
		}
		if s.opts.Progress != nil {
			el := time.Since(start)
			if last := lastProg.Load(); el-time.Duration(last) > 200*time.Millisecond && lastProg.CompareAndSwap(last, int64(el)) {
				s.opts.Progress(search.Progress{Nodes: total, Tests: tests, Lo: lo, Hi: hi, Move: move, Elapsed: el})
			}
		}
		return false
	}
	run := func(w *worker, jitter int) {
		w.abort = false
		r := w.negamax(cur, mask, n, med, med+1, jitter)
		w.flush(&s.nodes)
		if !w.abort {
			answer.CompareAndSwap(0, int64(r)+1<<20)
		}
	}
	help = func() {
		for t, w := range workers[1:] {
			wg.Add(1)
			go func() {
				defer wg.Done()
				run(w, helperJitter(t+1))
			}()
		}
	}
	for _, w := range workers {
		w.poller = func() bool { return poll(w) }
	}
	aborted := false
	for lo < hi {
		med = lo + (hi-lo)/2
		if med <= 0 && lo/2 < med {
			med = lo / 2
		} else if med >= 0 && hi/2 > med {
			med = hi / 2
		}
		// Most hard positions score near 0: test there first, then one
		// point towards the answer.
		switch {
		case tests == 0 && lo <= 0 && hi > 0:
			med = 0
		case tests == 1 && lo == 1 && hi > 1:
			med = 1
		case tests == 1 && hi == 0 && lo < -1:
			med = -1
		}
		answer.Store(0)
		if helping {
			help()
		}
		run(workers[0], 0)
		wg.Wait()
		a := answer.Load()
		if a == 0 {
			aborted = true
			break
		}
		if r := int(a - 1<<20); r <= med {
			hi = r
		} else {
			lo = r
		}
		tests++
	}
	switch {
	case over.Load():
		return 0, budget.Exceed(budget.Nodes, s.opts.MaxNodes, "the search visited more than %d nodes without finishing", s.opts.MaxNodes)
	case aborted:
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		return 0, context.Canceled
	}
	if s.opts.Progress != nil {
		s.opts.Progress(search.Progress{Nodes: s.nodes.Load(), Tests: tests, Lo: lo, Hi: hi, Move: move, Elapsed: time.Since(start)})
	}
	return lo, nil
}

// helperJitter is helper t's jitter (see negamax): noise at the three
// plies nearest the root, of a size that differs from helper to helper,
// after ChristopheSteininger/c4's choice for null windows.
func helperJitter(t int) int {
	return (t%2)*100 + (t%3)*10 + t%4 + 111*(t/4)%1000
}

func (s *Solver) newWorker(id int) *worker {
	w := &worker{g: s.g, tt: s.tt, order: s.g.order, rng: uint64(id)*0x9e3779b97f4a7c15 | 1}
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
