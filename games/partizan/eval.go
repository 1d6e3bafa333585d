package partizan

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"
	"unsafe"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/game"
)

// ErrCycle is wrapped by the error for a game whose positions repeat: it
// is loopy, not short, and has no canonical short-game value.
var ErrCycle = errors.New("the game has a cycle (a loopy game, not a short game)")

// DefaultMaxPositions bounds the distinct regions an Evaluator values.
const DefaultMaxPositions = 20_000_000

// MaxDepth bounds the length of a line of play the evaluator follows.
const MaxDepth = 100_000

// Evaluator computes and memoises the canonical values of a partizan
// game's positions in a cgt.Space. It is not safe for concurrent use.
type Evaluator[P comparable] struct {
	Space *cgt.Space
	// MaxPositions bounds the number of distinct regions valued; 0 means
	// DefaultMaxPositions.
	MaxPositions int
	// Progress, if set, is called with the number of regions valued so far,
	// every 100 000 regions.
	Progress func(valued int)
	// Memory, if set, is the memory budget the memo of regions charges as
	// it grows; past it Value returns the budget's *budget.Exceeded
	// (Resource budget.Memory), naming the limit. The Space's own tables
	// are charged by the Space (cgt.Space.Memory).
	Memory  *budget.Bytes
	charged int64
	// Hits and Misses count memo look-ups of regions, for benchmarks.
	Hits, Misses int64

	game        any
	left, right func(P) iter.Seq[[]P]
	moveL       func(P) iter.Seq[P] // whole-position moves, for WinningMoves
	moveR       func(P) iter.Seq[P]
	split       func([]P, P) []P
	negated     func(P) (P, bool)
	format      func(P) string
	memo        map[P]cgt.Game
	open        map[P]bool
	ctx         context.Context
	depth       int
}

// New returns an Evaluator for g, which must implement game.Partizan or
// game.PartizanSplitting; game.Formatter is used when present, and
// game.Splitter splits the positions given to Value (a splitting game's
// options already come as regions).
func New[P comparable](s *cgt.Space, g any) (*Evaluator[P], error) {
	e := &Evaluator[P]{Space: s, game: g, memo: map[P]cgt.Game{}, open: map[P]bool{}}
	switch pg := g.(type) {
	case game.PartizanSplitting[P]:
		e.left, e.right = pg.LeftOptions, pg.RightOptions
	case game.Partizan[P]:
		e.left, e.right = single(pg.LeftMoves), single(pg.RightMoves)
	default:
		return nil, fmt.Errorf("partizan: %T is not a partizan game", g)
	}
	if pg, ok := g.(game.Partizan[P]); ok {
		e.moveL, e.moveR = pg.LeftMoves, pg.RightMoves
	}
	if sp, ok := g.(game.Splitter[P]); ok {
		e.split = sp.Split
	}
	if ng, ok := g.(Negation[P]); ok {
		e.negated = ng.Negated
	}
	if f, ok := g.(game.Formatter[P]); ok {
		e.format = f.Format
	} else {
		e.format = func(p P) string { return fmt.Sprint(p) }
	}
	return e, nil
}

func single[P comparable](moves func(P) iter.Seq[P]) func(P) iter.Seq[[]P] {
	return func(p P) iter.Seq[[]P] {
		return func(yield func([]P) bool) {
			buf := make([]P, 1)
			for q := range moves(p) {
				buf[0] = q
				if !yield(buf) {
					return
				}
			}
		}
	}
}

// Negation is implemented by games some of whose regions stand for the
// negative of another position: Negated(p) returns q and true when the
// value of p is −(the value of q), and false when p stands for itself.
// Domineering's region of a board is the transpose of its key board
// when that is the least of the eight: transposing swaps vertical and
// horizontal dominoes, so Left's and Right's moves, which negates the
// value (Siegel, CGT, II.1: −G = {−G^R | −G^L}). The evaluator memoises
// q once for both.
type Negation[P comparable] interface {
	Negated(p P) (P, bool)
}

// Positions returns the number of distinct regions valued so far.
func (e *Evaluator[P]) Positions() int { return len(e.memo) }

// evalError carries an error out of the evaluator's recursion: value
// panics with it and Value, the only entry, recovers it. It never leaves
// the package.
type evalError struct{ err error }

// must returns g, or ends the evaluation with err.
func must[T any](v T, err error) T {
	if err != nil {
		panic(evalError{err})
	}
	return v
}

// Value returns the canonical value of the sum of the given positions.
// Its error wraps ErrCycle for a loopy game, is a *budget.Exceeded
// (errors.Is(err, budget.ErrExceeded)) when the evaluation passes a
// limit (MaxPositions, MaxDepth or a limit of the Space), and wraps the
// context's error when ctx is done.
func (e *Evaluator[P]) Value(ctx context.Context, positions ...P) (g cgt.Game, err error) {
	e.ctx = ctx
	saved := e.Space.Context
	e.Space.Context = ctx
	defer func() {
		e.Space.Context = saved
		if r := recover(); r != nil {
			x, ok := r.(evalError)
			if !ok {
				panic(r)
			}
			err = x.err
			// A failed evaluation may leave positions marked open.
			clear(e.open)
			e.depth = 0
		}
	}()
	if e.split != nil {
		var parts []P
		for _, p := range positions {
			parts = e.split(parts, p)
		}
		positions = parts
	}
	return e.sum(positions), nil
}

// sum values a sum of regions: the given positions after splitting, or
// the regions an option leaves.
func (e *Evaluator[P]) sum(ps []P) cgt.Game {
	acc := cgt.Zero
	for _, p := range ps {
		acc = must(e.Space.Add(acc, e.value(p)))
	}
	return acc
}

