package tier

import (
	"context"
	"fmt"
	"math/bits"
	"sync/atomic"
	"unsafe"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/retro"
)

// solveLoopy solves a tier whose moves may stay in it by retrograde
// analysis (retro.Solve with Exits): its reachable positions become the
// nodes of a graph of the moves inside the tier, and its moves out of the
// tier, to children already solved, become the exits that seed the queue.
//
// Nodes are numbered by the order of their ranks: the node of rank r is
// the number of reachable ranks below r, a prefix count per bitmap word
// plus a popcount, so no map is needed. Two parallel passes over the
// positions build the graph: the first counts each node's moves and sums
// up its exits, and counts the moves into each node; the second stores
// each move inside the tier in the reverse graph, at a slot taken with an
// atomic add (the order of a node's predecessors varies from run to run,
// which the queue algorithm's results do not depend on).
func (s *solver[P]) solveLoopy(ctx context.Context, ts *tierState, kids *children) (db.Records, error) {
	words := int64(len(ts.reach))
	prefix := make([]uint32, words+1)
	var n int64
	for w, x := range ts.reach {
		prefix[w] = uint32(n)
		n += int64(bits.OnesCount64(x))
		if n > retro.MaxNodes {
			return db.Records{}, fmt.Errorf("tier %s has more than %d reachable positions, more than the retrograde analysis of one tier handles", ts.name, retro.MaxNodes)
		}
	}
	prefix[words] = uint32(n)
	// Per node: counts, exits, the in-degree, the terminal outcome and
	// endless verdict, the graph's offsets; retro's result and queue.
	perNode := int64(4+12+4+2+8+4+1+8) + 4*(words+1)/max(n, 1)
	charged := perNode * n
	if err := s.opts.Memory.Charge(charged, "the graph of tier "+ts.name); err != nil {
		return db.Records{}, err
	}
	defer func() { s.opts.Memory.Release(charged) }()
	nodes := tierNodes[uint32, int32]{ts, prefix}
	moves := make([]uint32, n)
	x := &retro.Exits{Win: make([]uint32, n), Lose: make([]uint32, n), Drawn: make([]uint32, n)}
	indeg := make([]uint32, n)
	term := make([]outcome.Outcome, n)
	var verdict []outcome.Outcome
	if s.end != nil {
		verdict = make([]outcome.Outcome, n)
	}
	newBuf := func() *[]P { b := make([]P, 0, 64); return &b }
	cur := s.cur
	cur.Step = "moves"
	err := parallel(ctx, s, cur, s.workers, words, newBuf, func(w0, w1 int64, buf *[]P) (int64, error) {
		return eachNode(s, nodes, w0, w1, buf, func(v int32, p P, ms []P) error {
			if len(ms) == 0 {
				c, err := s.terminalCode(p)
				if err != nil {
					return err
				}
				term[v] = [...]outcome.Outcome{db.Draw: outcome.D, 4: outcome.P, 5: outcome.N}[c]
				return nil
			}
			if verdict != nil {
				o, err := s.endlessVerdict(p)
				if err != nil {
					return err
				}
				verdict[v] = o
			}
			var mv, win, lose, drawn uint32
			for _, q := range ms {
				k, _, err := s.childIndex(ts, kids.tiers, p, q)
				if err != nil {
					return err
				}
				if k < 0 {
					u, err := inTier(s, nodes, p, q)
					if err != nil {
						return err
					}
					atomic.AddUint32(&indeg[u], 1)
					mv++
					continue
				}
				c, err := s.childCode(ts, kids, p, q)
				if err != nil {
					return err
				}
				switch {
				case c >= 4 && c&1 == 0:
					if r := uint32(c-4)/2 + 1; win == 0 || r < win {
						win = r
					}
				case c >= 5:
					lose = max(lose, uint32(c-5)/2+1)
				case c == db.Draw:
					drawn++
					mv++
				default:
					mv++
				}
			}
			moves[v], x.Win[v], x.Lose[v], x.Drawn[v] = mv, win, lose, drawn
			return nil
		})
	})
	if err != nil {
		return db.Records{}, err
	}
	off, adj, charged, err := predecessors(ctx, s, nodes, cur, indeg)
	if err != nil {
		return db.Records{}, err
	}
	defer s.opts.Memory.Release(charged)
	indeg = nil
	prob := &retro.Problem{
		Pred:     &retro.CSR{Off: off, Adj: adj},
		Moves:    moves,
		Terminal: func(v int32) outcome.Outcome { return term[v] },
		Exits:    x,
	}
	if verdict != nil {
		prob.Endless = func(v int32) outcome.Outcome { return verdict[v] }
	}
	cur.Step = "queue"
	cur.Done = 0
	s.report(cur)
	res, err := retro.Solve(ctx, prob, retro.Options{Progress: func(done, total int) {
		cur.Done = int64(done)
		s.report(cur)
	}})
	if err != nil {
		return db.Records{}, err
	}
	cur.Done = n
	s.report(cur)
	width := 1
	for v := range n {
		if r := res.Remoteness[v]; r != retro.NoRemoteness && r > db.MaxRemoteness(1) {
			width = 2
		}
	}
	recs, err := s.allocRecords(ts.size, width, ts)
	if err != nil {
		return db.Records{}, err
	}
	v := 0
	for w, word := range ts.reach {
		for ; word != 0; word &= word - 1 {
			r := int64(w)<<6 | int64(bits.TrailingZeros64(word))
			c, ok := db.Encode(res.Outcome[v], res.Remoteness[v])
			if !ok {
				s.opts.Memory.Release(int64(len(recs.Data)))
				p, _ := s.g.TierUnrank(ts.t, r)
				return db.Records{}, fmt.Errorf("the position %s has remoteness %d, more than a record holds (%d)", s.format(p), res.Remoteness[v], db.MaxRemoteness(2))
			}
			recs.Set(r, c)
			v++
		}
	}
	return recs, nil
}

