package search

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/game"
)

// Margins: alpha-beta over the final margin of a game with scores
// (game.Scored), for one position.
//
// A position's value is one integer that orders (margin, remoteness) as
// game.Scored does: margin m ≠ 0 reached in r moves is
// m·MarginUnit + sign(m)·(MarginUnit/2 − r), a zero margin 0. A larger
// margin is a larger value whatever the remoteness; within a margin a
// winner's quicker line and a loser's slower one are larger; and a child's
// value v becomes −v moved one step towards 0 at its parent, exactly the
// scores above (parentScore, childBound), so the same negamax serves. A
// zero margin has no remoteness here: every zero-margin line is worth 0.
// (A database keeps the shortest zero-margin line's remoteness, which
// never changes a parent of non-zero margin, so the two agree on every
// margin and every non-zero margin's remoteness.)
//
// The search is MTD-bi as Solve's: null-window tests that bisect the
// range of values, every test's bounds kept in the transposition table
// (the same two-way buckets, positions stored whole, so a hit is never
// false). Moves are tried in the table's best move first, then in the
// order of MarginEstimator, greatest first, when the game has one.

// MarginUnit separates margins in a value; remoteness stays below
// MarginUnit/2.
const MarginUnit = 1 << 12

// MaxMarginDepth bounds the moves along one line of a margin search.
const MaxMarginDepth = MarginUnit/2 - 1

// MarginEstimator is an optional interface of a game.Scored: a guess of
// the margin for the player to move at p (Kalah: the store difference),
// used only to order moves.
type MarginEstimator[P comparable] interface {
	EstimateMargin(p P) int
}

// MarginBounder is an optional interface of a game.Scored: bounds of the
// final margin for the player to move at p, whatever the play (Kalah: the
// store difference, plus or minus the seeds still in pits). The search
// stops at a position whose bounds already decide its test (the margin
// analogue of Irving et al.'s futility pruning).
type MarginBounder[P comparable] interface {
	MarginBounds(p P) (lo, hi int)
}

// MarginValue is a margin with its remoteness (-1 for a zero margin).
type MarginValue struct {
	Margin     int
	Remoteness int
}

func marginScore(m, r int) int32 {
	switch {
	case m > 0:
		return int32(m*MarginUnit + MarginUnit/2 - r)
	case m < 0:
		return int32(m*MarginUnit - MarginUnit/2 + r)
	}
	return 0
}

// ScoreMargin converts a value back into margin and remoteness.
func ScoreMargin(v int32) MarginValue {
	switch {
	case v > 0:
		m := (int(v) - 1) / MarginUnit
		return MarginValue{m, m*MarginUnit + MarginUnit/2 - int(v)}
	case v < 0:
		m := (int(-v) - 1) / MarginUnit
		return MarginValue{-m, m*MarginUnit + MarginUnit/2 - int(-v)}
	}
	return MarginValue{0, -1}
}

// MarginOptions tune Margin.
type MarginOptions struct {
	TTSize   int64 // bytes; 0 means DefaultTTSize
	MaxNodes int64 // 0 means no bound
}

// MarginResult is the value of a position and of each of its moves.
type MarginResult[P comparable] struct {
	MarginValue
	// Moves holds each move's position and its value for the player to
	// move there (the opponent), in the game's order; set by
	// AnalyzeMargin only.
	Moves []MarginMove[P]
	Nodes int64
}

// MarginMove is a move and the value of the position it leaves, for the
// player to move there.
type MarginMove[P comparable] struct {
	Position P
	MarginValue
}

type marginSearch[P comparable] struct {
	ctx      context.Context
	g        game.Game[P]
	sc       game.Scored[P]
	app      game.MoveAppender[P]
	est      MarginEstimator[P]
	bound    MarginBounder[P]
	acyclic  bool
	tt       *posTable[P]
	maxNodes int64
	nodes    int64
	path     map[P]bool
	err      error
	bufs     [][]P          // per ply: the moves
	scratch  []orderScratch // per ply: their order
}

type orderScratch struct{ order, est []int }

