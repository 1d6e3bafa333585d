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

// Solve runs the queue algorithm on p. It allocates 9 bytes per node (the
// result and the queue) besides p. It returns ctx's error if ctx is
// cancelled.
func Solve(ctx context.Context, p *Problem, opts Options) (*Result, error) {
	n := p.Pred.Nodes()
	if len(p.Moves) != n {
		return nil, fmt.Errorf("retro: %d move counts for %d nodes", len(p.Moves), n)
	}
	res := &Result{
		Outcome:    make([]outcome.Outcome, n),
		Remoteness: make([]uint32, n),
	}
	out, rem, cnt := res.Outcome, res.Remoteness, p.Moves
	queue := make([]int32, 0, n)
	var drawnEnds []int32
	for v := range n {
		if cnt[v] != 0 {
			continue
		}
		o := outcome.P
		if p.Terminal != nil {
			o = p.Terminal(int32(v))
		}
		switch o {
		case outcome.N, outcome.P:
			out[v] = o
			queue = append(queue, int32(v))
		case outcome.D:
			out[v] = outcome.D
			rem[v] = NoRemoteness
			drawnEnds = append(drawnEnds, int32(v))
		default:
			return nil, fmt.Errorf("retro: terminal node %d has outcome %v; want N, P or D", v, o)
		}
	}
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
		preds := p.Pred.Adj[p.Pred.Off[v]:p.Pred.Off[v+1]]
		if out[v] == outcome.P {
			for _, u := range preds {
				if out[u] == outcome.Unknown {
					out[u] = outcome.N
					rem[u] = r
					queue = append(queue, u)
				}
			}
			continue
		}
		for _, u := range preds {
			if out[u] != outcome.Unknown {
				continue
			}
			if cnt[u]--; cnt[u] == 0 {
				out[u] = outcome.P
				rem[u] = r
				queue = append(queue, u)
			}
		}
	}
	resolved := len(queue)
	queue = nil
	if resolved+len(drawnEnds) == n {
		return res, nil
	}
	if p.Endless == nil {
		for v := range n {
			if out[v] == outcome.Unknown {
				out[v] = outcome.D
				rem[v] = NoRemoteness
				res.Endless++
			}
		}
		res.Endless += len(drawnEnds)
		return res, nil
	}
	// Unresolved nodes: neither player can force a finite win. Their
	// counters now count the moves that stay unresolved or reach a drawn
	// end (moves to lost nodes would have resolved them). The player who
	// loses endless play reaches a drawn end if it can; attract.
	attr := drawnEnds
	for head := 0; head < len(attr); head++ {
		if head&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		v := attr[head]
		for _, u := range p.Pred.Adj[p.Pred.Off[v]:p.Pred.Off[v+1]] {
			if out[u] != outcome.Unknown {
				continue
			}
			e := p.Endless(u)
			if e == outcome.N {
				// u wins endless play: drawn only if every way on is.
				if cnt[u]--; cnt[u] != 0 {
					continue
				}
			}
			out[u] = outcome.D
			rem[u] = NoRemoteness
			attr = append(attr, u)
		}
	}
	res.Endless = len(attr)
	for v := range n {
		if out[v] != outcome.Unknown {
			continue
		}
		e := p.Endless(int32(v))
		switch e {
		case outcome.N, outcome.P, outcome.D:
		default:
			return nil, fmt.Errorf("retro: node %d has endless verdict %v; want N, P or D", v, e)
		}
		out[v] = e
		rem[v] = NoRemoteness
		res.Endless++
	}
	return res, nil
}