// tierNodes numbers the reachable ranks of tier ts in rank order: the
// nodes of its graph in a loopy tier's analysis. prefix[w] of them lie
// before reachability word w (uint32 where the nodes fit retro's int32
// numbers, to halve the prefix's memory).
type tierNodes[X uint32 | int64, V int32 | int64] struct {
	ts     *tierState
	prefix []X
}

// node is rank r's node; r is marked reachable.
func (t tierNodes[X, V]) node(r int64) V {
	return V(t.prefix[r>>6]) + V(bits.OnesCount64(t.ts.reach[r>>6]&(1<<(r&63)-1)))
}

// eachNode calls f for every reachable position of the words [w0, w1)
// of t's tier, in rank order, with its node and its moves (held in
// buf), and returns how many it visited.
func eachNode[P comparable, X uint32 | int64, V int32 | int64](s *solver[P], t tierNodes[X, V], w0, w1 int64, buf *[]P, f func(v V, p P, moves []P) error) (int64, error) {
	var done int64
	for w := w0; w < w1; w++ {
		v := V(t.prefix[w])
		for word := t.ts.reach[w]; word != 0; word &= word - 1 {
			r := w<<6 | int64(bits.TrailingZeros64(word))
			p, ok := s.g.TierUnrank(t.ts.t, r)
			if !ok {
				return done, t.ts.errUnranked(r)
			}
			*buf = s.moves((*buf)[:0], p)
			if err := f(v, p, *buf); err != nil {
				return done, err
			}
			v++
			done++
		}
	}
	return done, nil
}

// inTier is the node of q, where the move from p to q stays in t's
// tier; q must be marked reachable.
func inTier[P comparable, X uint32 | int64, V int32 | int64](s *solver[P], t tierNodes[X, V], p, q P) (V, error) {
	ts := t.ts
	r, err := s.rankIn(ts, ts.size, p, q)
	if err != nil {
		return 0, err
	}
	if ts.reach[r>>6]&(1<<(r&63)) == 0 {
		return 0, fmt.Errorf("internal error: the move %s → %s reaches a position of tier %s not marked reachable", s.format(p), s.format(q), ts.name)
	}
	return t.node(r), nil
}

// predecessors is the reverse graph of t's tier within itself (the
// moves that stay in it), from indeg, the count of such moves into each
// node, which it uses up: each node's offset in adj and the predecessor
// lists, charged to the memory budget (charged, for the caller to
// release once the analysis is done).
func predecessors[P comparable, X uint32 | int64, V int32 | int64](ctx context.Context, s *solver[P], t tierNodes[X, V], cur Progress, indeg []uint32) (off []int64, adj []V, charged int64, err error) {
	n := len(indeg)
	off = make([]int64, n+1)
	for v := range n {
		off[v+1] = off[v] + int64(indeg[v])
		indeg[v] = 0 // now the count of predecessors stored
	}
	arcs := off[n]
	charged = int64(unsafe.Sizeof(V(0))) * arcs
	if err := s.opts.Memory.Charge(charged, "the graph of tier "+t.ts.name); err != nil {
		return nil, nil, 0, err
	}
	adj = make([]V, arcs)
	cur.Step = "graph"
	newBuf := func() *[]P { b := make([]P, 0, 64); return &b }
	err = parallel(ctx, s, cur, s.workers, int64(len(t.ts.reach)), newBuf, func(w0, w1 int64, buf *[]P) (int64, error) {
		return eachNode(s, t, w0, w1, buf, func(v V, p P, ms []P) error {
			for _, q := range ms {
				if s.g.TierOf(q) != t.ts.t {
					continue
				}
				u, err := inTier(s, t, p, q)
				if err != nil {
					return err
				}
				adj[off[u]+int64(atomic.AddUint32(&indeg[u], 1)-1)] = v
			}
			return nil
		})
	})
	if err != nil {
		s.opts.Memory.Release(charged)
		return nil, nil, 0, err
	}
	return off, adj, charged, nil
}
