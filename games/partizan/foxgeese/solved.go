package foxgeese

import (
	"context"
	"sync"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/cgt/stopper"
)

// The explorer asks for a position, then for a position one move on,
// and so on. Each answer used to build and solve the graph of every
// position the asked one reaches: 966,123 positions from the start of
// the 8×8 board, seconds a click. The graph of a position holds the
// graph of every position it reaches, and a position's result (who wins
// with each player moving first, an endless play a draw) depends only on
// the positions it reaches (the retrograde analysis of stopper.Results
// is exact on any closed part of the graph). So the results of the last
// graph solved are kept, and a later request for any position among
// them is answered from them: the position's own results and its
// options', read without building anything.

// maxKept bounds the positions whose results are kept between requests:
// about 30 bytes each in the map, so at most ~60 MB, outside any
// request's budget. A larger graph is solved, answered and dropped.
const maxKept = 2_000_000

// solvedRegion holds the results of every position reachable from one
// root on one board.
type solvedRegion struct {
	board Board
	res   map[Pos]results
}

// results packs who wins with Left moving first and with Right.
type results struct{ left, right stopper.Result }

// lastSolved is the last region solved (nil before the first), shared by
// every request: the explorer's session usually plays on from it.
var lastSolved struct {
	sync.Mutex
	region *solvedRegion
}

// lookupSolved is the kept region that holds p's results on b, or nil.
func lookupSolved(b Board, p Pos) *solvedRegion {
	lastSolved.Lock()
	defer lastSolved.Unlock()
	r := lastSolved.region
	if r == nil || r.board != b {
		return nil
	}
	if _, ok := r.res[p]; !ok {
		return nil
	}
	return r
}

// forgetSolved drops the kept results (tests use it to compare answers
// from a fresh graph with answers from kept results).
func forgetSolved() {
	lastSolved.Lock()
	lastSolved.region = nil
	lastSolved.Unlock()
}

// solvedAround returns p's local graph — p as vertex 0, then Left's and
// Right's options — with every vertex's results, their positions, and
// the number of positions of the solved graph they were read from.
// The results come from the kept region when it holds p; otherwise p's
// whole graph is built (within limit and the request's budget), solved,
// and kept when it is small enough.
func (in instance) solvedAround(ctx context.Context, p Pos, opts catalog.Options) (*stopper.Graph, []Pos, []stopper.Result, []stopper.Result, int, error) {
	region := lookupSolved(in.b, p)
	if region == nil {
		g, names, err := in.b.Graph(ctx, p, limit(MaxSolvePositions, opts), opts.Memory)
		if err != nil {
			return nil, nil, nil, nil, 0, err
		}
		lf, rf := stopper.Results(g)
		region = &solvedRegion{board: in.b, res: make(map[Pos]results, len(names))}
		for v, q := range names {
			region.res[q] = results{lf[v], rf[v]}
		}
		if len(names) <= maxKept {
			lastSolved.Lock()
			lastSolved.region = region
			lastSolved.Unlock()
		}
	}
	local := &stopper.Graph{L: [][]int32{nil}, R: [][]int32{nil}}
	names := []Pos{p}
	add := func(q Pos) int32 {
		names = append(names, q)
		local.L = append(local.L, nil)
		local.R = append(local.R, nil)
		return int32(len(names) - 1)
	}
	for q := range in.b.LeftMoves(p) {
		local.L[0] = append(local.L[0], add(q))
	}
	for q := range in.b.RightMoves(p) {
		local.R[0] = append(local.R[0], add(q))
	}
	lf, rf := make([]stopper.Result, len(names)), make([]stopper.Result, len(names))
	for v, q := range names {
		r := region.res[q]
		lf[v], rf[v] = r.left, r.right
	}
	return local, names, lf, rf, len(region.res), nil
}
