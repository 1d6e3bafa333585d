package script

import (
	"context"
	"errors"
	"fmt"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

// The explorer of a partizan script (grundy serve --script). A partizan
// position has no player to move: the explorer lists Left's moves and
// Right's, each with the outcome class of the position it leaves, as it
// does for the built-in partizan games. The list goes through the one
// path those games take (catalog.SuccessorLister, turned into an
// Exploration by catalog.AsExplorer): a short position as
// partizanreport lists a built-in's, each move's canonical form and
// class from the same cgt.Space as the position's own report
// (solvePartizan); a position whose positions repeat by
// reports.LoopySuccessors, as Backsliding Toads and Frogs and Fox and
// Geese are listed, every move's class (L, R, N, P, D, PHat, …) read off
// the one retrograde analysis of the graph that 'grundy solve' makes.

// partizanLister is a partizan script seen as a catalog.SuccessorLister.
// It is not the instance itself, whose Explore would be chosen before
// its Successors (catalog.AsExplorer prefers an Explorer).
type partizanLister struct{ s *instance }

var _ catalog.SuccessorLister = partizanLister{}

func (l partizanLister) Spec() string { return l.s.Spec() }

func (l partizanLister) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	return l.s.Solve(ctx, tokens, opts)
}

// Successors solves the position as 'grundy solve' does and lists
// Left's moves, then Right's, at most limit of them.
func (l partizanLister) Successors(ctx context.Context, tokens []string, opts catalog.Options, limit int) (*catalog.SuccessorList, error) {
	s := l.s
	solver, root, err := s.position(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	g := solver.Game()
	board, err := g.View(ctx, root)
	if err != nil {
		return nil, err
	}
	if board == nil {
		board = &catalog.Board{Kind: catalog.BoardText, Text: g.Format(root)}
	}
	space := reports.NewCGTSpace(ctx, 0)
	if opts.Memory != nil {
		space.Memory, space.MaxSteps = opts.Memory, 0
	}
	_, err = g.PartizanValue(ctx, space, root)
	if errors.Is(err, reports.ErrRepeats) {
		return s.loopySuccessors(ctx, g, root, opts, board, limit)
	}
	if err != nil {
		return nil, err
	}
	report, err := s.solvePartizan(ctx, g, root, opts)
	if err != nil {
		return nil, err
	}
	list := &catalog.SuccessorList{Report: report, Kind: catalog.MovesPartizan, Complete: true, Board: board}
	byName := map[string]Pos{}
	for _, side := range []struct {
		player string
		left   bool
	}{{catalog.PlayerLeft, true}, {catalog.PlayerRight, false}} {
		moves, err := g.partizanMoveList(ctx, root, side.left)
		if err != nil {
			return nil, err
		}
		for _, m := range moves {
			if len(list.Moves) >= limit {
				list.Complete = false
				break
			}
			name := g.Format(m.To)
			byName[name] = m.To
			mb, err := g.View(ctx, m.To)
			if err != nil {
				return nil, err
			}
			list.Moves = append(list.Moves, catalog.Successor{Player: side.player, Move: m.Label, Position: name, MoverIndex: -1, Board: mb})
		}
	}
	list.Solve = func(ctx context.Context, pos string) (*catalog.Report, error) {
		q, ok := byName[pos]
		if !ok {
			return nil, fmt.Errorf("internal error: %s is no move of %s", pos, report.Position)
		}
		v, err := g.PartizanValue(ctx, space, q)
		if err != nil {
			return nil, err
		}
		o, err := space.Outcome(v)
		if err != nil {
			return nil, err
		}
		text, _ := reports.ValueText(space, v)
		return &catalog.Report{Game: s.path, Position: pos, Outcome: o.String(), Value: text}, nil
	}
	return list, nil
}

// loopySuccessors is Successors for a position whose positions repeat:
// the graph of every position it reaches, played out once
// (reports.LoopySuccessors), with the report 'grundy solve' gives
// (solveLoopy's method and its count of positions).
func (s *instance) loopySuccessors(ctx context.Context, g *Game, root Pos, opts catalog.Options, board *catalog.Board, limit int) (*catalog.SuccessorList, error) {
	gr, names, err := g.LoopyGraph(ctx, root, loopyLimit(MaxLoopySolvePositions, opts))
	if err != nil {
		return nil, err
	}
	list := reports.LoopySuccessors(s.path, gr, func(v int32) string { return g.Format(names[v]) }, loopyMethod, board, limit)
	list.Report.Extra["positions"] = len(names)
	// The moves in the order of the graph, which is left_moves' and
	// right_moves' order: labels and drawings of the positions left.
	var moves []Move
	for _, left := range []bool{true, false} {
		ms, err := g.partizanMoveList(ctx, root, left)
		if err != nil {
			return nil, err
		}
		moves = append(moves, ms...)
	}
	for i := range list.Moves {
		if i >= len(moves) {
			break
		}
		list.Moves[i].Move = moves[i].Label
		if list.Moves[i].Board, err = g.View(ctx, moves[i].To); err != nil {
			return nil, err
		}
	}
	return list, nil
}

// loopyMethod is how the outcome of a loopy script's position is found.
const loopyMethod = "retrograde analysis of the game graph (the script's positions repeat), an endless play a draw (see 'grundy value' for the stopper or sided value)"

// partizanMoveList is Left's (or Right's) moves from p with their labels
// (the keys of a dict, or move_labels pairs), in the script's order: the
// positions partizanMoves keeps when the moves are not labelled, else
// the script asked again for its labels.
func (g *Game) partizanMoveList(ctx context.Context, p Pos, left bool) ([]Move, error) {
	var out []Move
	err := g.Run(ctx, func(context.Context) error {
		ps, err := g.partizanMoves(p, left)
		if err != nil {
			return err
		}
		if !g.labelled && !g.dictMoves {
			for _, q := range ps {
				out = append(out, Move{To: q})
			}
			return nil
		}
		fn := g.rightFn
		if left {
			fn = g.leftFn
		}
		saved := g.movesFn
		g.movesFn = fn // eachMove names the function in its errors
		defer func() { g.movesFn = saved }()
		out, err = g.calledMoves(fn, g.nodes[p].val)
		return err
	})
	return out, err
}

// explorePartizan is Explore for a partizan script: its SuccessorLister
// walked by the catalog's explorer of listed moves.
func (s *instance) explorePartizan(ctx context.Context, tokens []string, opts catalog.Options, maxMoves int) (*catalog.Exploration, error) {
	x, _ := catalog.AsExplorer(partizanLister{s})
	return x.Explore(ctx, tokens, opts, maxMoves)
}

// IsPartizan reports whether the script, loaded with opts' parameters,
// defines left_moves and right_moves (false when it fails to load).
func (s *instance) IsPartizan(ctx context.Context, opts catalog.Options) bool {
	solver, err := s.load(ctx, opts)
	return err == nil && solver.Game().Partizan()
}
