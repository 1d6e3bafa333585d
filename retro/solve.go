package retro

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/grundy-go/grundy/outcome"
)

// NoRemoteness is the remoteness of a position that is drawn, or decided by
// the verdict for endless play: no finite number of moves ends it.
const NoRemoteness = math.MaxUint32

// Problem is a game graph ready for retrograde analysis, with nodes
// numbered 0..n-1.
type Problem struct {
	// Pred is the reverse graph: Pred.Out(v) lists u once for every move
	// u→v.
	Pred *CSR
	// Moves holds the number of moves from each node, counted as in Pred.
	// Solve uses it as its counters and leaves it changed.
	Moves []uint32
	// Terminal gives the outcome for the player to move at a node without
	// moves (N, P or D); nil means normal play: P everywhere.
	Terminal func(v int32) outcome.Outcome
	// Endless gives the verdict of endless play for the player to move at
	// v (see game.Endless); nil means a draw everywhere.
	Endless func(v int32) outcome.Outcome
	// Exits, if not nil, describes moves out of the graph to positions
	// already solved (see Exits).
	Exits *Exits
}

// Options tune Solve.
type Options struct {
	// Workers is the number of goroutines that resolve positions: 0 or 1
	// for the sequential queue; more share the large levels of the queue
	// (graphs of at least parallelMinNodes nodes). Sequential is the
	// default because the work is one cache miss per arc: on the shared
	// 2-core machine of BENCHMARKS.md two workers did not beat one. -1
	// means one worker per CPU.
	Workers int
	// Progress, if not nil, is called now and then with the number of
	// positions resolved so far and the total.
	Progress func(resolved, total int)
}

// Result holds, for every node, its outcome for the player to move (N, P or
// D) and its remoteness (NoRemoteness when the outcome comes from endless
// play or is a draw).
type Result struct {
	Outcome    []outcome.Outcome
	Remoteness []uint32
	// Endless counts the nodes without a remoteness: drawn, or decided
	// by the verdict for endless play.
	Endless int
}

// Node states during Solve, kept in the Moves array itself so that each
// arc examined costs one random memory access: a count of moves not yet
// known to lose (below maxMoves) while unresolved, or a resolved mark.
const (
	maxMoves  = 1 << 30
	resolvedN = 1<<31 | 1
	resolvedP = 1<<31 | 2
	resolvedD = 1<<31 | 3
	resolved  = 1 << 31
)

// Solve runs the queue algorithm on p. It allocates 9 bytes per node (the
// result and the queue) besides p. It returns ctx's error if ctx is
// cancelled.
func Solve(ctx context.Context, p *Problem, opts Options) (*Result, error) {
	n := p.Pred.Nodes()
	if len(p.Moves) != n {
		return nil, fmt.Errorf("retro: %d move counts for %d nodes", len(p.Moves), n)
	}
	if p.Exits != nil {
		return solveExits(ctx, p, opts)
	}
	rem := make([]uint32, n)
	st := p.Moves
	queue := make([]int32, 0, n)
	var drawnEnds []int32
	for v := range n {
		if st[v] >= maxMoves {
			return nil, fmt.Errorf("retro: node %d has %d moves, more than %d", v, st[v], maxMoves-1)
		}
		if st[v] != 0 {
			continue
		}
		o := outcome.P
		if p.Terminal != nil {
			o = p.Terminal(int32(v))
		}
		switch o {
		case outcome.N:
			st[v] = resolvedN
			queue = append(queue, int32(v))
		case outcome.P:
			st[v] = resolvedP
			queue = append(queue, int32(v))
		case outcome.D:
			st[v] = resolvedD
			rem[v] = NoRemoteness
			drawnEnds = append(drawnEnds, int32(v))
		default:
			return nil, fmt.Errorf("retro: terminal node %d has outcome %v; want N, P or D", v, o)
		}
	}
	workers := opts.Workers
	if workers == -1 {
		workers = runtime.GOMAXPROCS(0)
	}
	if n < parallelMinNodes && workers > 1 && parallelMinLevel > 1 {
		workers = 1
	}
	var err error
	if workers > 1 {
		queue, err = solveLevels(ctx, p, st, rem, queue, workers, opts.Progress)
	} else {
		queue, err = solveQueue(ctx, p, st, rem, queue, opts.Progress)
	}
	if err != nil {
		return nil, err
	}
	resolvedCount := len(queue)
	queue = nil
	return finish(ctx, p, st, rem, resolvedCount, drawnEnds)
}

