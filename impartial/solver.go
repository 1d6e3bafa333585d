package impartial

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math"
	"slices"
	"unsafe"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/nimber"
)

// DefaultMaxStates is the number of distinct positions a Solver explores
// before it gives up, unless Options.MaxStates says otherwise. At the
// solver's memory cost (8 bytes a position in a flat table, about 40 in a
// hash map) it keeps a search well inside a few GiB.
const DefaultMaxStates = 20_000_000

// ErrCycle is wrapped by the error a Solver returns for a game whose
// positions repeat.
var ErrCycle = errors.New("the game has a cycle")

// Options tune a Solver.
type Options struct {
	// MaxStates bounds the number of distinct positions explored; 0 means
	// DefaultMaxStates.
	MaxStates int
	// Progress, if not nil, is called with the number of positions reached
	// so far (solved or on the search stack), every 65536 positions.
	Progress func(solved int)
	// Memory, if not nil, is charged for the memo as it grows (about
	// MemoBytes(P) a position, in steps of 4096 positions); a search that
	// would pass it stops with its *budget.Exceeded (Resource Memory).
	// What is charged stays charged while the Solver lives.
	Memory *budget.Bytes
}

// memoChunk is the number of positions charged to Options.Memory at a time.
const memoChunk = 4096

// MemoBytes is the memory a Solver's memo takes a position of type P, as
// charged to Options.Memory: the key, the entry and the map's overhead.
func MemoBytes[P comparable]() int64 {
	var zero P
	return int64(unsafe.Sizeof(zero)) + 32
}

// UnknownRemoteness is the remoteness of a position whose remoteness the
// solver does not know (a move from it leaves a sum).
const UnknownRemoteness = -1

// Solver computes and memoises the Sprague–Grundy values of a game's
// positions. A Solver is not safe for concurrent use; its memo grows with
// every query, so later queries reuse earlier work.
type Solver[P comparable] struct {
	moves       func(P) iter.Seq[P]   // set for plain games
	appendMoves func([]P, P) []P      // set for plain games that can append their moves
	options     func(P) iter.Seq[[]P] // set for splitting games
	split       func([]P, P) []P
	rank        func(P) int
	format      func(P) string

	memo   memo[P]
	chunks int // chunks of memoChunk positions charged to opts.Memory
	opts   Options
	mexer  nimber.Mexer
	frames []frame[P]
	arena  []P     // options of the frames on the stack, flattened
	sizes  []int32 // component count of each option in arena

	appendMove   func(P) bool   // yield for moves: appends to arena
	appendOption func([]P) bool // yield for options: appends to arena
}

type frame[P comparable] struct {
	pos       P
	armStart  int // first index in arena of this frame's options
	sizeStart int // first index in sizes
	cursor    int // next arena index to make sure is solved
}

// New returns a Solver for g. If g implements game.MoveAppender,
// game.Splitter, game.Ranker or game.Formatter, so are those. A game whose
// positions are themselves sums, so that it has both honest Moves (every
// position one move leaves, whole) and Options (the same positions, split
// into their components), may implement game.Splitting too: its Options
// are then used. A game whose moves leave sums that its positions cannot
// hold implements only game.Splitting, and is solved by NewSplitting.
func New[P comparable](g game.Game[P], opts Options) *Solver[P] {
	s := newSolver[P](g, opts)
	if sp, ok := g.(game.Splitting[P]); ok {
		s.options = sp.Options
	} else {
		s.moves = g.Moves
		if a, ok := g.(game.MoveAppender[P]); ok {
			s.appendMoves = a.AppendMoves
		}
	}
	return s
}

// NewSplitting returns a Solver for a game given by its options. A plain
// game made Splitting by game.AsSplitting is solved as New solves it (with
// its own capabilities); otherwise game.Splitter, game.Ranker and
// game.Formatter are used when g implements them.
func NewSplitting[P comparable](g game.Splitting[P], opts Options) *Solver[P] {
	if plain, ok := game.Plain(g); ok {
		return New(plain, opts)
	}
	s := newSolver[P](g, opts)
	s.options = g.Options
	return s
}

func newSolver[P comparable](g any, opts Options) *Solver[P] {
	if opts.MaxStates <= 0 {
		opts.MaxStates = DefaultMaxStates
	}
	s := &Solver[P]{opts: opts}
	if sp, ok := g.(game.Splitter[P]); ok {
		s.split = sp.Split
	}
	if r, ok := g.(game.Ranker[P]); ok {
		s.rank = r.Rank
	}
	if f, ok := g.(game.Formatter[P]); ok {
		s.format = f.Format
	} else {
		s.format = func(p P) string { return fmt.Sprint(p) }
	}
	s.memo.init(s.rank, opts.MaxStates)
	s.appendMove = func(q P) bool {
		s.arena = append(doubled(s.arena, 1), q)
		s.sizes = append(doubled(s.sizes, 1), 1)
		return true
	}
	s.appendOption = func(opt []P) bool {
		s.arena = append(doubled(s.arena, len(opt)), opt...)
		s.sizes = append(doubled(s.sizes, 1), int32(len(opt)))
		return true
	}
	return s
}

