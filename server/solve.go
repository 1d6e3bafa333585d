package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/grundy-go/grundy/catalog"
)

// moveResponse is a move as the API gives it: the catalog's MoveInfo (the
// position the move leaves, solved for the player to move there) and what
// the move means for the player who makes it.
type moveResponse struct {
	catalog.MoveInfo
	// Result is "win", "lose" or "draw" for the player making the move
	// (the resulting position is P, N or D), "" when the game's outcomes
	// are not of that kind (payoff vectors, partizan classes).
	Result string `json:"result"`
}

// resultOf reads a resulting position's outcome from the mover's side.
func resultOf(outcome string) string {
	switch outcome {
	case "P":
		return "win"
	case "N":
		return "lose"
	case "D":
		return "draw"
	}
	return ""
}

// solved is a position's full answer: built once, then only read.
type solved struct {
	report     *catalog.Report
	explorable bool
	moves      []moveResponse
	best       *moveResponse
	bestWhy    string
	resp       struct{ Game, Position string }
	json       []byte // the /api/v1/position answer
}

// solve answers for a game and a position, from the cache when it can.
// Requests for a position being solved wait for that search instead of
// starting their own; if its client goes away, the next waiter takes over.
func (s *Server) solve(ctx context.Context, game, pos string) (*solved, error) {
	g, err := s.lookup(game)
	if err != nil {
		return nil, err
	}
	pos = g.position(pos)
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	key := g.inst.Spec() + "\x00" + pos
	for {
		res, c, leader := s.cache.begin(key)
		if res != nil {
			return res, nil
		}
		if leader {
			res, err := s.computeSafely(ctx, g, pos)
			s.cache.finish(key, c, res, err)
			return res, err
		}
		select {
		case <-c.done:
			if c.err != nil && errors.Is(c.err, context.Canceled) && ctx.Err() == nil {
				continue // the leader's client went away; try again
			}
			return c.res, c.err
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// errInternal marks a failure of the server's own code (a panic in a
// solver): status 500, and the other requests go on.
var errInternal = errors.New("internal error")

// computeSafely is compute with a panic turned into an error, so that the
// requests waiting for this answer are told, not left waiting.
func (s *Server) computeSafely(ctx context.Context, g *served, pos string) (res *solved, err error) {
	defer func() {
		if p := recover(); p != nil {
			res, err = nil, fmt.Errorf("%w while solving %s %q: %v; please report it", errInternal, g.inst.Spec(), pos, p)
		}
	}()
	return s.compute(ctx, g, pos)
}

// compute solves and explores a position, at most MaxConcurrent at once.
func (s *Server) compute(ctx context.Context, g *served, pos string) (*solved, error) {
	select {
	case s.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-s.sem }()
	if err := g.take(ctx); err != nil {
		return nil, err
	}
	defer g.release()
	tokens := g.tokens(pos)
	opts := catalog.Options{MaxStates: s.cfg.MaxStates}
	var x *catalog.Exploration
	explorable := g.ex != nil
	if explorable {
		var err error
		if x, err = g.ex.Explore(ctx, tokens, opts, s.cfg.MaxMoves); err != nil {
			return nil, err
		}
	} else {
		r, err := g.inst.Solve(ctx, tokens, opts)
		if err != nil {
			return nil, err
		}
		x = &catalog.Exploration{Report: r, Board: &catalog.Board{Kind: catalog.BoardText, Text: r.Position}, MovesCounted: false}
	}
	res := &solved{report: x.Report, explorable: explorable}
	res.resp.Game, res.resp.Position = x.Report.Game, x.Report.Position
	res.moves = make([]moveResponse, len(x.Moves))
	for i, m := range x.Moves {
		res.moves[i] = moveResponse{MoveInfo: m, Result: resultOf(m.Outcome)}
	}
	res.best, res.bestWhy = bestMove(x.Report, res.moves)

	// The answer: the Report's fields (the CLI's --json object), then the
	// explorer's.
	reportJSON, err := json.Marshal(x.Report)
	if err != nil {
		return nil, err
	}
	fields := map[string]json.RawMessage{}
	if err := json.Unmarshal(reportJSON, &fields); err != nil {
		return nil, err
	}
	set := func(k string, v any) error {
		b, err := json.Marshal(v)
		fields[k] = b
		return err
	}
	var bestPos *string
	if res.best != nil {
		bestPos = &res.best.Position
	}
	notes := x.Report.Notes
	if notes == nil {
		notes = []string{}
	}
	for k, v := range map[string]any{
		"board": x.Board, "moves": res.moves, "moves_total": x.MovesTotal, "moves_counted": x.MovesCounted,
		"explorable": explorable, "method": x.Report.Method, "notes": notes,
		"best_move": bestPos, "best_reason": res.bestWhy,
	} {
		if err := set(k, v); err != nil {
			return nil, err
		}
	}
	if res.json, err = json.Marshal(fields); err != nil {
		return nil, err
	}
	return res, nil
}

// bestMove is the engine's choice: the fastest win, else a draw, else the
// slowest loss (the remoteness rule). For games whose outcomes are not win,
// lose or draw, a listed winning move, else the first move.
func bestMove(r *catalog.Report, moves []moveResponse) (*moveResponse, string) {
	pick := -1
	rem := func(i int, unknown int) int {
		if moves[i].Remoteness == nil {
			return unknown
		}
		return *moves[i].Remoteness
	}
	for i, m := range moves {
		if m.Result == "win" && (pick < 0 || rem(i, 1<<62) < rem(pick, 1<<62)) {
			pick = i
		}
	}
	if pick >= 0 {
		return &moves[pick], "the fastest win: the opponent is left in a lost position"
	}
	if len(r.WinningMoves) > 0 {
		for i, m := range moves {
			if m.Position == r.WinningMoves[0] {
				return &moves[i], "a winning move"
			}
		}
		// The move list was cut short before any winning move.
		return &moveResponse{MoveInfo: catalog.MoveInfo{Component: -1, Position: r.WinningMoves[0], Outcome: "P"}, Result: "win"}, "a winning move"
	}
	for i, m := range moves {
		if m.Result == "draw" {
			return &moves[i], "no move wins; this one keeps the draw"
		}
	}
	for i, m := range moves {
		if m.Result == "lose" && (pick < 0 || rem(i, -1) > rem(pick, -1)) {
			pick = i
		}
	}
	if pick >= 0 {
		return &moves[pick], "every move loses; this one makes the game last longest"
	}
	if len(moves) > 0 {
		return &moves[0], "the first move listed"
	}
	return nil, ""
}

// ---- the cache

// cache keeps solved positions, first in first out, and the searches under
// way. All access goes through mu; a *solved is never written after it is
// stored, so readers share it freely.
type cache struct {
	mu       sync.Mutex
	max      int
	done     map[string]*solved
	order    []string // keys of done, oldest first, as a ring
	next     int
	inflight map[string]*call
	hits     int
	misses   int
}

type call struct {
	done chan struct{}
	res  *solved
	err  error
}

func newCache(max int) *cache {
	return &cache{max: max, done: map[string]*solved{}, inflight: map[string]*call{}}
}

// begin returns the cached answer, or the search under way for key (and
// whether the caller must run it).
func (c *cache) begin(key string) (*solved, *call, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if res, ok := c.done[key]; ok {
		c.hits++
		return res, nil, false
	}
	if cl, ok := c.inflight[key]; ok {
		return nil, cl, false
	}
	c.misses++
	cl := &call{done: make(chan struct{})}
	c.inflight[key] = cl
	return nil, cl, true
}

// finish records the leader's answer and wakes the waiters. Errors are not
// kept: bad input is cheap to refuse again, and a search that ran out of
// time may succeed when the machine is less busy.
func (c *cache) finish(key string, cl *call, res *solved, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	cl.res, cl.err = res, err
	delete(c.inflight, key)
	close(cl.done)
	if err != nil {
		return
	}
	if len(c.order) < c.max {
		c.order = append(c.order, key)
	} else {
		delete(c.done, c.order[c.next])
		c.order[c.next] = key
		c.next = (c.next + 1) % c.max
	}
	c.done[key] = res
}

// stats returns the cache's hit and miss counts.
func (c *cache) stats() (hits, misses, size int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits, c.misses, len(c.done)
}