// finish decides the nodes the queue left unresolved (resolvedCount
// were resolved) and writes the result.
func finish(ctx context.Context, p *Problem, st, rem []uint32, resolvedCount int, drawnEnds []int32) (*Result, error) {
	n := len(st)
	res := &Result{Remoteness: rem}
	if resolvedCount+len(drawnEnds) < n {
		if err := endless(ctx, p, st, rem, drawnEnds, res); err != nil {
			return nil, err
		}
	}
	out := make([]outcome.Outcome, n)
	res.Endless = 0
	for v, s := range st {
		if rem[v] == NoRemoteness {
			res.Endless++
		}
		switch s {
		case resolvedN:
			out[v] = outcome.N
		case resolvedP:
			out[v] = outcome.P
		default:
			out[v] = outcome.D
		}
	}
	res.Outcome = out
	return res, nil
}

// parallelMinNodes is the size below which Solve stays sequential unless
// told otherwise: there the goroutines cost more than they save.
const parallelMinNodes = 1 << 16

// parallelMinLevel is the smallest level that solveLevels shares among
// its workers; smaller ones it processes alone.
var parallelMinLevel = 1 << 14 // a variable so that tests can share small levels too

// solveQueue is the sequential queue algorithm: the queue holds the
// terminal nodes on entry and every resolved node on return.
func solveQueue(ctx context.Context, p *Problem, st, rem []uint32, queue []int32, progress func(int, int)) ([]int32, error) {
	off, adj := p.Pred.Off, p.Pred.Adj
	n := len(st)
	for head := 0; head < len(queue); head++ {
		if head&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if progress != nil && head > 0 {
				progress(head, n)
			}
		}
		v := queue[head]
		r := rem[v] + 1
		preds := adj[off[v]:off[v+1]]
		if st[v] == resolvedP {
			for _, u := range preds {
				if st[u] < resolved {
					st[u] = resolvedN
					rem[u] = r
					queue = append(queue, u)
				}
			}
			continue
		}
		for _, u := range preds {
			s := st[u]
			if s >= resolved {
				continue
			}
			if s == 1 {
				st[u] = resolvedP
				rem[u] = r
				queue = append(queue, u)
			} else {
				st[u] = s - 1
			}
		}
	}
	return queue, nil
}

