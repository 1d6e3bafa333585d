package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

// The reports that are not positions of a game: the values of a heap
// game (/api/v1/seq), the partizan calculator (/api/v1/cgt) and matrix
// games (/api/v1/matrix). Each answers with the JSON of the CLI's --json
// for the same command, and runs through the scheduler as a position
// does: first in the fast lane, then, if it needs more, in the slow lane.

// Bounds of the reports' inputs: a request over them is well-formed but
// too large to answer here, 422.
const (
	MaxSeqUpto = 100_000 // values of one /api/v1/seq
	// MaxTableSeqUpto bounds a sequence read off a game's table (a
	// script's): each value is a position solved by search.
	MaxTableSeqUpto = 10_000
	MaxCGTExpr      = 2_000 // bytes of one /api/v1/cgt expression
	MaxMatrixSide   = 100   // rows and columns of one /api/v1/matrix
	// The work of one /api/v1/cgt in the slow lane and in the fast lane
	// (cgt.Space.MaxSteps).
	cgtSlowSteps = 20_000_000
	cgtFastSteps = 200_000
)

// seqRequest, cgtRequest and matrixRequest are the POST bodies; GET takes
// the same fields as query parameters.
type seqRequest struct {
	Game string `json:"game"`
	Upto *int   `json:"upto"`
	// Params are a game script's parameters, "NAME=VALUE" each (GET:
	// param=NAME=VALUE, repeated).
	Params []string `json:"params"`
}

type cgtRequest struct {
	Expr string `json:"expr"`
	// Thermograph adds the game's thermograph (its walls as points) to
	// the answer (GET: thermograph=1).
	Thermograph bool `json:"thermograph"`
}

type matrixRequest struct {
	// Matrix is the text of a matrix file: one row a line (GET: rows may
	// also be separated by ';'), entries separated by white space.
	Matrix string `json:"matrix"`
}

func (s *Server) handleSeq(w http.ResponseWriter, r *http.Request) {
	var req seqRequest
	if r.Method == http.MethodPost {
		if status, err := s.decodeBody(w, r, &req, `{"game":"kayles","upto":100}`); err != nil {
			writeError(w, status, err.Error())
			return
		}
		if req.Upto == nil {
			writeError(w, http.StatusBadRequest, `bad JSON body: missing "upto"`)
			return
		}
	} else {
		v := r.URL.Query()
		if !v.Has("game") || !v.Has("upto") {
			writeError(w, http.StatusBadRequest, "missing query parameter 'game' or 'upto'")
			return
		}
		n, err := strconv.Atoi(v.Get("upto"))
		if err != nil {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("bad upto %q: expected a number of values from 1 to %d", v.Get("upto"), MaxSeqUpto))
			return
		}
		req = seqRequest{Game: v.Get("game"), Upto: &n, Params: v["param"]}
	}
	g, params, ok := s.reportGame(w, req.Game, req.Params)
	if !ok {
		return
	}
	// As grundy seq: the heap engine's sequence, else (a script, or a
	// game the heap engine does not know) the game's table when it is a
	// row of Sprague–Grundy values, its period found by the same code
	// and never proven.
	seq, seqErr := reports.AsSequencer(g.inst)
	_, script := g.inst.(catalog.ScriptInstance)
	tabled := seqErr != nil || script
	most := MaxSeqUpto
	if tabled {
		if _, ok := g.inst.(catalog.Tabler); !ok {
			writeError(w, http.StatusBadRequest, seqErr.Error())
			return
		}
		most = MaxTableSeqUpto
	}
	upto := *req.Upto
	switch {
	case upto < 1:
		writeError(w, http.StatusBadRequest, fmt.Sprintf("bad upto %d: expected a number of values from 1 to %d", upto, most))
		return
	case upto > most:
		writeError(w, http.StatusUnprocessableEntity, fmt.Sprintf("upto %d: this server computes at most %d values of %s", upto, most, req.Game))
		return
	}
	rep, err := runReport(s, r, func(ctx context.Context, fast bool) (*reports.SeqReport, error) {
		if tabled {
			if err := g.take(ctx); err != nil {
				return nil, err
			}
			defer g.release()
			return reports.TableSequence(ctx, g.inst, upto, s.reportOptions(fast, params), seqErr)
		}
		return reports.SequenceOf(ctx, seq, upto, reports.SeqOptions{})
	})
	if err != nil {
		s.reportFailure(w, r, err, "the sequence")
		return
	}
	writeJSON(w, http.StatusOK, rep)
}

