package search

import (
	"math/bits"
	"sync/atomic"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/outcome"
)

// pollEvery is the number of nodes a worker searches between looks at the
// context, the node budget and progress.
const pollEvery = 4096

// worker is one thread's search state: its path, killers and history.
type worker[P comparable] struct {
	s       *searcher[P]
	id      int
	stop    *atomic.Bool // helpers stop when the main thread is done
	bufs    [][]P        // move lists, one per ply
	idx     [][]int      // the order to try them in, one per ply
	keys    [][]int32    // ordering scores, one per ply
	path    map[P]struct{}
	killers [][2]P
	hasKill [][2]bool
	history []int32 // cutoff counts by a hash of the move's position
	local   int64   // nodes not yet added to the shared count
	err     error
}

func (s *searcher[P]) newWorker(id int, stop *atomic.Bool) *worker[P] {
	w := &worker[P]{s: s, id: id, stop: stop}
	if !s.acyclic {
		w.path = map[P]struct{}{}
	}
	if s.order == nil {
		w.history = make([]int32, historySize)
	}
	return w
}

// root runs one null-window test: is p's score above med? It returns a
// bound: r <= med means score <= r, r > med means score >= r.
func (w *worker[P]) root(p P, med int32) (int32, error) {
	w.err = nil
	r := w.negamax(p, med, med+1, 0)
	w.flush()
	if w.err != nil {
		return 0, w.err
	}
	return r, nil
}

func (w *worker[P]) flush() {
	if w.local > 0 {
		w.s.nodes.Add(w.local)
		w.local = 0
	}
}

// poll adds the worker's nodes to the shared count and checks the
// context, the node budget and whether a helper should stop.
func (w *worker[P]) poll() {
	s := w.s
	n := s.nodes.Add(w.local)
	w.local = 0
	if s.opts.MaxNodes > 0 && n > s.opts.MaxNodes {
		w.err = s.errNodes()
		return
	}
	if err := s.ctx.Err(); err != nil {
		w.err = err
		return
	}
	if w.stop != nil && w.stop.Load() {
		w.err = errHelperStop
		return
	}
	if w.id == 0 {
		s.progress(-1, 0, 0, -1, false)
	}
}

type helperStop struct{}

func (helperStop) Error() string { return "helper stopped" }

var errHelperStop error = helperStop{}

func (w *worker[P]) terminalScore(p P) int32 {
	o := outcome.P
	if w.s.term != nil {
		o = w.s.term.TerminalOutcome(p)
	}
	switch o {
	case outcome.N:
		return Bound
	case outcome.D:
		return 0
	}
	return -Bound
}

