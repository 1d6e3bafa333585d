package compound

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math"
	"unsafe"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/game"
)

// Kind is one of the compounds of Winning Ways ch. 9.
type Kind int

const (
	Conjunctive Kind = iota + 1 // a move in every component; over when any is over
	Continued                   // a move in every component not over; over when all are over
	Selective                   // a move in any non-empty set of components
)

// Kinds are the compounds by the names ParseKind reads.
var Kinds = []Kind{Conjunctive, Continued, Selective}

func (k Kind) String() string {
	switch k {
	case Conjunctive:
		return "conjunctive"
	case Continued:
		return "continued"
	case Selective:
		return "selective"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// ParseKind reads a compound's name: conjunctive, continued or selective.
func ParseKind(s string) (Kind, error) {
	for _, k := range Kinds {
		if s == k.String() {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown compound %q: expected conjunctive, continued or selective", s)
}

// DefaultMaxStates is the positions a Solver explores unless
// Options.MaxStates says otherwise.
const DefaultMaxStates = 20_000_000

// ErrCycle is wrapped by the error of a game whose positions repeat.
var ErrCycle = errors.New("the game has a cycle")

// Options tune a Solver.
type Options struct {
	// MaxStates bounds the distinct positions explored; 0 means
	// DefaultMaxStates.
	MaxStates int
	// Memory, if not nil, is charged for the memo as it grows, in steps of
	// memoChunk positions, and stays charged while the Solver lives.
	Memory *budget.Bytes
	// Progress, if not nil, is called with the positions reached so far
	// every 65536 positions.
	Progress func(n int)
}

const memoChunk = 4096

// entry is what the memo keeps for a position.
type entry struct {
	rem, sus int32
	state    uint8 // 0 unknown, open (on the stack), done
}

const (
	open = 1
	done = 2
)

// Numbers are the two numbers of a position of a component game.
type Numbers struct {
	// Remoteness decides conjunctive compounds: even for a P-position.
	Remoteness int
	// Suspense decides continued conjunctive compounds: even for a
	// P-position.
	Suspense int
}

// Solver computes and memoises the remoteness and suspense numbers of the
// positions of one game. It is not safe for concurrent use.
type Solver[P comparable] struct {
	moves  func(P) iter.Seq[P]
	opts   Options
	memo   map[P]entry
	chunks int
	frames []frame[P]
	arena  []P
}

type frame[P comparable] struct {
	pos    P
	start  int // its options in arena[start:]
	cursor int
}

// New returns a Solver for g.
func New[P comparable](g game.Game[P], opts Options) *Solver[P] {
	if opts.MaxStates <= 0 {
		opts.MaxStates = DefaultMaxStates
	}
	return &Solver[P]{moves: g.Moves, opts: opts, memo: make(map[P]entry)}
}

// MemoBytes is what the memo is charged a position of type P: the key,
// the entry and the map's overhead.
func MemoBytes[P comparable]() int64 {
	var zero P
	return int64(unsafe.Sizeof(zero)) + int64(unsafe.Sizeof(entry{})) + 32
}

// States is the number of positions solved so far.
func (s *Solver[P]) States() int { return len(s.memo) }

// Release gives back what the memo charged to the memory budget; the
// Solver must not be used after.
func (s *Solver[P]) Release() {
	s.opts.Memory.Release(int64(s.chunks) * memoChunk * MemoBytes[P]())
	s.chunks, s.memo = 0, nil
}

func (s *Solver[P]) remember(p P, e entry) error {
	if _, ok := s.memo[p]; !ok {
		if len(s.memo) >= s.opts.MaxStates {
			return budget.TooManyStates(s.opts.MaxStates)
		}
		if len(s.memo) >= s.chunks*memoChunk {
			if err := s.opts.Memory.Charge(memoChunk*MemoBytes[P](), "the memo of remoteness and suspense numbers"); err != nil {
				return err
			}
			s.chunks++
		}
		if s.opts.Progress != nil && len(s.memo)%65536 == 0 && len(s.memo) > 0 {
			s.opts.Progress(len(s.memo))
		}
	}
	s.memo[p] = e
	return nil
}

// Numbers returns p's remoteness and suspense.
func (s *Solver[P]) Numbers(ctx context.Context, p P) (Numbers, error) {
	if e := s.memo[p]; e.state == done {
		return Numbers{int(e.rem), int(e.sus)}, nil
	}
	if err := s.solve(ctx, p); err != nil {
		return Numbers{}, err
	}
	e := s.memo[p]
	return Numbers{int(e.rem), int(e.sus)}, nil
}

// solve fills the memo for root and every position below it, depth first
// with an explicit stack.
func (s *Solver[P]) solve(ctx context.Context, root P) error {
	s.frames, s.arena = s.frames[:0], s.arena[:0]
	defer func() {
		// A search stopped part way leaves open positions: forget them.
		for _, f := range s.frames {
			if s.memo[f.pos].state == open {
				delete(s.memo, f.pos)
			}
		}
		s.frames, s.arena = s.frames[:0], s.arena[:0]
	}()
	push := func(p P) error {
		if err := s.remember(p, entry{state: open}); err != nil {
			return err
		}
		start := len(s.arena)
		for q := range s.moves(p) {
			s.arena = append(s.arena, q)
		}
		s.frames = append(s.frames, frame[P]{pos: p, start: start, cursor: start})
		return nil
	}
	if err := push(root); err != nil {
		return err
	}
	steps := 0
	for len(s.frames) > 0 {
		if steps++; steps&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		f := &s.frames[len(s.frames)-1]
		if f.cursor < len(s.arena) {
			q := s.arena[f.cursor]
			switch s.memo[q].state {
			case done:
				f.cursor++
			case open:
				return fmt.Errorf("%w: a position is reached again from itself; the retrograde solver handles such games", ErrCycle)
			default:
				if err := push(q); err != nil {
					return err
				}
			}
			continue
		}
		e := s.numbersOf(s.arena[f.start:])
		p := f.pos
		s.arena = s.arena[:f.start]
		s.frames = s.frames[:len(s.frames)-1]
		if err := s.remember(p, e); err != nil {
			return err
		}
	}
	return nil
}

// numbersOf combines the numbers of a position's options (all solved):
// remoteness, the winner hurries and the loser delays; suspense, the
// winner delays and the loser hurries.
func (s *Solver[P]) numbersOf(opts []P) entry {
	if len(opts) == 0 {
		return entry{state: done}
	}
	minEvenRem, maxRem := int32(math.MaxInt32), int32(-1)
	maxEvenSus, minSus := int32(-1), int32(math.MaxInt32)
	for _, q := range opts {
		e := s.memo[q]
		if e.rem%2 == 0 {
			minEvenRem = min(minEvenRem, e.rem)
		}
		maxRem = max(maxRem, e.rem)
		if e.sus%2 == 0 {
			maxEvenSus = max(maxEvenSus, e.sus)
		}
		minSus = min(minSus, e.sus)
	}
	e := entry{state: done, rem: 1 + maxRem, sus: 1 + minSus}
	if minEvenRem != math.MaxInt32 {
		e.rem = 1 + minEvenRem
	}
	if maxEvenSus >= 0 {
		e.sus = 1 + maxEvenSus
	}
	return e
}

// Options returns p's options with their numbers, in the game's order.
func (s *Solver[P]) Options(ctx context.Context, p P) ([]P, []Numbers, error) {
	var qs []P
	for q := range s.moves(p) {
		qs = append(qs, q)
	}
	ns := make([]Numbers, len(qs))
	for i, q := range qs {
		n, err := s.Numbers(ctx, q)
		if err != nil {
			return nil, nil, err
		}
		ns[i] = n
	}
	return qs, ns, nil
}
