package reports

import (
	"context"
	"fmt"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/cgt/stopper"
)

// LoopySolve is the report of 'grundy solve' on a loopy partizan game
// given by the graph g of every position its root (vertex 0) reaches,
// name writing a vertex's position: who wins with Left and with Right
// moving first (an endless play a draw), CGSuite's loopy outcome class,
// each side's winning first moves and, for a side without one, its
// drawing first moves. The results come from stopper.Results, the
// retrograde analysis of the graph.
func LoopySolve(game string, g *stopper.Graph, name func(v int32) string, method string) *catalog.Report {
	lf, rf := stopper.Results(g)
	return loopySolve(game, g, lf, rf, name, method)
}

// LoopySolveResults is LoopySolve from results already known: lf and rf
// hold, for every vertex of g, who wins with Left and with Right moving
// first. g need not hold the whole game: only the root's options are
// read, so a caller that keeps the results of a larger graph (the
// explorer playing on from a position already solved) passes a graph of
// the root and its options with their results.
func LoopySolveResults(game string, g *stopper.Graph, lf, rf []stopper.Result, name func(v int32) string, method string) *catalog.Report {
	return loopySolve(game, g, lf, rf, name, method)
}

func loopySolve(game string, g *stopper.Graph, lf, rf []stopper.Result, name func(v int32) string, method string) *catalog.Report {
	r := &catalog.Report{
		Game:     game,
		Position: name(0),
		Outcome:  stopper.OutcomeName(lf[0], rf[0]),
		Method:   method,
		Notes: []string{
			"outcome: L/R = Left/Right wins whoever starts, N/P = the first/second player wins, D = a draw; PHat = Left moving first draws, Right moving first loses; NHat = Left moving first wins, Right moving first draws; PCheck, NCheck the same for Right",
			"winning moves are Left's (L:) and Right's (R:) first moves that win, each to the position it leaves; drawing moves those that hold a draw where no move wins",
		},
		Extra: map[string]any{"left_first": lf[0].String(), "right_first": rf[0].String()},
	}
	drawing := []string{}
	for _, side := range []struct {
		opts  []int32
		after []stopper.Result // the result with the other player to move
		win   stopper.Result
		label string
	}{{g.L[0], rf, stopper.LeftWins, "L: "}, {g.R[0], lf, stopper.RightWins, "R: "}} {
		canWin := false
		for _, w := range side.opts {
			if side.after[w] == side.win {
				r.WinningMoves = append(r.WinningMoves, side.label+name(w))
				canWin = true
			}
		}
		if canWin {
			continue
		}
		for _, w := range side.opts {
			if side.after[w] == stopper.Draw {
				drawing = append(drawing, side.label+name(w))
			}
		}
	}
	r.Extra["drawing_moves"] = drawing
	return r
}

// LoopySuccessors is the explorer's list of a loopy partizan position's
// moves (catalog.SuccessorLister): the position's report (LoopySolve),
// Left's moves then Right's, each position left solved from the same
// results — the graph holds them all, so nothing is searched twice. A
// move's Outcome is the loopy class of the position it leaves (L, R, N,
// P, D, PHat, NHat, PCheck, NCheck), and its report says who wins there
// with each player moving first (left_first, right_first).
func LoopySuccessors(game string, g *stopper.Graph, name func(v int32) string, method string, board *catalog.Board, limit int) *catalog.SuccessorList {
	lf, rf := stopper.Results(g)
	return LoopySuccessorsResults(game, g, lf, rf, name, method, board, limit)
}

// LoopySuccessorsResults is LoopySuccessors from results already known,
// as LoopySolveResults.
func LoopySuccessorsResults(game string, g *stopper.Graph, lf, rf []stopper.Result, name func(v int32) string, method string, board *catalog.Board, limit int) *catalog.SuccessorList {
	report := loopySolve(game, g, lf, rf, name, method)
	list := &catalog.SuccessorList{Report: report, Kind: catalog.MovesPartizan, Complete: true, Board: board}
	byName := map[string]int32{}
	for _, side := range []struct {
		player string
		opts   []int32
	}{{catalog.PlayerLeft, g.L[0]}, {catalog.PlayerRight, g.R[0]}} {
		for _, w := range side.opts {
			if len(list.Moves) >= limit {
				list.Complete = false
				break
			}
			pos := name(w)
			byName[pos] = w
			list.Moves = append(list.Moves, catalog.Successor{Player: side.player, Position: pos, MoverIndex: -1})
		}
	}
	list.Solve = func(_ context.Context, pos string) (*catalog.Report, error) {
		w, ok := byName[pos]
		if !ok {
			return nil, fmt.Errorf("internal error: %s is no move of %s", pos, report.Position)
		}
		return &catalog.Report{Game: game, Position: pos, Outcome: stopper.OutcomeName(lf[w], rf[w]),
			Extra: map[string]any{"left_first": lf[w].String(), "right_first": rf[w].String()}}, nil
	}
	return list
}