// Margin returns the margin of p for the player to move under perfect
// play (each player maximising its own margin) and its remoteness.
func Margin[P comparable](ctx context.Context, g game.Game[P], p P, opts MarginOptions) (*MarginResult[P], error) {
	s, err := newMarginSearch(ctx, g, opts)
	if err != nil {
		return nil, err
	}
	v, err := s.exact(p)
	if err != nil {
		return nil, err
	}
	return &MarginResult[P]{MarginValue: ScoreMargin(v), Nodes: s.nodes}, nil
}

// AnalyzeMargin is Margin with the value of every move (one exact search
// each, sharing the table).
func AnalyzeMargin[P comparable](ctx context.Context, g game.Game[P], p P, opts MarginOptions) (*MarginResult[P], error) {
	s, err := newMarginSearch(ctx, g, opts)
	if err != nil {
		return nil, err
	}
	res := &MarginResult[P]{}
	children := s.moves(nil, p)
	if len(children) == 0 {
		res.MarginValue = ScoreMargin(marginScore(s.sc.TerminalScore(p), 0))
		return res, nil
	}
	best := int32(-1 << 30)
	for _, c := range children {
		v, err := s.exact(c)
		if err != nil {
			return nil, err
		}
		res.Moves = append(res.Moves, MarginMove[P]{Position: c, MarginValue: ScoreMargin(v)})
		best = max(best, parentScore(v))
	}
	res.MarginValue = ScoreMargin(best)
	res.Nodes = s.nodes
	return res, nil
}

// MarginWins is Margin with the winning moves: those that leave the
// opponent a negative margin, each found by one null-window test rather
// than an exact search (what grundy solve lists, where the explorer needs
// AnalyzeMargin's every margin).
func MarginWins[P comparable](ctx context.Context, g game.Game[P], p P, opts MarginOptions) (*MarginResult[P], []P, error) {
	s, err := newMarginSearch(ctx, g, opts)
	if err != nil {
		return nil, nil, err
	}
	v, err := s.exact(p)
	if err != nil {
		return nil, nil, err
	}
	var wins []P
	if v > 0 {
		for _, c := range s.moves(nil, p) {
			if s.negamax(c, -1, 0, 0) < 0 {
				wins = append(wins, c)
			}
			if s.err != nil {
				return nil, nil, s.err
			}
		}
	}
	return &MarginResult[P]{MarginValue: ScoreMargin(v), Nodes: s.nodes}, wins, nil
}

func newMarginSearch[P comparable](ctx context.Context, g game.Game[P], opts MarginOptions) (*marginSearch[P], error) {
	sc, ok := g.(game.Scored[P])
	if !ok {
		return nil, errors.New("search: a margin search needs a game with scores (game.Scored)")
	}
	size := opts.TTSize
	if size == 0 {
		size = DefaultTTSize
	}
	var key func(P) uint64
	if k, ok := g.(Keyer[P]); ok {
		key = k.Key
	}
	tt, err := newPosTable[P](size, key)
	if err != nil {
		return nil, err
	}
	s := &marginSearch[P]{ctx: ctx, g: g, sc: sc, tt: tt, maxNodes: opts.MaxNodes}
	s.app, _ = g.(game.MoveAppender[P])
	s.est, _ = g.(MarginEstimator[P])
	s.bound, _ = g.(MarginBounder[P])
	if a, ok := g.(Acyclic); ok && a.Acyclic() {
		s.acyclic = true
	} else {
		s.path = map[P]bool{}
	}
	return s, nil
}

func (s *marginSearch[P]) moves(dst []P, p P) []P {
	if s.app != nil {
		return s.app.AppendMoves(dst, p)
	}
	for q := range s.g.Moves(p) {
		dst = append(dst, q)
	}
	return dst
}

// exact finds p's value by bisecting null-window tests.
func (s *marginSearch[P]) exact(p P) (int32, error) {
	lo, hi := int32(-MaxMargin-1)*MarginUnit, int32(MaxMargin+1)*MarginUnit
	for lo < hi {
		gamma := lo + (hi-lo+1)/2 // test: is the value >= gamma?
		v := s.negamax(p, gamma-1, gamma, 0)
		if s.err != nil {
			return 0, s.err
		}
		if v >= gamma {
			lo = v
		} else {
			hi = v
		}
	}
	return lo, nil
}

