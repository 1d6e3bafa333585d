package server

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

// Bounds of /api/v1/pattern: the values of a one-integer game it
// computes, and the side of a pair's grid (the command line's are
// reports.MaxPatternUpto and reports.MaxPatternGrid). More is a 422.
const (
	MaxPatternUpto = 100_000
	MaxPatternGrid = MaxTableUpto
)

// handlePattern answers GET /api/v1/pattern?game=SPEC[&upto=N][&param=…]
// with the CLI's 'grundy pattern GAME --upto N --json': the rules that
// fit every value computed, best first, each saying whether a theorem
// proves it. The report is reports.PatternsWithin, the command line's
// own computation; it runs through the lanes as a position does.
func (s *Server) handlePattern(w http.ResponseWriter, r *http.Request) {
	v := r.URL.Query()
	if !v.Has("game") {
		writeError(w, http.StatusBadRequest, "missing query parameter 'game'")
		return
	}
	upto := 0 // the command line's default
	if v.Has("upto") {
		n, err := strconv.Atoi(v.Get("upto"))
		if err != nil || n < 1 {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("bad upto %q: expected a number of values from 1 to %d (an N×N grid of a game on pairs, N up to %d)", v.Get("upto"), MaxPatternUpto, MaxPatternGrid))
			return
		}
		upto = n
	}
	g, params, ok := s.reportGame(w, v.Get("game"), v["param"])
	if !ok {
		return
	}
	rep, err := runReport(s, r, func(ctx context.Context, fast bool) (*reports.PatternReport, error) {
		if err := g.take(ctx); err != nil {
			return nil, err
		}
		defer g.release()
		return reports.PatternsWithin(ctx, g.inst, upto, reports.PatternLimits{Upto: MaxPatternUpto, Grid: MaxPatternGrid}, s.reportOptions(fast, params))
	})
	if err != nil {
		s.reportFailure(w, r, err, "the patterns")
		return
	}
	writeJSON(w, http.StatusOK, rep)
}

// reportGame looks up the game of a report and a script's parameters
// (param=NAME=VALUE, as /api/v1/position takes them), writing the error
// when there is one.
func (s *Server) reportGame(w http.ResponseWriter, spec string, raw []string) (*served, map[string]string, bool) {
	if spec == "" {
		writeError(w, http.StatusBadRequest, "missing game")
		return nil, nil, false
	}
	g, err := s.lookup(spec)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return nil, nil, false
	}
	params, err := catalog.ParseParams(raw)
	if _, script := g.inst.(catalog.ScriptInstance); err == nil && params != nil && !script {
		err = fmt.Errorf("--param is for game scripts (a GAME ending in .star); %q takes its parameters after a colon", spec)
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return nil, nil, false
	}
	return g, params, true
}

// reportOptions are the limits of a report's search in the fast lane or
// the slow one, as a position's.
func (s *Server) reportOptions(fast bool, params map[string]string) catalog.Options {
	if fast {
		return catalog.Options{MaxStates: s.cfg.FastStates, Memory: budget.NewBytes(s.cfg.FastMemory), Params: params}
	}
	return catalog.Options{MaxStates: s.cfg.MaxStates, Memory: budget.NewBytes(s.slowMemory()), Params: params}
}