func (e *Evaluator[P]) value(p P) cgt.Game {
	if e.negated != nil {
		if q, ok := e.negated(p); ok {
			return must(e.Space.Neg(e.value(q)))
		}
	}
	if g, ok := e.memo[p]; ok {
		e.Hits++
		return g
	}
	e.Misses++
	if e.open[p] {
		panic(evalError{fmt.Errorf("position %s repeats: %w", e.format(p), ErrCycle)})
	}
	maxPos := e.MaxPositions
	if maxPos <= 0 {
		maxPos = DefaultMaxPositions
	}
	if len(e.memo) >= maxPos {
		panic(evalError{budget.Exceed(budget.States, int64(maxPos), "more than %d positions to value; the position is too large", maxPos)})
	}
	if e.depth >= MaxDepth {
		panic(evalError{budget.Exceed(budget.Depth, MaxDepth, "a line of play longer than %d moves; the position is too large", MaxDepth)})
	}
	if e.ctx != nil && len(e.memo)&1023 == 0 {
		if err := e.ctx.Err(); err != nil {
			panic(evalError{fmt.Errorf("computation stopped: %w", err)})
		}
	}
	e.open[p] = true
	e.depth++
	// An option's slice is valid during its yield, which sum outlasts
	// not: it is read, never kept (game.PartizanSplitting).
	var L, R []cgt.Game
	for opt := range e.left(p) {
		L = append(L, e.sum(opt))
	}
	for opt := range e.right(p) {
		R = append(R, e.sum(opt))
	}
	e.depth--
	delete(e.open, p)
	g := must(e.Space.Make(L, R))
	e.memo[p] = g
	if len(e.memo)%memoChunk == 0 {
		e.chargeMemo()
	}
	if e.Progress != nil && len(e.memo)%100_000 == 0 {
		e.Progress(len(e.memo))
	}
	return g
}

// memoChunk is how many regions the memo grows by between charges of the
// memory budget.
const memoChunk = 1 << 12

// chargeMemo charges Memory with a chunk of memo entries: the region, its
// value and the map's overhead per entry.
func (e *Evaluator[P]) chargeMemo() {
	var p P
	per := int64(unsafe.Sizeof(p)) + 4 + 24
	if err := e.Memory.Charge(memoChunk*per, "the table of valued regions"); err != nil {
		panic(evalError{err})
	}
	e.charged += memoChunk * per
}

// Release gives back to Memory what the memo has charged to it; call it
// when the Evaluator is dropped and the budget lives on.
func (e *Evaluator[P]) Release() {
	e.Memory.Release(e.charged)
	e.charged = 0
}

// Impartial plays an impartial game as a partizan one: both players have
// the moves of G. Its values are nimbers, *G(p) by the Sprague–Grundy
// theorem.
type Impartial[P comparable] struct{ G game.Game[P] }

// LeftMoves returns the moves of G.
func (i Impartial[P]) LeftMoves(p P) iter.Seq[P] { return i.G.Moves(p) }

// RightMoves returns the moves of G.
func (i Impartial[P]) RightMoves(p P) iter.Seq[P] { return i.G.Moves(p) }

// ImpartialSplitting plays an impartial splitting game as a partizan one.
type ImpartialSplitting[P comparable] struct{ G game.Splitting[P] }

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.Partizan[int]          = Impartial[int]{}
	_ game.PartizanSplitting[int] = ImpartialSplitting[int]{}
)

// LeftOptions returns the options of G.
func (i ImpartialSplitting[P]) LeftOptions(p P) iter.Seq[[]P] { return i.G.Options(p) }

// RightOptions returns the options of G.
func (i ImpartialSplitting[P]) RightOptions(p P) iter.Seq[[]P] { return i.G.Options(p) }

// WinningMoves returns the winning first moves of Left (left true) or
// Right in the sum of the given positions, each as the positions of the
// sum it leaves: a move wins for Left exactly when it leaves a game ≥ 0,
// in which Right, now to move, loses (and ≤ 0 for Right). Games that also
// implement game.Partizan are moved in whole positions (a Domineering
// board keeps its shape); others in their regions. Moves leaving the same
// positions are listed once.
func (e *Evaluator[P]) WinningMoves(ctx context.Context, positions []P, left bool) (moves [][]P, err error) {
	vals := make([]cgt.Game, len(positions))
	for i, p := range positions {
		if vals[i], err = e.Value(ctx, p); err != nil {
			return nil, err
		}
	}
	whole := e.moveL
	regions := e.left
	if !left {
		whole, regions = e.moveR, e.right
	}
	s := e.Space
	total, err := s.Sum(vals...)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	// wins reports whether the move in positions[i] to repl wins.
	wins := func(i int, repl []P) (bool, error) {
		v, err := e.Value(ctx, repl...)
		if err != nil {
			return false, err
		}
		rest, err := s.Sub(total, vals[i])
		if err != nil {
			return false, err
		}
		after, err := s.Add(rest, v)
		if err != nil {
			return false, err
		}
		if left {
			return s.Leq(cgt.Zero, after)
		}
		return s.Leq(after, cgt.Zero)
	}
	try := func(i int, repl []P) error {
		ok, err := wins(i, repl)
		if err != nil || !ok {
			return err
		}
		m := append(append(slices.Clone(positions[:i]), repl...), positions[i+1:]...)
		if key := fmt.Sprint(m); !seen[key] {
			seen[key] = true
			moves = append(moves, m)
		}
		return nil
	}
	for i, p := range positions {
		if whole != nil {
			for q := range whole(p) {
				if err := try(i, []P{q}); err != nil {
					return nil, err
				}
			}
			continue
		}
		for opt := range regions(p) {
			if err := try(i, slices.Clone(opt)); err != nil {
				return nil, err
			}
		}
	}
	return moves, nil
}
