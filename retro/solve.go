package retro

import (
	"context"
	"fmt"
	"math"

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
}

// Options tune Solve.
type Options struct {
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
	// Endless counts the nodes decided by the verdict for endless play,
	// or drawn.
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
	off, adj := p.Pred.Off, p.Pred.Adj
	for head := 0; head < len(queue); head++ {
		if head&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if opts.Progress != nil && head > 0 {
				opts.Progress(head, n)
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
	resolvedCount := len(queue)
	queue = nil
	res := &Result{Remoteness: rem}
	if resolvedCount+len(drawnEnds) < n {
		if err := endless(ctx, p, st, rem, drawnEnds, res); err != nil {
			return nil, err
		}
	}
	out := make([]outcome.Outcome, n)
	for v, s := range st {
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
