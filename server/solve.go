package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
)

// moveResponse is a move as the API gives it: the catalog's MoveInfo (the
// position the move leaves, solved for the player to move there) and what
// the move means for the player who makes it.
type moveResponse struct {
	catalog.MoveInfo
	// Result is "win", "lose" or "draw" for the player making the move
	// (see resultOf), "" when the game's outcomes are not of that kind
	// (payoff vectors, chance).
	Result string `json:"result"`
}

// resultOf reads a resulting position's outcome from the side of the
// player who moves there: "win" when it leaves a position that player wins
// (P, or in a partizan game the mover's own class, L for Left), "lose",
// "draw"; "" when the outcome is not of that kind (payoff vectors, chance
// events, outcomes of nature, and D in games with chance, where it means
// only that neither player can force a win).
func resultOf(m catalog.MoveInfo, kind string) string {
	switch {
	case m.Player == catalog.PlayerChance:
		return ""
	case m.Player == catalog.PlayerLeft || m.Player == catalog.PlayerRight:
		// The opponent moves first in the position left: its result
		// with that player first (loopyFirst) says what the move means.
		firsts, ok := loopyFirst[m.Outcome]
		if !ok {
			return ""
		}
		mine, after := byte('L'), firsts[1]
		if m.Player == catalog.PlayerRight {
			mine, after = 'R', firsts[0]
		}
		switch after {
		case mine:
			return "win"
		case 'D':
			return "draw"
		}
		return "lose"
	}
	switch m.Outcome {
	case "P":
		return "win"
	case "N":
		return "lose"
	case "D":
		if kind == catalog.MovesPayoff || kind == catalog.MovesChance {
			return ""
		}
		return "draw"
	}
	return ""
}

// loopyFirst gives, for a partizan outcome class, who wins with Left
// moving first and with Right moving first (L, R, or D for a draw): the
// short classes and the loopy ones of CGSuite (stopper.OutcomeName).
var loopyFirst = map[string][2]byte{
	"L": {'L', 'L'}, "R": {'R', 'R'}, "N": {'L', 'R'}, "P": {'R', 'L'}, "D": {'D', 'D'},
	"NHat": {'L', 'D'}, "PCheck": {'R', 'D'}, "PHat": {'D', 'L'}, "NCheck": {'D', 'R'},
}

// solved is a position's full answer: built once, then only read.
type solved struct {
	report     *catalog.Report
	explorable bool
	kind       string // the Exploration's MoveKind
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
	return s.solveParams(ctx, game, pos, nil, ask{})
}

// ask is what a request asks of a position beyond the position itself:
// its own answer only (summary), and under which play convention (misere:
// the player who makes the last move loses, for impartial games that
// offer it, catalog.MisereSolver).
type ask struct{ summary, misere bool }