// States returns the number of distinct positions solved so far.
func (s *Solver[P]) States() int { return s.memo.count }

// Split returns the components of the given positions: each is split with
// the game's Splitter, if it has one.
func (s *Solver[P]) Split(positions []P) []P {
	if s.split == nil {
		return append([]P(nil), positions...)
	}
	var out []P
	for _, p := range positions {
		out = s.split(out, p)
	}
	return out
}

// Grundy returns the Sprague–Grundy value of position p.
func (s *Solver[P]) Grundy(ctx context.Context, p P) (uint64, error) {
	e, err := s.solve(ctx, p)
	return uint64(e.value), err
}

// Remoteness returns the remoteness of position p, or UnknownRemoteness
// when some line of play from p passes through a sum.
func (s *Solver[P]) Remoteness(ctx context.Context, p P) (int, error) {
	e, err := s.solve(ctx, p)
	if err != nil {
		return 0, err
	}
	if e.remoteness == remoteUnknown {
		return UnknownRemoteness, nil
	}
	return int(e.remoteness), nil
}

// SumGrundy returns the value of the disjunctive sum of the components: the
// nim-sum of their values.
func (s *Solver[P]) SumGrundy(ctx context.Context, components []P) (uint64, error) {
	var x uint64
	for _, c := range components {
		g, err := s.Grundy(ctx, c)
		if err != nil {
			return 0, err
		}
		x ^= g
	}
	return x, nil
}

// Move is a move in a sum: component Index is replaced by Result (which
// may hold several components, or none).
type Move[P comparable] struct {
	Index  int
	Result []P
}

// Apply returns the sum that the move leaves from components.
func (m Move[P]) Apply(components []P) []P {
	out := make([]P, 0, len(components)-1+len(m.Result))
	out = append(out, components[:m.Index]...)
	out = append(out, m.Result...)
	return append(out, components[m.Index+1:]...)
}

// WinningMoves returns every winning move of the sum of the components, in
// component order and, within a component, in the game's move order. There
// are none when the sum's value is 0.
func (s *Solver[P]) WinningMoves(ctx context.Context, components []P) ([]Move[P], error) {
	values := make([]uint64, len(components))
	var x uint64
	for i, c := range components {
		g, err := s.Grundy(ctx, c)
		if err != nil {
			return nil, err
		}
		values[i] = g
		x ^= g
	}
	if x == 0 {
		return nil, nil
	}
	var moves []Move[P]
	for i, c := range components {
		// An option of value G(c)⊕x zeroes the sum. When G(c)⊕x < G(c) the
		// mex guarantees one exists; when it is larger one may still exist,
		// so every component is searched.
		target := values[i] ^ x
		var err error
		s.eachOption(c, func(opt []P) bool {
			v, e := s.SumGrundy(ctx, opt)
			if e != nil {
				err = e
				return false
			}
			if v == target {
				moves = append(moves, Move[P]{Index: i, Result: append([]P(nil), opt...)})
			}
			return true
		})
		if err != nil {
			return nil, err
		}
	}
	return moves, nil
}

// eachOption calls f with the components of each option of p.
func (s *Solver[P]) eachOption(p P, f func([]P) bool) {
	if s.options != nil {
		for opt := range s.options(p) {
			if !f(opt) {
				return
			}
		}
		return
	}
	buf := make([]P, 1)
	for q := range s.moves(p) {
		buf[0] = q
		if !f(buf) {
			return
		}
	}
}

// Entry states, stored in entry.value.
const (
	stateUnknown = 0 // never seen
	stateOpen    = 1 // on the search stack
	valueBase    = 2 // value v is stored as v+valueBase
)

const remoteUnknown = math.MaxUint32

// solved is a position's solution as the memo hands it out.
type solved struct {
	value      uint32
	remoteness uint32
}

// solve returns p's value and remoteness, searching what is not memoised.
func (s *Solver[P]) solve(ctx context.Context, p P) (solved, error) {
	if e := s.memo.get(p); e.value >= valueBase {
		return solved{e.value - valueBase, e.remoteness}, nil
	}
	if err := s.search(ctx, p); err != nil {
		return solved{}, err
	}
	e := s.memo.get(p)
	return solved{e.value - valueBase, e.remoteness}, nil
}

