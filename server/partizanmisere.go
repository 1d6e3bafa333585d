package server

import (
	"context"
	"errors"
	"fmt"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

// The explorer's misère switch for partizan games and scripts: the same
// moves (a short partizan game's rules do not change, only who wins at
// the end: the player who cannot move), the position answered as the
// CLI's 'grundy solve GAME POS --misere' answers it
// (reports.SolveMiserePartizan: its misère outcome class, whether each
// player wins moving first, its misère canonical form and each player's
// winning moves), and each move marked with the misère outcome class and
// misère canonical form of the position it leaves ('grundy value GAME POS
// --misere'). The equivalence is general misère play (Siegel, "Misère
// canonical forms of partizan games", 2015; package misere/partizan).
//
// A move wins for its player exactly when the opponent, to move in the
// position it leaves, loses there: the classes L and P for Left's moves,
// R and P for Right's, as under normal play (resultOf reads them alike).

// explorePartizanMisere explores g's position written as tokens under
// misère play when g is a partizan game or script; ok is false when it is
// not (an impartial game, or an impartial script: the impartial theory
// answers, misereMoves). The board, the moves' order and their labels are
// the normal-play explorer's; every outcome and value is replaced by misère
// play's.
func explorePartizanMisere(ctx context.Context, g *served, tokens []string, opts catalog.Options, explorable, summary bool, maxMoves int) (x *catalog.Exploration, ok bool, err error) {
	f, isFormer := g.inst.(reports.MisereFormer)
	if !isFormer {
		return nil, false, nil
	}
	if summary || !explorable {
		r, err := reports.SolveMiserePartizan(ctx, f, tokens, opts)
		if errors.Is(err, reports.ErrMisereImpartial) {
			return nil, false, nil
		}
		if err != nil {
			return nil, true, err
		}
		x = &catalog.Exploration{Report: r, Board: &catalog.Board{Kind: catalog.BoardText, Text: r.Position}, MoveKind: catalog.MovesPartizan}
		catalog.MarkTurn(g.inst, x)
		return x, true, nil
	}
	mx, err := reports.ExploreMiserePartizan(ctx, f, tokens, opts)
	if errors.Is(err, reports.ErrMisereImpartial) {
		return nil, false, nil
	}
	if err != nil {
		return nil, true, err
	}
	if x, err = g.ex.Explore(ctx, tokens, opts, maxMoves); err != nil {
		if ctx.Err() != nil || errors.Is(err, budget.ErrExceeded) {
			// Past the fast lane's budget the slow lane tries again
			// (computeFast), with the board.
			return nil, true, err
		}
		// The normal-play explorer only lays the board out and names the
		// moves; where it cannot (a partizan script it does not explore
		// yet), the moves are misère play's own, on a board of text.
		return misereOnly(g, mx, maxMoves), true, nil
	}
	catalog.LabelMoves(g.inst, x)
	catalog.MarkLine(g.inst, x)
	catalog.MarkTurn(g.inst, x)
	x.Report = mx.Report
	for i := range x.Moves {
		m := &x.Moves[i]
		if m.Player != catalog.PlayerLeft && m.Player != catalog.PlayerRight {
			return nil, true, fmt.Errorf("internal error: misère %s: the move to %s is not marked Left's or Right's", x.Report.Game, m.Position)
		}
		after, err := mx.Move(ctx, m.Player == catalog.PlayerLeft, m.Position)
		if err != nil {
			return nil, true, fmt.Errorf("misère play: the move to %s: %w", m.Position, err)
		}
		m.Outcome, m.Value = after.Outcome, after.Value
		m.Grundy, m.Remoteness, m.Score = nil, nil, nil
	}
	return x, true, nil
}

// misereOnly is the exploration of mx without the normal-play explorer:
// its moves in the rules' order, at most maxMoves of them, each player's
// marked, and the position as text.
func misereOnly(g *served, mx *reports.MiserePartizanExploration, maxMoves int) *catalog.Exploration {
	if maxMoves <= 0 {
		maxMoves = catalog.DefaultMaxMoves
	}
	x := &catalog.Exploration{Report: mx.Report, Board: &catalog.Board{Kind: catalog.BoardText, Text: mx.Report.Position},
		MoveKind: catalog.MovesPartizan, MovesCounted: true, MovesTotal: len(mx.Moves)}
	for _, m := range mx.Moves {
		if len(x.Moves) >= maxMoves {
			break
		}
		player := catalog.PlayerRight
		if m.Left {
			player = catalog.PlayerLeft
		}
		x.Moves = append(x.Moves, catalog.MoveInfo{Component: -1, Position: m.Position, Player: player, Outcome: m.Outcome, Value: m.Value})
	}
	catalog.MarkTurn(g.inst, x)
	return x
}
