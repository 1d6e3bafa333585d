package retro

import (
	"context"
	"fmt"

	"github.com/grundy-go/grundy/outcome"
)

// Exits describe moves that leave a Problem's graph for positions solved
// before (a tier solver's child tiers, whose records are final): the
// graph is then one part of a larger game, solved from its border.
//
// With Exits, Problem.Moves[v] counts v's moves that stay in the graph
// plus its exits to drawn positions and to positions decided by endless
// play; exits to won and lost positions are not counted but summarised
// here. A node without moves in the graph and without exits is terminal.
//
// Solve then works level by level in order of remoteness (a bucket
// queue): an exit to a position lost in r moves makes v won in r+1 at
// most, so v waits in the bucket of level r+1 unless a move inside the
// graph wins sooner; a node whose moves all lose is lost in one more than
// the greatest remoteness among them, in the graph or out of it. Levels
// are processed in increasing order, so each node is resolved with its
// exact remoteness, as a retrograde analysis of the whole game would
// resolve it (the winner hurries, the loser delays). The levels are
// processed by one goroutine whatever Options.Workers says.
type Exits struct {
	// Win[v] is 0, or 1 + the least remoteness of a lost position that
	// v can move out to: v wins in at most Win[v] moves.
	Win []uint32
	// Lose[v] is 0, or 1 + the greatest remoteness of a won position
	// that v can move out to.
	Lose []uint32
	// Drawn[v] counts v's exits to drawn positions (they count in Moves
	// too).
	Drawn []uint32
}

// solveExits is Solve for a Problem with Exits: the queue algorithm with
// a bucket per remoteness instead of one FIFO queue, seeded at the levels
// the exits give.
func solveExits(ctx context.Context, p *Problem, opts Options) (*Result, error) {
	n := p.Pred.Nodes()
	x := p.Exits
	if len(x.Win) != n || len(x.Lose) != n || len(x.Drawn) != n {
		return nil, fmt.Errorf("retro: exits given for %d, %d, %d nodes of %d", len(x.Win), len(x.Lose), len(x.Drawn), n)
	}
	rem := make([]uint32, n)
	st := p.Moves
	var buckets [][]int32 // buckets[r]: nodes resolved with remoteness r
	push := func(r uint32, v int32) {
		for int(r) >= len(buckets) {
			buckets = append(buckets, nil)
		}
		buckets[r] = append(buckets[r], v)
	}
	var wins [][]int32 // wins[r]: nodes that win in r through an exit, unless sooner inside
	var drawnEnds []int32
	for v := range n {
		if st[v] >= maxMoves-1 {
			return nil, fmt.Errorf("retro: node %d has %d moves, more than %d", v, st[v], maxMoves-2)
		}
		switch {
		case x.Win[v] > 0:
			// One more count that no move inside clears: v is never
			// lost.
			st[v]++
			for int(x.Win[v]) >= len(wins) {
				wins = append(wins, nil)
			}
			wins[x.Win[v]] = append(wins[x.Win[v]], int32(v))
		case st[v] != 0:
		case x.Lose[v] > 0:
			st[v] = resolvedP
			rem[v] = x.Lose[v]
			push(x.Lose[v], int32(v))
		default:
			o := outcome.P
			if p.Terminal != nil {
				o = p.Terminal(int32(v))
			}
			switch o {
			case outcome.N:
				st[v] = resolvedN
				push(0, int32(v))
			case outcome.P:
				st[v] = resolvedP
				push(0, int32(v))
			case outcome.D:
				st[v] = resolvedD
				rem[v] = NoRemoteness
				drawnEnds = append(drawnEnds, int32(v))
			default:
				return nil, fmt.Errorf("retro: terminal node %d has outcome %v; want N, P or D", v, o)
			}
		}
	}
	off, adj := p.Pred.Off, p.Pred.Adj
	resolvedCount, work := 0, 0
	for r := 0; r < len(buckets) || r < len(wins); r++ {
		if r < len(wins) {
			for _, v := range wins[r] {
				if st[v] < resolved {
					st[v] = resolvedN
					rem[v] = uint32(r)
					push(uint32(r), v)
				}
			}
			wins[r] = nil
		}
		if r >= len(buckets) {
			continue
		}
		next := uint32(r) + 1
		// buckets[r] does not grow while it is processed: every push
		// goes to a later level.
		for _, v := range buckets[r] {
			if work++; work&0xffff == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
				if opts.Progress != nil {
					opts.Progress(resolvedCount, n)
				}
			}
			resolvedCount++
			preds := adj[off[v]:off[v+1]]
			if st[v] == resolvedP {
				for _, u := range preds {
					if st[u] < resolved {
						st[u] = resolvedN
						rem[u] = next
						push(next, u)
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
					rem[u] = max(next, x.Lose[u])
					push(rem[u], u)
				} else {
					st[u] = s - 1
				}
			}
		}
		buckets[r] = nil
	}
	return finish(ctx, p, st, rem, resolvedCount, drawnEnds)
}