// search solves root and everything below it, depth first, without
// recursion.
func (s *Solver[P]) search(ctx context.Context, root P) error {
	defer func() {
		// On error, forget the open frames so a later query starts clean.
		for _, f := range s.frames {
			if e := s.memo.get(f.pos); e.value == stateOpen {
				s.memo.set(f.pos, entry{})
			}
		}
		s.frames = s.frames[:0]
		s.arena = s.arena[:0]
		s.sizes = s.sizes[:0]
	}()
	if err := s.push(root); err != nil {
		return err
	}
	steps := 0
	for len(s.frames) > 0 {
		steps++
		if steps&0xfff == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		top := &s.frames[len(s.frames)-1]
		// Make sure every component of every option is solved; descend into
		// the first that is not.
		descended := false
		for top.cursor < len(s.arena) {
			c := s.arena[top.cursor]
			switch e := s.memo.get(c); {
			case e.value >= valueBase:
				top.cursor++
				continue
			case e.value == stateOpen:
				return fmt.Errorf("%w: position %s can be reached from itself; use a solver for loopy games", ErrCycle, s.format(c))
			}
			top.cursor++
			if err := s.push(c); err != nil {
				return err
			}
			descended = true
			break
		}
		if descended {
			continue
		}
		s.finish()
	}
	return nil
}

// push opens a frame for p and lays out its options in the arena.
func (s *Solver[P]) push(p P) error {
	// Open frames count too: a deep search holds them all in memory.
	if s.memo.count+len(s.frames) >= s.opts.MaxStates {
		return budget.TooManyStates(s.opts.MaxStates)
	}
	if s.opts.Memory != nil && (s.memo.count+len(s.frames))/memoChunk >= s.chunks {
		if err := s.opts.Memory.Charge(memoChunk*MemoBytes[P](), "the Sprague–Grundy search's table of positions"); err != nil {
			return err
		}
		s.chunks++
	}
	s.memo.set(p, entry{value: stateOpen})
	// Progress counts positions reached, not finished: a deep search
	// reaches millions before it finishes any.
	if s.opts.Progress != nil && (s.memo.count+len(s.frames))&0xffff == 0 {
		s.opts.Progress(s.memo.count + len(s.frames))
	}
	f := frame[P]{pos: p, armStart: len(s.arena), sizeStart: len(s.sizes), cursor: len(s.arena)}
	// The yield functions are made once per Solver, not once per position:
	// a closure built here would be allocated on every call.
	switch {
	case s.options != nil:
		s.options(p)(s.appendOption)
	case s.appendMoves != nil:
		n := len(s.arena)
		s.arena = s.appendMoves(doubled(s.arena, 64), p)
		for range len(s.arena) - n {
			s.sizes = append(doubled(s.sizes, 1), 1)
		}
	default:
		s.moves(p)(s.appendMove)
	}
	s.frames = append(doubled(s.frames, 1), f)
	return nil
}

// doubled returns s with room for n more elements, doubling its capacity
// when it must grow. The search stacks reach millions of entries on deep
// games, where append's gentler growth (1.25×) would copy each one about
// four times.
func doubled[T any](s []T, n int) []T {
	if len(s)+n <= cap(s) {
		return s
	}
	return slices.Grow(s, max(n, len(s)))
}

// finish computes the value of the top frame, whose options are all solved,
// and pops it.
func (s *Solver[P]) finish() {
	f := s.frames[len(s.frames)-1]
	sizes := s.sizes[f.sizeStart:]
	s.mexer.Reset(len(sizes))
	var (
		bestWin  uint32 = math.MaxUint32 // least remoteness of an option of value 0
		worst    uint32                  // greatest remoteness of any option
		rUnknown bool
	)
	i := f.armStart
	for _, n := range sizes {
		var v uint32
		var r uint32
		switch n {
		case 0:
			r = 0
		case 1:
			e := s.memo.get(s.arena[i])
			v, r = e.value-valueBase, e.remoteness
		default:
			for _, c := range s.arena[i : i+int(n)] {
				v ^= s.memo.get(c).value - valueBase
			}
			r = remoteUnknown
		}
		i += int(n)
		s.mexer.Add(uint64(v))
		if r == remoteUnknown {
			rUnknown = true
			continue
		}
		if v == 0 && r < bestWin {
			bestWin = r
		}
		if r > worst {
			worst = r
		}
	}
	value := uint32(s.mexer.Mex())
	var rem uint32
	switch {
	case len(sizes) == 0:
		rem = 0
	case rUnknown:
		rem = remoteUnknown
	case value != 0:
		rem = bestWin + 1
	default:
		rem = worst + 1
	}
	s.memo.set(f.pos, entry{value: value + valueBase, remoteness: rem})
	s.memo.count++
	s.arena = s.arena[:f.armStart]
	s.sizes = s.sizes[:f.sizeStart]
	s.frames = s.frames[:len(s.frames)-1]
}
