package reports

import (
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
	r := &catalog.Report{
		Game:     game,
		Position: name(0),
		Outcome:  stopper.OutcomeName(lf[0], rf[0]),
		Method:   method,
		Notes: []string{
			"outcome: L/R = Left/Right wins whoever starts, N/P = the first/second player wins, D = a draw; PHat = Left moving first draws, Right moving first loses; NHat = Left moving first wins, Right moving first draws; PCheck, NCheck the same for Right",
			"winning moves are Left's (L:) and Right's (R:) first moves that win, each to the position it leaves; drawing_moves those that hold a draw where no move wins",
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