// solveParams is solve for a game script with parameters (the CLI's
// --param); built-in games take theirs after a colon and refuse params.
// With summary set it answers with the position's own solution only, as
// Solve gives it, without its moves (see explore).
func (s *Server) solveParams(ctx context.Context, game, pos string, params map[string]string, how ask) (*solved, error) {
	g, err := s.lookup(game)
	if err != nil {
		return nil, err
	}
	if _, script := g.inst.(catalog.ScriptInstance); params != nil && !script {
		return nil, fmt.Errorf("--param is for game scripts (a GAME ending in .star); %q takes its parameters after a colon", game)
	}
	pos = g.position(pos)
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	key := g.inst.Spec() + "\x00" + pos
	for _, k := range slices.Sorted(maps.Keys(params)) {
		key += "\x00" + k + "=" + params[k]
	}
	if how.misere {
		if g.db != nil {
			return nil, fmt.Errorf("misère play: %s is answered from the server's database, which holds normal play only", game)
		}
		if err := misereOffered(g.inst); err != nil {
			return nil, err
		}
		key += "\x00misere"
	}
	if how.summary && g.db == nil {
		key += "\x00summary"
	}
	for {
		res, c, leader := s.cache.begin(key)
		if res != nil {
			return res, nil
		}
		if leader {
			res, err := s.computeSafely(ctx, g, pos, params, how)
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
func (s *Server) computeSafely(ctx context.Context, g *served, pos string, params map[string]string, how ask) (res *solved, err error) {
	defer func() {
		if p := recover(); p != nil {
			res, err = nil, fmt.Errorf("%w while solving %s %q: %v; please report it", errInternal, g.inst.Spec(), pos, p)
		}
	}()
	return s.compute(ctx, g, pos, params, how)
}

// compute solves and explores a position: first in the fast lane, then,
// if that was not enough, in the slow lane (see the package doc).
func (s *Server) compute(ctx context.Context, g *served, pos string, params map[string]string, how ask) (*solved, error) {
	if g.db != nil {
		return s.exploreDB(g, pos)
	}
	if res, err, done := s.computeFast(ctx, g, pos, params, how); done {
		return res, err
	}
	// A script's turn first, so that a request waiting for it holds no
	// slot of the slow lane.
	if err := g.take(ctx); err != nil {
		return nil, err
	}
	defer g.release()
	var res *solved
	err := s.runSlow(ctx, func(ctx context.Context) (err error) {
		res, err = s.explore(ctx, g, pos, params, s.cfg.MaxStates, s.slowMemory(), how)
		return err
	})
	return res, settle(ctx, err)
}

// runSlow runs work in the slow lane once the client's turn comes: at
// the slow level of the processor's order, on a thread of the lowest
// priority (see prio.go and thread.go). work's context steps aside for
// more urgent work when its solver polls it.
func (s *Server) runSlow(ctx context.Context, work func(context.Context) error) error {
	if err := s.slow.acquire(ctx, clientOf(ctx)); err != nil {
		return err
	}
	defer s.slow.release()
	t := s.prio.start(levelSlow)
	defer t.finish()
	var err error
	onThread(func(int) {
		err = work(yieldCtx{ctx, t})
	})
	return err
}

// computeFast tries the fast lane: FastStates positions (a script keeps
// the full budget, since its solver and memo are made for one state cap)
// within FastTimeout of CPU time, first at the fresh level of the
// processor's order, past FastTimeout/5 at the demoted one (see prio.go).
// done is false when the position needs more than that and should go on
// to the slow lane, or when the script's solver is busy with another
// request.
//
// Only the attempt's own CPU time counts, not the time it waited for a
// processor (see thread.go): on a busy machine a cheap request takes
// longer, but it is not taken for an expensive one and sent to wait
// behind the slow lane's searches.
func (s *Server) computeFast(ctx context.Context, g *served, pos string, params map[string]string, how ask) (res *solved, err error, done bool) {
	if !g.tryTake() {
		return nil, nil, false
	}
	defer g.release()
	states := s.cfg.FastStates
	if g.lock != nil {
		states = s.cfg.MaxStates
	}
	stopped, err := s.runFast(ctx, func(ctx context.Context) (err error) {
		res, err = s.explore(ctx, g, pos, params, states, s.cfg.FastMemory, how)
		return err
	})
	switch {
	case err == nil:
		return res, nil, true
	case ctx.Err() != nil:
		return nil, settle(ctx, err), true
	case stopped, overFast(err, states < s.cfg.MaxStates, states):
		return nil, nil, false
	}
	return nil, err, true
}

// runFast runs work as one fast-lane attempt: in a fresh slot, within
// FastTimeout of the thread's CPU time, demoted past FastTimeout/5 (see
// computeFast). stopped reports that the fast lane stopped the attempt
// (its CPU time, or no demoted slot free), so the slow lane should take
// the work over.
func (s *Server) runFast(ctx context.Context, work func(context.Context) error) (stopped bool, err error) {
	select {
	case s.fast <- struct{}{}:
	case <-ctx.Done():
		return false, ctx.Err()
	}
	// The attempt holds a fresh slot, then perhaps a demoted one, then
	// none: demote runs on the CPU watch's goroutine, the release below on
	// this one.
	var slotMu sync.Mutex
	slot := s.fast
	defer func() {
		slotMu.Lock()
		defer slotMu.Unlock()
		if slot != nil {
			<-slot
		}
	}()
	fctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	t := s.prio.start(levelFresh)
	defer t.finish()
	// Past FastTimeout/5 the attempt steps down to the demoted level and,
	// if a slot for demoted attempts is free, gives its own to fresh
	// requests.
	demote := func() {
		slotMu.Lock()
		defer slotMu.Unlock()
		select {
		case s.demoted <- struct{}{}:
			slot = s.demoted
			t.demote()
		default:
			// Every slot for demoted attempts is taken: this attempt
			// goes on to the slow lane. It gives its fresh slot up now,
			// not when its solver next polls the context, so that no
			// cheap request waits for a search to notice it was stopped.
			slot = nil
			cancel(errFastCPU)
		}
		<-s.fast
	}
	onThread(func(tid int) {
		stop := watchCPU(tid, s.cfg.FastTimeout/5, s.cfg.FastTimeout, demote, cancel)
		defer stop()
		err = work(yieldCtx{fctx, t})
	})
	return fctx.Err() != nil, err
}

// settle gives the error of a computation that failed after ctx ended:
// ctx's error (the request's deadline or its client gone), whatever words
// the solver used while it stopped, so that the leader of a search and the
// requests waiting for it get the same status.
func settle(ctx context.Context, err error) error {
	if err == nil || ctx.Err() == nil || errors.Is(err, ctx.Err()) {
		return err
	}
	return fmt.Errorf("%w (%v)", ctx.Err(), err)
}

// overFast reports whether err is a search's refusal to go past the
// fast lane's memory budget or, when states is true, its limit of limit
// positions: the slow lane's larger budget may answer.
func overFast(err error, states bool, limit int) bool {
	return budget.Over(err, budget.Memory) || states && budget.Over(err, budget.States)
}

// slowMemory is the memory budget of one search in the slow lane: an
// equal share of what the fast lane's slots (fresh and demoted) leave.
func (s *Server) slowMemory() int64 {
	rest := s.cfg.MaxMemory - int64(s.cfg.FastSlots+cap(s.demoted))*s.cfg.FastMemory
	return max(s.cfg.FastMemory, rest/int64(s.cfg.SlowWorkers))
}

// explore solves and explores a position within states positions and
// memory bytes. With summary set it only solves the position (Solve, the
// CLI's answer): a page shows that at once and asks for the moves next,
// which for some games take far longer than the position itself (each
// move's value and remoteness), or are too many to list.
func (s *Server) explore(ctx context.Context, g *served, pos string, params map[string]string, states int, memory int64, how ask) (*solved, error) {
	tokens := g.tokens(pos)
	opts := catalog.Options{MaxStates: states, Params: params, Memory: budget.NewBytes(memory)}
	summary := how.summary
	var x *catalog.Exploration
	explorable := g.ex != nil
	if how.misere {
		// Partizan games and scripts (partizanmisere.go).
		if x, ok, err := explorePartizanMisere(ctx, g, tokens, opts, explorable, summary, s.cfg.MaxMoves); ok {
			if err != nil {
				return nil, err
			}
			return answer(x, explorable, summary)
		}
	}
	solve := g.inst.Solve
	if how.misere {
		solve = g.inst.(catalog.MisereSolver).SolveMisere
	}
	if explorable && !summary {
		var err error
		if x, err = g.ex.Explore(ctx, tokens, opts, s.cfg.MaxMoves); err != nil {
			return nil, err
		}
		catalog.LabelMoves(g.inst, x)
		catalog.MarkLine(g.inst, x)
		catalog.MarkTurn(g.inst, x)
		if how.misere {
			if err := misereMoves(ctx, g, x, tokens, opts); err != nil {
				return nil, err
			}
		}
	} else {
		tokens, opts := literalPosition(g, tokens, opts)
		r, err := solve(ctx, tokens, opts)
		if err != nil {
			return nil, err
		}
		x = &catalog.Exploration{Report: r, Board: &catalog.Board{Kind: catalog.BoardText, Text: r.Position}, MovesCounted: false}
		if summary && partizanAnswer(ctx, g, opts) {
			// The page reads Left's and Right's turns from the kind.
			x.MoveKind = catalog.MovesPartizan
		}
		catalog.MarkTurn(g.inst, x)
	}
	res, err := answer(x, explorable, summary)
	return res, err
}

// exploreDB answers for a position from the game's database: a lookup
// of the position and of the positions its moves leave, a few blocks
// read (or found in the database's cache), so it needs neither lane. The
// method names no path of the server's.
func (s *Server) exploreDB(g *served, pos string) (*solved, error) {
	x, err := g.db.Explore(g.tokens(pos), s.cfg.MaxMoves)
	if err != nil {
		return nil, err
	}
	catalog.LabelMoves(g.inst, x)
	catalog.MarkLine(g.inst, x)
	catalog.MarkTurn(g.inst, x)
	x.Report.Method = "read from the server's database of " + g.db.Game() + ", every position reachable from the start solved (grundy db build)"
	return answer(x, true, false)
}

// answer is an exploration as the API gives it: the moves with what each
// means for its mover, the engine's best move, and the JSON. summary marks
// an answer without its moves (moves_pending: ask again without summary).
func answer(x *catalog.Exploration, explorable, summary bool) (*solved, error) {
	res := &solved{report: x.Report, explorable: explorable, kind: x.MoveKind}
	res.resp.Game, res.resp.Position = x.Report.Game, x.Report.Position
	res.moves = make([]moveResponse, len(x.Moves))
	for i, m := range x.Moves {
		res.moves[i] = moveResponse{MoveInfo: m, Result: resultOf(m, x.MoveKind)}
	}
	if x.MoveKind != catalog.MovesChance && !summary {
		// Nature's moves are drawn at random for each request instead.
		res.best, res.bestWhy = bestMove(x.Report, res.moves, x.MoveKind, "")
	}

	// The answer: the Report's fields (the CLI's --json object), then the
	// explorer's, spliced after them. The report's JSON is written once
	// and not parsed again: a position with a proven period (Kayles
	// 10^12) lists a megabyte of winning moves, which a round trip
	// through a map of fields took most of a request's time to re-read
	// and re-compact.
	reportJSON, err := x.Report.MarshalJSON()
	if err != nil {
		return nil, err
	}
	var bestPos *string
	if res.best != nil {
		bestPos = &res.best.Position
	}
	notes := x.Report.Notes
	if notes == nil {
		notes = []string{}
	}
	fields := map[string]any{
		"board": x.Board, "moves": res.moves, "moves_total": x.MovesTotal, "moves_counted": x.MovesCounted,
		"explorable": explorable, "method": x.Report.Method, "notes": notes,
		"best_move": bestPos, "best_reason": res.bestWhy, "move_kind": x.MoveKind,
		"moves_pending": summary && explorable,
	}
	if len(x.Line) > 0 {
		fields["line"] = x.Line
	}
	if x.ToMove != "" {
		fields["to_move"] = x.ToMove
	}
	for k := range x.Report.Extra {
		// A report's own field of the same name gives way to the
		// explorer's (none does today).
		if _, clash := fields[k]; clash {
			return nil, fmt.Errorf("internal error: %s's report has a field %q, which the explorer's answer has too", x.Report.Game, k)
		}
	}
	extra, err := json.Marshal(fields)
	if err != nil {
		return nil, err
	}
	if len(reportJSON) < 2 || reportJSON[len(reportJSON)-1] != '}' || len(extra) < 2 {
		return nil, fmt.Errorf("internal error: %s's report is not a JSON object", x.Report.Game)
	}
	out := make([]byte, 0, len(reportJSON)+len(extra))
	out = append(out, reportJSON[:len(reportJSON)-1]...)
	if len(reportJSON) > 2 {
		out = append(out, ',')
	}
	res.json = append(out, extra[1:]...)
	return res, nil
}

// bestMove is the engine's choice. In a partizan game, a move of the
// player's side (Left by default) that wins, else its first move; at a
// chance event, an outcome drawn with its probability; in a game with
// payoffs, the move of greatest value for the mover (MoverValue). Else the
// fastest win, else a draw, else the slowest loss (the remoteness rule);
// for games whose outcomes are not win, lose or draw, a listed winning
// move, else the first move.
func bestMove(r *catalog.Report, moves []moveResponse, kind, player string) (*moveResponse, string) {
	switch kind {
	case catalog.MovesPartizan:
		return bestPartizan(moves, player)
	case catalog.MovesChance:
		return drawChance(moves)
	case catalog.MovesPayoff:
		if m, why := bestPayoff(moves); m != nil {
			return m, why
		}
	}
	if m, why := bestScored(moves); m != nil {
		return m, why
	}
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

// bestPartizan picks a move of one side: a winning one, else the first.
func bestPartizan(moves []moveResponse, player string) (*moveResponse, string) {
	if player == "" {
		player = catalog.PlayerLeft
	}
	side := map[string]string{catalog.PlayerLeft: "Left", catalog.PlayerRight: "Right"}[player]
	first, draw := -1, -1
	for i, m := range moves {
		if m.Player != player {
			continue
		}
		if m.Result == "win" {
			return &moves[i], "a winning move for " + side + ": it leaves a position " + side + " wins with the opponent to move"
		}
		if first < 0 {
			first = i
		}
		if m.Result == "draw" && draw < 0 {
			draw = i
		}
	}
	if draw >= 0 { // a loopy game: no move wins, this one holds the draw
		return &moves[draw], "a drawing move for " + side + ": no move wins, and this one leaves a position where neither side can force a win"
	}
	if first >= 0 {
		return &moves[first], "every move of " + side + "'s loses against perfect play; the first is played"
	}
	return nil, ""
}

// drawChance draws one of nature's outcomes with its probability.
func drawChance(moves []moveResponse) (*moveResponse, string) {
	probs := make([]float64, len(moves))
	total := 0.0
	for i, m := range moves {
		if p, ok := toFloat(m.Probability); ok && p > 0 {
			probs[i] = p
			total += p
		}
	}
	if total <= 0 {
		return nil, ""
	}
	x := rand.Float64() * total
	for i, p := range probs {
		if x < p || i == len(probs)-1 && p > 0 {
			return &moves[i], "nature moves here: an outcome drawn at random with its probability"
		}
		x -= p
	}
	for i := len(moves) - 1; i >= 0; i-- {
		if probs[i] > 0 {
			return &moves[i], "nature moves here: an outcome drawn at random with its probability"
		}
	}
	return nil, ""
}

// bestPayoff picks the move of greatest value for the mover (the first
// of equals); nil when no move has a value.
func bestPayoff(moves []moveResponse) (*moveResponse, string) {
	pick, best := -1, 0.0
	for i, m := range moves {
		if v, ok := toFloat(m.MoverValue); ok && (pick < 0 || v > best) {
			pick, best = i, v
		}
	}
	if pick < 0 {
		return nil, ""
	}
	return &moves[pick], "the greatest expected payoff for the player to move"
}

// toFloat reads a value of the API (a number, or an exact fraction as a
// string).
func toFloat(v any) (float64, bool) {
	switch v := v.(type) {
	case float64:
		return v, true
	case string:
		if r, ok := new(big.Rat).SetString(v); ok {
			f, _ := r.Float64()
			return f, true
		}
	}
	return 0, false
}