// MaxMargin is the largest final margin a margin search takes; a game
// that ends with a larger one is an error.
const MaxMargin = 255

// MaxScoreBound is larger than every value a margin search meets.
const MaxScoreBound = 1 << 30

func (s *marginSearch[P]) negamax(p P, alpha, beta int32, ply int) int32 {
	if s.err != nil {
		return 0
	}
	s.nodes++
	if s.nodes&4095 == 0 {
		if err := s.ctx.Err(); err != nil {
			s.err = err
			return 0
		}
		if s.maxNodes > 0 && s.nodes > s.maxNodes {
			s.err = budget.Exceed(budget.States, s.maxNodes, "the margin search met more than %d positions", s.maxNodes)
			return 0
		}
	}
	if ply >= MaxMarginDepth {
		s.err = budget.Exceed(budget.Depth, MaxMarginDepth, "the game goes on for more than %d moves along one line of play", MaxMarginDepth)
		return 0
	}
	for len(s.bufs) <= ply {
		s.bufs = append(s.bufs, nil)
		s.scratch = append(s.scratch, orderScratch{})
	}
	moves := s.moves(s.bufs[ply][:0], p)
	s.bufs[ply] = moves
	if len(moves) == 0 {
		m := s.sc.TerminalScore(p)
		if m < -MaxMargin || m > MaxMargin {
			s.err = fmt.Errorf("the final margin %d at %v is more than a margin search takes (%d)", m, p, MaxMargin)
			return 0
		}
		return marginScore(m, 0)
	}
	if s.bound != nil {
		// Every value of a margin m lies in (m·U − U/2, m·U + U/2].
		mlo, mhi := s.bound.MarginBounds(p)
		if up := int32(mhi)*MarginUnit + MarginUnit/2; up <= alpha {
			return up
		}
		if down := int32(mlo)*MarginUnit - MarginUnit/2; down >= beta {
			return down
		}
	}
	lo, hi, ttBest, ok := s.tt.get(p)
	if ok {
		if lo >= beta || lo == hi {
			return lo
		}
		if hi <= alpha {
			return hi
		}
	}
	if !s.acyclic {
		if s.path[p] {
			s.err = &repetitionError{pos: fmt.Sprint(p)}
			return 0
		}
		s.path[p] = true
		defer delete(s.path, p)
	}
	// The move order, in this ply's scratch space: nothing is allocated
	// per node (garbage would let the heap grow to twice the table).
	sc := &s.scratch[ply]
	sc.order, sc.est = sc.order[:0], sc.est[:0]
	for i, q := range moves {
		sc.order = append(sc.order, i)
		if s.est != nil {
			sc.est = append(sc.est, -s.est.EstimateMargin(q))
		}
	}
	order := sc.order
	if s.est != nil {
		est := sc.est
		slices.SortStableFunc(order, func(a, b int) int { return est[b] - est[a] })
	}
	if ok && ttBest >= 0 && ttBest < len(moves) {
		i := slices.Index(order, ttBest)
		copy(order[1:i+1], order[:i])
		order[0] = ttBest
	}
	best, bestIdx := int32(-MaxScoreBound), -1
	a := alpha
	before := s.nodes
	for _, i := range order {
		q := moves[i]
		v := parentScore(s.negamax(q, childBound(beta), childBound(a), ply+1))
		if s.err != nil {
			return 0
		}
		if v > best {
			best, bestIdx = v, i
		}
		if best >= beta {
			break
		}
		a = max(a, best)
	}
	work := uint8(0)
	for n := s.nodes - before; n > 1; n >>= 1 {
		work++
	}
	switch {
	case best <= alpha:
		s.tt.put(p, -MaxScoreBound, best, bestIdx, work)
	case best >= beta:
		s.tt.put(p, best, MaxScoreBound, bestIdx, work)
	default:
		s.tt.put(p, best, best, bestIdx, work)
	}
	return best
}