// solveLevels is the queue algorithm run level by level, each level (the
// nodes of one remoteness) shared among workers that update the state
// words with compare-and-swap. The FIFO queue of solveQueue processes the
// same levels in the same order, so the results are identical: a won node
// takes its remoteness from the first level holding a lost option, a lost
// node from the level of its last won option, whichever worker gets there.
// New nodes go to the shared queue in blocks reserved with one atomic add.
func solveLevels(ctx context.Context, p *Problem, st, rem []uint32, queue []int32, workers int, progress func(int, int)) ([]int32, error) {
	const chunk = 256
	off, adj := p.Pred.Off, p.Pred.Adj
	n := len(st)
	start := len(queue)
	queue = queue[:n] // allocated with capacity n: one slot per node
	var tail atomic.Int64
	tail.Store(int64(start))
	for lo, hi := 0, start; lo < hi; lo, hi = hi, int(tail.Load()) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if progress != nil && lo > 0 {
			progress(lo, n)
		}
		var next atomic.Int64
		next.Store(int64(lo))
		work := func() {
			var buf [256]int32
			nb := 0
			flush := func() {
				at := tail.Add(int64(nb)) - int64(nb)
				copy(queue[at:], buf[:nb])
				nb = 0
			}
			push := func(u int32) {
				if nb == len(buf) {
					flush()
				}
				buf[nb] = u
				nb++
			}
			for {
				i := next.Add(chunk) - chunk
				if i >= int64(hi) {
					break
				}
				for _, v := range queue[i:min(i+chunk, int64(hi))] {
					r := rem[v] + 1
					preds := adj[off[v]:off[v+1]]
					if atomic.LoadUint32(&st[v]) == resolvedP {
						for _, u := range preds {
							for {
								s := atomic.LoadUint32(&st[u])
								if s >= resolved {
									break
								}
								if atomic.CompareAndSwapUint32(&st[u], s, resolvedN) {
									rem[u] = r
									push(u)
									break
								}
							}
						}
						continue
					}
					for _, u := range preds {
						for {
							s := atomic.LoadUint32(&st[u])
							if s >= resolved {
								break
							}
							if s == 1 {
								if atomic.CompareAndSwapUint32(&st[u], 1, resolvedP) {
									rem[u] = r
									push(u)
									break
								}
								continue
							}
							if atomic.CompareAndSwapUint32(&st[u], s, s-1) {
								break
							}
						}
					}
				}
			}
			if nb > 0 {
				flush()
			}
		}
		if hi-lo < parallelMinLevel {
			// A small level is not worth waking the workers for: on a
			// loaded machine each level's barrier waits for every worker
			// to get a core.
			work()
			continue
		}
		var wg sync.WaitGroup
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				work()
			}()
		}
		wg.Wait()
	}
	return queue[:tail.Load()], nil
}

// endless decides the nodes that the queue left unresolved: neither player
// can force a finite win from them. Their counters now count the moves
// that stay unresolved or reach a drawn end (a move to a lost node would
// have resolved them). The player who loses endless play reaches a drawn
// end if it can: its attractor of the drawn ends is drawn; the rest get
// the endless verdict.
func endless(ctx context.Context, p *Problem, st, rem []uint32, drawnEnds []int32, res *Result) error {
	if p.Endless == nil {
		for v, s := range st {
			if s < resolved || s == resolvedD {
				st[v] = resolvedD
				rem[v] = NoRemoteness
				res.Endless++
			}
		}
		return nil
	}
	off, adj := p.Pred.Off, p.Pred.Adj
	attr := drawnEnds
	if p.Exits != nil {
		// A move out to a drawn position counts as a move to a drawn end.
		for v, k := range p.Exits.Drawn {
			for ; k > 0; k-- {
				s := st[v]
				if s >= resolved {
					break
				}
				if p.Endless(int32(v)) == outcome.N && s > 1 {
					st[v] = s - 1
					continue
				}
				st[v] = resolvedD
				rem[v] = NoRemoteness
				attr = append(attr, int32(v))
			}
		}
	}
	for head := 0; head < len(attr); head++ {
		if head&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		v := attr[head]
		for _, u := range adj[off[v]:off[v+1]] {
			s := st[u]
			if s >= resolved {
				continue
			}
			if p.Endless(u) == outcome.N && s > 1 {
				// u wins endless play: drawn only if every way on is.
				st[u] = s - 1
				continue
			}
			st[u] = resolvedD
			rem[u] = NoRemoteness
			attr = append(attr, u)
		}
	}
	res.Endless = len(attr)
	for v, s := range st {
		if s >= resolved {
			continue
		}
		switch p.Endless(int32(v)) {
		case outcome.N:
			st[v] = resolvedN
		case outcome.P:
			st[v] = resolvedP
		case outcome.D:
			st[v] = resolvedD
		default:
			return fmt.Errorf("retro: node %d has endless verdict %v; want N, P or D", v, p.Endless(int32(v)))
		}
		rem[v] = NoRemoteness
		res.Endless++
	}
	return nil
}
