package script

import (
	"context"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/cgt/stopper"
)

// Loopy partizan scripts: a partizan script whose positions repeat
// (Backsliding Toads and Frogs written as a script, a fox that walks
// back) has no canonical form; its value is a stopper or a sided value
// (package cgt/stopper: Winning Ways ch. 11; Siegel, Combinatorial Game
// Theory, ch. VI), found from the graph of every position the position
// reaches, and its outcome, with draws, by retrograde analysis of that
// graph, as for the built-in loopy games. The short-game valuation tries
// first and meets a repeated position (reports.ErrRepeats); then the
// graph is built. split(pos) is not used here: the graph is of whole
// positions, which is what the sum of the components' graphs is.

// Bounds on the graph of a loopy script's position: the value compares
// every pair of positions (stopper's tables grow with the square), the
// outcome only walks the graph. --max-states lowers either.
const (
	MaxLoopyValuePositions = 4096
	MaxLoopySolvePositions = 2_000_000
)

// LoopyGraph is the game graph of every position reached from root by
// left_moves and right_moves (moves for an impartial script): vertex 0
// is root, ids[v] the position of vertex v. It stops with the budget's
// error past max positions.
func (g *Game) LoopyGraph(ctx context.Context, root Pos, max int) (*stopper.Graph, []Pos, error) {
	if err := g.Valuable(); err != nil {
		return nil, nil, err
	}
	if g.pz == nil {
		g.pz = &partizan{values: map[Pos]cgt.Game{}, onStack: map[Pos]bool{}, left: map[Pos][]Pos{}, right: map[Pos][]Pos{}}
	}
	ids := map[Pos]int32{root: 0}
	names := []Pos{root}
	gr := &stopper.Graph{}
	var charged int64
	err := g.Run(ctx, func(ctx context.Context) error {
		for i := 0; i < len(names); i++ {
			if err := ctx.Err(); err != nil {
				return err
			}
			// The graph's vertices are charged to the memory budget as
			// the graph grows, beyond the positions' own charge (the
			// intern table's): a chunk of loopyChunk vertices at a time.
			if g.memory != nil && int64(i+1)*loopyVertexBytes > charged {
				if err := g.memory.Charge(loopyChunk*loopyVertexBytes, "the game graph of the script's positions"); err != nil {
					return err
				}
				charged += loopyChunk * loopyVertexBytes
			}
			var opts [2][]int32
			for side, left := range []bool{true, false} {
				moves, err := g.partizanMoves(names[i], left)
				if err != nil {
					return err
				}
				for _, q := range moves {
					id, ok := ids[q]
					if !ok {
						if len(names) >= max {
							return budget.TooManyStates(max)
						}
						id = int32(len(names))
						ids[q] = id
						names = append(names, q)
					}
					opts[side] = append(opts[side], id)
				}
			}
			gr.L = append(gr.L, opts[0])
			gr.R = append(gr.R, opts[1])
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return gr, names, nil
}

// loopyVertexBytes is what a vertex of a loopy script's graph adds to
// its position's charge (nodeBytes): its entry in the map of vertex
// numbers and in the list of positions, its two option lists (headers
// and a few options), the memo of left_moves and right_moves (two map
// entries with their lists), and the retrograde analysis's two results
// and counters. Measured with runtime.MemStats on a script of 300,001
// int positions (n → n ± 1 for Left, n → n + 2 for Right): the positions,
// the graph, the memo and the results keep 95 bytes a vertex after two
// collections, and the retrograde analysis allocates 230 bytes a vertex
// more while it runs; with the positions' own charge (112 and more) the
// charge errs on the safe side. loopyChunk vertices are charged at a
// time.
const (
	loopyVertexBytes = 320
	loopyChunk       = 4096
)

func loopyLimit(def int, opts catalog.Options) int {
	if opts.MaxStates > 0 && opts.MaxStates < def {
		return opts.MaxStates
	}
	return def
}

// LoopyValue is the value of a script's position whose positions repeat:
// a stopper in simplest form or a sided value (reports.LoopyValuer). It
// answers for short positions too (their value as a stopper), but
// reports.PartizanValue asks it only after Value met a repeat.
func (s *instance) LoopyValue(ctx context.Context, tokens []string, opts catalog.Options) (*stopper.Value, string, error) {
	tokens, opts = scriptTokens(tokens, opts)
	solver, root, err := s.position(ctx, tokens, opts)
	if err != nil {
		return nil, "", err
	}
	g := solver.Game()
	max := loopyLimit(MaxLoopyValuePositions, opts)
	gr, _, err := g.LoopyGraph(ctx, root, max)
	if err != nil {
		return nil, "", err
	}
	v, err := stopper.FromGraph(gr, &stopper.Limits{MaxVertices: max, Memory: opts.Memory, Context: ctx})
	return v, g.Format(root), err
}

// solveLoopy is 'grundy solve' on a script's position whose positions
// repeat: who wins with Left and with Right moving first (an endless
// play a draw), CGSuite's loopy outcome class, winning and drawing
// moves (reports.LoopySolve).
func (s *instance) solveLoopy(ctx context.Context, g *Game, root Pos, opts catalog.Options) (*catalog.Report, error) {
	gr, names, err := g.LoopyGraph(ctx, root, loopyLimit(MaxLoopySolvePositions, opts))
	if err != nil {
		return nil, err
	}
	r := reports.LoopySolve(s.path, gr, func(v int32) string { return g.Format(names[v]) }, loopyMethod)
	r.Extra["positions"] = len(names)
	return r, nil
}