func (s *Server) handleCGT(w http.ResponseWriter, r *http.Request) {
	var req cgtRequest
	if r.Method == http.MethodPost {
		if status, err := s.decodeBody(w, r, &req, `{"expr":"{2|0||-1} + ^*"}`); err != nil {
			writeError(w, status, err.Error())
			return
		}
	} else {
		v := r.URL.Query()
		if !v.Has("expr") {
			writeError(w, http.StatusBadRequest, "missing query parameter 'expr'")
			return
		}
		req.Expr = v.Get("expr")
		switch v.Get("thermograph") {
		case "", "0", "false":
		case "1", "true":
			req.Thermograph = true
		default:
			writeError(w, http.StatusBadRequest, fmt.Sprintf("bad thermograph %q: expected 1 (add the thermograph) or 0", v.Get("thermograph")))
			return
		}
	}
	switch {
	case strings.TrimSpace(req.Expr) == "":
		writeError(w, http.StatusBadRequest, "missing expr: a game or a comparison in CGSuite's notation, e.g. {2|0||-1} + ^*")
		return
	case len(req.Expr) > MaxCGTExpr:
		writeError(w, http.StatusUnprocessableEntity, fmt.Sprintf("the expression is %d bytes long; this server takes at most %d", len(req.Expr), MaxCGTExpr))
		return
	}
	if req.Thermograph {
		raw, err := runReport(s, r, func(ctx context.Context, fast bool) (json.RawMessage, error) {
			steps := int64(cgtSlowSteps)
			if fast {
				steps = cgtFastSteps
			}
			return cgtWithThermograph(ctx, req.Expr, steps)
		})
		if err != nil {
			s.reportFailure(w, r, err, "the calculation")
			return
		}
		writeRaw(w, http.StatusOK, raw)
		return
	}
	rep, err := runReport(s, r, func(ctx context.Context, fast bool) (*reports.CGTReport, error) {
		steps := int64(cgtSlowSteps)
		if fast {
			steps = cgtFastSteps
		}
		return reports.CGT(ctx, req.Expr, reports.CGTOptions{MaxSteps: steps})
	})
	if err != nil {
		s.reportFailure(w, r, err, "the calculation")
		return
	}
	writeJSON(w, http.StatusOK, rep)
}

func (s *Server) handleMatrix(w http.ResponseWriter, r *http.Request) {
	var req matrixRequest
	if r.Method == http.MethodPost {
		if status, err := s.decodeBody(w, r, &req, `{"matrix":"1 -1\n-1 1"}`); err != nil {
			writeError(w, status, err.Error())
			return
		}
	} else {
		v := r.URL.Query()
		if !v.Has("matrix") {
			writeError(w, http.StatusBadRequest, "missing query parameter 'matrix'")
			return
		}
		req.Matrix = strings.ReplaceAll(v.Get("matrix"), ";", "\n")
	}
	rep, err := runReport(s, r, func(ctx context.Context, fast bool) (*reports.MatrixReport, error) {
		return reports.Matrix(ctx, strings.NewReader(req.Matrix), reports.MatrixOptions{MaxRows: MaxMatrixSide, MaxColumns: MaxMatrixSide})
	})
	if err != nil {
		s.reportFailure(w, r, err, "the matrix game")
		return
	}
	writeJSON(w, http.StatusOK, rep)
}

// decodeBody reads a request's JSON body into v, as parseRequest does: one
// object of known fields within MaxBody bytes. example shows a good body.
func (s *Server) decodeBody(w http.ResponseWriter, r *http.Request, v any, example string) (status int, err error) {
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "application/json") {
		return http.StatusUnsupportedMediaType, fmt.Errorf("request body must be JSON (Content-Type application/json), got %q", ct)
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.EOF) {
			return http.StatusBadRequest, fmt.Errorf("bad JSON body: empty body; expected an object such as %s", example)
		}
		return bodyStatus(err), fmt.Errorf("bad JSON body: %s", jsonMessage(err, s.cfg.MaxBody))
	}
	if _, err := dec.Token(); err != io.EOF {
		if err == nil {
			err = errors.New("more than one JSON value")
		}
		return bodyStatus(err), fmt.Errorf("bad JSON body: %s", jsonMessage(err, s.cfg.MaxBody))
	}
	return 0, nil
}

// runReport runs a report's computation through the same lanes as a
// position (runFast, then runSlow): a fast-lane attempt (fast set, so
// that it takes the fast lane's budget) and, when that was not enough
// (stopped for its CPU time or over a budget there), the slow lane within
// the request's Timeout. A panic is an internal error, 500.
func runReport[T any](s *Server, r *http.Request, compute func(ctx context.Context, fast bool) (T, error)) (res T, err error) {
	ctx, cancel := context.WithTimeout(withClient(r), s.cfg.Timeout)
	defer cancel()
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%w while computing %s: %v; please report it", errInternal, r.URL.Path, p)
		}
	}()
	stopped, err := s.runFast(ctx, func(ctx context.Context) (err error) {
		res, err = compute(ctx, true)
		return err
	})
	switch {
	case err == nil:
		return res, nil
	case ctx.Err() != nil:
		return res, settle(ctx, err)
	case !stopped && !errors.Is(err, budget.ErrExceeded):
		return res, err // bad input: the slow lane would say the same
	}
	err = s.runSlow(ctx, func(ctx context.Context) (err error) {
		res, err = compute(ctx, false)
		return err
	})
	return res, settle(ctx, err)
}

// reportFailure writes err as failure does, naming what took too long.
func (s *Server) reportFailure(w http.ResponseWriter, r *http.Request, err error, what string) {
	if errors.Is(err, context.DeadlineExceeded) && r.Context().Err() == nil {
		writeError(w, statusOf(err), fmt.Sprintf("%s took longer than this server's limit of %s; try a smaller one", what, s.cfg.Timeout))
		return
	}
	s.failure(w, r, err)
}