// negamax returns a fail-soft bound of p's score in the window (alpha,
// beta): the score itself when it lies inside, an upper bound <= alpha or
// a lower bound >= beta otherwise. On error (w.err set) the value is
// meaningless.
func (w *worker[P]) negamax(p P, alpha, beta int32, ply int) int32 {
	if w.err != nil {
		return 0
	}
	w.local++
	if w.local >= pollEvery {
		w.poll()
		if w.err != nil {
			return 0
		}
	}
	s := w.s
	if ply >= MaxDepth {
		w.err = budget.Exceed(budget.Depth, MaxDepth, "the game goes on for more than %d moves along one line of play", MaxDepth)
		return 0
	}
	if s.book != nil {
		if o, r, ok := s.book(p); ok {
			sc, err := ValueScore(Value{o, r})
			if err != nil {
				w.err = err
				return 0
			}
			return int32(sc)
		}
	}
	for len(w.bufs) <= ply {
		w.bufs = append(w.bufs, nil)
		w.idx = append(w.idx, nil)
		w.keys = append(w.keys, nil)
		w.killers = append(w.killers, [2]P{})
		w.hasKill = append(w.hasKill, [2]bool{})
	}
	moves := s.moves(w.bufs[ply][:0], p)
	w.bufs[ply] = moves
	if len(moves) == 0 {
		return w.terminalScore(p)
	}
	if s.order != nil {
		s.order.OrderMoves(p, moves)
	}
	// No non-terminal position scores beyond a win or loss in one.
	alpha = max(alpha, -Bound+1)
	beta = min(beta, Bound-1)
	if alpha >= beta {
		return alpha
	}
	key := p
	if s.canon != nil {
		key = s.canon.Canonical(p)
	}
	ttBest := -1
	if lo, hi, best, ok := s.tt.get(key); ok {
		if lo >= beta {
			return lo
		}
		if hi <= alpha {
			return hi
		}
		if lo == hi {
			return lo
		}
		// The window narrowed by the bounds; the result is still a
		// valid bound of the original window's kind.
		alpha, beta = max(alpha, lo-1), min(beta, hi+1)
		if best < len(moves) {
			ttBest = best
		}
	}
	if w.path != nil {
		if _, rep := w.path[p]; rep {
			w.err = &repetitionError{s.format(p)}
			return 0
		}
		w.path[p] = struct{}{}
		defer delete(w.path, p)
	}
	order := w.orderMoves(moves, ply, ttBest)
	before := s.nodes.Load() + w.local
	alpha0 := alpha
	best, bestIdx := int32(-Bound-1), -1
	for _, i := range order {
		c := moves[i]
		v := parentScore(w.negamax(c, childBound(beta), childBound(alpha), ply+1))
		if w.err != nil {
			return 0
		}
		if v > best {
			best, bestIdx = v, i
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			w.cutoff(c, ply)
			break
		}
	}
	work := uint8(bits.Len64(uint64(s.nodes.Load() + w.local - before)))
	// The best move's index is in the game's order (after Orderer),
	// so it means the same move at the next visit.
	orig := bestIdx
	switch {
	case best <= alpha0:
		s.tt.put(key, -Bound, best, orig, work)
	case best >= beta:
		s.tt.put(key, best, Bound, orig, work)
	default:
		s.tt.put(key, best, best, orig, work)
	}
	return best
}

const historySize = 1 << 12

// orderMoves returns the order in which to try moves (indices): the
// table's best move first, then the game's order when it has an Orderer,
// else killers and history first. Helper threads rotate the order near
// the root so that they search other subtrees first.
func (w *worker[P]) orderMoves(moves []P, ply, ttBest int) []int {
	idx := w.idx[ply][:0]
	keys := w.keys[ply][:0]
	for i, c := range moves {
		var k int32
		if w.history != nil {
			k = w.history[w.s.tt.hashOf(c)&(historySize-1)]
			if w.hasKill[ply][0] && w.killers[ply][0] == c {
				k = 1 << 30
			} else if w.hasKill[ply][1] && w.killers[ply][1] == c {
				k = 1<<30 - 1
			}
		} else {
			k = -int32(i)
		}
		if i == ttBest {
			k = 1<<31 - 1
		}
		idx = append(idx, i)
		keys = append(keys, k)
	}
	if w.id > 0 && ply < 4 && len(idx) > 1 {
		r := (w.id + ply) % len(idx)
		for j := range keys {
			if j != ttBest {
				keys[j] = -int32((j + len(idx) - r) % len(idx))
			}
		}
	}
	// Insertion sort, stable: move lists are short.
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && keys[j] > keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	w.idx[ply], w.keys[ply] = idx, keys
	return idx
}

// cutoff remembers a move that refuted its parent's window.
func (w *worker[P]) cutoff(c P, ply int) {
	if w.history == nil {
		return
	}
	if !(w.hasKill[ply][0] && w.killers[ply][0] == c) {
		w.killers[ply][1], w.hasKill[ply][1] = w.killers[ply][0], w.hasKill[ply][0]
		w.killers[ply][0], w.hasKill[ply][0] = c, true
	}
	h := &w.history[w.s.tt.hashOf(c)&(historySize-1)]
	*h = min(*h+1, 1<<29)
}
