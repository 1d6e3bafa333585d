package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

// handleValue answers /api/v1/value?game=SPEC&position=POS with the
// CLI's 'grundy value GAME POSITION --json': the canonical form of a
// position of a partizan game or script with its outcome class, stops,
// mean and temperature, or, for a loopy one (Backsliding Toads and Frogs,
// a script whose positions repeat), its stopper or sided value
// (reports.PartizanValue, the one function both front ends call). The
// explorer's answer for a loopy position (/api/v1/position) has its
// outcome with draws, which retrograde analysis finds at once; the page
// asks for the value apart, since simplifying a stopper may take seconds
// where the outcome takes milliseconds (BENCHMARKS.md, "Backsliding
// Toads and Frogs"). It runs through the lanes as a position does: a
// script takes its turn first (its solver is not safe for concurrent
// use), and a value over the fast lane's budget goes on to the slow one,
// where the loopy value's own bound (at most 4,096 positions, as on the
// command line) gives the budget's error.
func (s *Server) handleValue(w http.ResponseWriter, r *http.Request) {
	q, status, err := s.parseRequest(w, r)
	if err != nil {
		writeError(w, status, err.Error())
		return
	}
	if q.how.misere {
		writeError(w, http.StatusBadRequest, "misere: /api/v1/value gives values under normal play (misère values: grundy value --misere)")
		return
	}
	g, err := s.lookup(q.game)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if _, script := g.inst.(catalog.ScriptInstance); q.params != nil && !script {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("--param is for game scripts (a GAME ending in .star); %q takes its parameters after a colon", q.game))
		return
	}
	tokens := g.tokens(g.position(q.position))
	value := func(ctx context.Context, states int, memory int64) (*reports.CGTReport, error) {
		opts := catalog.Options{MaxStates: states, Params: q.params, Memory: budget.NewBytes(memory)}
		rep, err := reports.PartizanValue(ctx, g.inst, tokens, opts, reports.CGTOptions{})
		if errors.Is(err, reports.ErrNotPartizan) {
			return nil, fmt.Errorf("game %q is not a partizan game: it has no partizan value; ask /api/v1/position", q.game)
		}
		return rep, err
	}
	ctx, cancel := context.WithTimeout(withClient(r), s.cfg.Timeout)
	defer cancel()
	rep, err := s.valueLanes(ctx, g, value)
	if err != nil {
		s.reportFailure(w, r, err, "the value")
		return
	}
	writeJSON(w, http.StatusOK, rep)
}

// valueLanes runs value in the fast lane when the game's turn is free,
// then, when that was not enough, in the slow lane after the game's turn
// (as compute does for a position).
func (s *Server) valueLanes(ctx context.Context, g *served, value func(context.Context, int, int64) (*reports.CGTReport, error)) (rep *reports.CGTReport, err error) {
	defer func() {
		if p := recover(); p != nil {
			rep, err = nil, fmt.Errorf("%w while valuing a position of %s: %v; please report it", errInternal, g.inst.Spec(), p)
		}
	}()
	if g.tryTake() {
		states := s.cfg.FastStates
		if g.lock != nil {
			states = s.cfg.MaxStates // a script's solver is made for one state cap
		}
		stopped, err := s.runFast(ctx, func(ctx context.Context) (err error) {
			rep, err = value(ctx, states, s.cfg.FastMemory)
			return err
		})
		g.release()
		switch {
		case err == nil:
			return rep, nil
		case ctx.Err() != nil:
			return nil, settle(ctx, err)
		case !stopped && !overFast(err, states < s.cfg.MaxStates, states):
			return nil, err // bad input, or over the bounds of any lane
		}
	}
	if err := g.take(ctx); err != nil {
		return nil, err
	}
	defer g.release()
	err = s.runSlow(ctx, func(ctx context.Context) (err error) {
		rep, err = value(ctx, s.cfg.MaxStates, s.slowMemory())
		return err
	})
	return rep, settle(ctx, err)
}

// literalPosition reads a script's position that starts like a Starlark
// literal (a tuple, a list, a dict, a quoted string: "(3, 4)", "\"T. .F\"")
// as that literal (catalog.Options.PositionExpr, the CLI's --pos), as the
// script's Explore reads it and writes the positions its moves leave; a
// script's Solve, like the CLI's words, reads words as a plain string.
// Built-in games' tokens are left as they are.
func literalPosition(g *served, tokens []string, opts catalog.Options) ([]string, catalog.Options) {
	if g.lock == nil || len(tokens) != 1 {
		return tokens, opts
	}
	if text := strings.TrimSpace(tokens[0]); text != "" && strings.ContainsAny(text[:1], `([{"'`) {
		opts.PositionExpr = text
		return nil, opts
	}
	return tokens, opts
}

// partizanScript is a game script that says whether it is partizan
// (left_moves and right_moves) with the given parameters.
type partizanScript interface {
	IsPartizan(ctx context.Context, opts catalog.Options) bool
}

// partizanAnswer reports whether a position's answer is a partizan
// game's, whose moves are Left's and Right's (the page reads the turns
// from the answer's move_kind): a built-in partizan game, short or loopy,
// or a partizan script.
func partizanAnswer(ctx context.Context, g *served, opts catalog.Options) bool {
	if g.entry != nil {
		return g.entry.Kind == reports.KindPartizan || g.entry.Kind == "loopy-partizan"
	}
	p, ok := g.inst.(partizanScript)
	return ok && p.IsPartizan(ctx, opts)
}
