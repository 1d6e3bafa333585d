package search

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
)

// Bound is the score of a position whose player to move has already won
// (remoteness 0); a win in r moves scores Bound − r.
const Bound = 1 << 24

// MaxDepth bounds the plies of one search path; deeper games are refused
// with a *budget.Exceeded of Resource Depth. It keeps every win's score
// well above 0 (Bound − MaxDepth > 0).
const MaxDepth = 1 << 20

// DefaultTTSize is the table's size when Options.TTSize is 0.
const DefaultTTSize = 64 << 20

// Keyer is implemented by games that give their positions a 64-bit key,
// e.g. a Zobrist hash. The key chooses the table's bucket; positions are
// still compared with == on a hit, so keys may collide.
type Keyer[P comparable] interface {
	Key(p P) uint64
}

// PerfectKeyer is a Keyer whose keys are different for different
// positions (the game's own perfect encoding, such as Connect-4's
// position+mask). The table then stores the key instead of the position.
type PerfectKeyer[P comparable] interface {
	Keyer[P]
	// PerfectKey is a marker: it states that Key is injective.
	PerfectKey()
}

// Canonical is implemented by games with symmetries: Canonical returns
// one representative of p's class of symmetric positions (the same for
// all of them). Symmetric positions have the same score, so the table
// stores the class once.
type Canonical[P comparable] interface {
	Canonical(p P) P
}

// Orderer is implemented by games that know which moves are likely good:
// OrderMoves reorders moves, the positions reachable from p, best first,
// in place. Without it the search orders by killer moves and history.
type Orderer[P comparable] interface {
	OrderMoves(p P, moves []P)
}

// Acyclic is implemented by games whose play never repeats a position (a
// stone is added by every move, a counter only grows): the search then
// keeps no set of the path's positions.
type Acyclic interface {
	Acyclic() bool
}

// Book answers some positions exactly without search, e.g. from a solved
// database: outcome for the player to move at p (N, P or D) and the
// remoteness (ignored for D). ok is false for positions it does not know.
type Book[P comparable] func(p P) (o outcome.Outcome, remoteness int, ok bool)

// Progress reports a running search.
type Progress struct {
	Nodes   int64         // nodes searched so far, all threads
	Tests   int           // null-window tests finished
	Lo, Hi  int           // the score is known to lie in [Lo, Hi]
	Move    int           // the root move being analysed (0-based), -1 for the position itself
	Elapsed time.Duration // since the search started
}

// Options tune Solve and Analyze.
type Options[P comparable] struct {
	// TTSize is the transposition table's size in bytes; 0 means
	// DefaultTTSize. The table never grows beyond it.
	TTSize int64
	// MaxNodes bounds the nodes searched; 0 means no bound.
	MaxNodes int64
	// Threads is the number of goroutines searching (lazy SMP); 0 or 1
	// means one.
	Threads int
	// Progress, if not nil, is called now and then (from a search
	// goroutine; it must be quick).
	Progress func(Progress)
	// Book, if not nil, is asked at every node before searching it.
	Book Book[P]
}

// ErrRepetition is matched (errors.Is) by the error of a search that met a
// position already on its path: such a game is not solved by search.
var ErrRepetition = errors.New("search: the game repeats positions")

type repetitionError struct{ pos string }

func (e *repetitionError) Error() string {
	return fmt.Sprintf("the position %s repeats during play: search cannot prove outcomes through cycles; solve the game by retrograde analysis instead", e.pos)
}
func (e *repetitionError) Is(target error) bool { return target == ErrRepetition }

// Value is an exact result for the player to move: outcome N, P or D and
// the remoteness (-1 for a draw).
type Value struct {
	Outcome    outcome.Outcome
	Remoteness int
}

// ScoreValue converts a score into outcome and remoteness.
func ScoreValue(s int) Value {
	switch {
	case s > 0:
		return Value{outcome.N, Bound - s}
	case s < 0:
		return Value{outcome.P, Bound + s}
	}
	return Value{outcome.D, -1}
}

// ValueScore converts outcome and remoteness into a score; it is the
// inverse of ScoreValue.
func ValueScore(v Value) (int, error) {
	switch v.Outcome {
	case outcome.N:
		if v.Remoteness < 0 || v.Remoteness >= MaxDepth {
			return 0, fmt.Errorf("search: remoteness %d out of range", v.Remoteness)
		}
		return Bound - v.Remoteness, nil
	case outcome.P:
		if v.Remoteness < 0 || v.Remoteness >= MaxDepth {
			return 0, fmt.Errorf("search: remoteness %d out of range", v.Remoteness)
		}
		return -(Bound - v.Remoteness), nil
	case outcome.D:
		return 0, nil
	}
	return 0, fmt.Errorf("search: outcome %v is not N, P or D", v.Outcome)
}

// MoveResult is the exact result of one move from the analysed position,
// for the player who makes it: Outcome N means the move wins, with
// Remoteness counted from the analysed position (the move included).
type MoveResult[P comparable] struct {
	Position P // the position the move leads to
	Value
}

// Result is the answer of Analyze.
type Result[P comparable] struct {
	Value                 // the position's own value
	Moves []MoveResult[P] // every move, in the game's order
	Best  []P             // the moves that achieve Value: the winning moves, the drawing moves, or the losing moves that delay longest
	Nodes int64           // nodes searched, all threads
}

// Solve returns the exact value of p for the player to move.
func Solve[P comparable](ctx context.Context, g game.Game[P], p P, opts Options[P]) (Value, int64, error) {
	s, err := newSearcher(ctx, g, opts)
	if err != nil {
		return Value{}, 0, err
	}
	sc, err := s.exact(p, -1)
	if err != nil {
		return Value{}, s.nodes.Load(), err
	}
	return ScoreValue(sc), s.nodes.Load(), nil
}

// Analyze returns the exact value of p and of every move from it, and
// the best moves. Each move's result needs its own exact search, so
// Analyze costs up to one Solve per move (they share the table).
func Analyze[P comparable](ctx context.Context, g game.Game[P], p P, opts Options[P]) (*Result[P], error) {
	s, err := newSearcher(ctx, g, opts)
	if err != nil {
		return nil, err
	}
	res := &Result[P]{}
	children := s.moves(nil, p)
	if len(children) == 0 {
		sc, err := s.exact(p, -1)
		if err != nil {
			return nil, err
		}
		res.Value = ScoreValue(sc)
		res.Nodes = s.nodes.Load()
		return res, nil
	}
	best := -Bound - 1
	scores := make([]int, len(children))
	for i, c := range children {
		cs, err := s.exact(c, i)
		if err != nil {
			res.Nodes = s.nodes.Load()
			return nil, err
		}
		scores[i] = int(parentScore(int32(cs)))
		best = max(best, scores[i])
		res.Moves = append(res.Moves, MoveResult[P]{Position: c, Value: ScoreValue(scores[i])})
	}
	res.Value = ScoreValue(best)
	for i, c := range children {
		if scores[i] == best {
			res.Best = append(res.Best, c)
		}
	}
	res.Nodes = s.nodes.Load()
	return res, nil
}

// parentScore is the score at the parent of a child scored s: negated and
// one move further from the end.
func parentScore(s int32) int32 {
	switch {
	case s > 0:
		return -s + 1
	case s < 0:
		return -s - 1
	}
	return 0
}

// childBound maps a bound at the parent to the bound at the child: the
// inverse of parentScore, so that parentScore(s) > a ⟺ s < childBound(a).
func childBound(a int32) int32 {
	switch {
	case a > 0:
		return -a - 1
	case a < 0:
		return -a + 1
	}
	return 0
}

// searcher is one search: the game's capabilities, the shared table and
// counters.
type searcher[P comparable] struct {
	ctx      context.Context
	g        game.Game[P]
	app      game.MoveAppender[P]
	term     game.Terminal[P]
	canon    Canonical[P]
	order    Orderer[P]
	book     Book[P]
	acyclic  bool
	tt       table[P]
	opts     Options[P]
	threads  int
	nodes    atomic.Int64
	start    time.Time
	lastProg atomic.Int64
	progMu   sync.Mutex
}

func newSearcher[P comparable](ctx context.Context, g game.Game[P], opts Options[P]) (*searcher[P], error) {
	if opts.TTSize < 0 || opts.MaxNodes < 0 || opts.Threads < 0 {
		return nil, errors.New("search: negative table size, node bound or thread count")
	}
	size := opts.TTSize
	if size == 0 {
		size = DefaultTTSize
	}
	s := &searcher[P]{ctx: ctx, g: g, opts: opts, book: opts.Book, threads: max(1, opts.Threads), start: time.Now()}
	s.app, _ = g.(game.MoveAppender[P])
	s.term, _ = g.(game.Terminal[P])
	s.canon, _ = g.(Canonical[P])
	s.order, _ = g.(Orderer[P])
	if a, ok := g.(Acyclic); ok {
		s.acyclic = a.Acyclic()
	}
	var err error
	if pk, ok := g.(PerfectKeyer[P]); ok {
		s.tt, err = newKeyTable[P](size, pk.Key)
	} else {
		var key func(P) uint64
		if k, ok := g.(Keyer[P]); ok {
			key = k.Key
		}
		s.tt, err = newPosTable[P](size, key)
	}
	if err != nil {
		return nil, err
	}
	return s, nil
}

func (s *searcher[P]) moves(dst []P, p P) []P {
	if s.app != nil {
		return s.app.AppendMoves(dst, p)
	}
	for q := range s.g.Moves(p) {
		dst = append(dst, q)
	}
	return dst
}

func (s *searcher[P]) format(p P) string {
	if f, ok := s.g.(game.Formatter[P]); ok {
		return f.Format(p)
	}
	return fmt.Sprint(p)
}

// exact finds p's exact score by null-window tests (MTD-bi), on all
// threads. move is the root move being analysed, for progress.
func (s *searcher[P]) exact(p P, move int) (int, error) {
	lo, hi := int32(-Bound), int32(Bound)
	tests := 0
	var stop atomic.Bool
	var wg sync.WaitGroup
	// Helpers (lazy SMP) run the same sequence of tests with their own
	// move order until the main thread is done; their errors are theirs.
	var shared atomic.Int64 // the main thread's current window, for helpers: lo<<32 | hi
	shared.Store(int64(lo)<<32 | int64(uint32(hi)))
	for t := 1; t < s.threads; t++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := s.newWorker(t, &stop)
			for !stop.Load() {
				win := shared.Load()
				l, h := int32(win>>32), int32(uint32(win))
				if l >= h {
					return
				}
				med := pickTest(l, h, t)
				if _, err := w.root(p, med); err != nil {
					return
				}
			}
		}()
	}
	w := s.newWorker(0, nil)
	var err error
	for lo < hi {
		med := pickTest(lo, hi, 0)
		var r int32
		r, err = w.root(p, med)
		if err != nil {
			break
		}
		if r <= med {
			hi = r
		} else {
			lo = r
		}
		tests++
		shared.Store(int64(lo)<<32 | int64(uint32(hi)))
		s.progress(tests, lo, hi, move, true)
	}
	stop.Store(true)
	wg.Wait()
	if err != nil {
		return 0, err
	}
	return int(lo), nil
}

// pickTest chooses the next null-window test in (lo, hi): 0 first (the
// outcome), then the middle of what is left. Helper threads (t > 0) test
// other points of the interval, so they prepare the main thread's next
// tests.
func pickTest(lo, hi int32, t int) int32 {
	var med int32
	switch {
	case lo < 0 && hi > 0:
		med = 0
		if t > 0 {
			// A helper probes a likely win or loss boundary meanwhile.
			if t%2 == 1 {
				med = lo + (hi-lo)/2
			}
		}
	default:
		med = lo + (hi-lo)/2
		if t > 0 {
			med = lo + (hi-lo)/int32(2+t)
		}
	}
	if med < lo {
		med = lo
	}
	if med >= hi {
		med = hi - 1
	}
	return med
}

func (s *searcher[P]) progress(tests int, lo, hi int32, move int, force bool) {
	if s.opts.Progress == nil {
		return
	}
	now := time.Since(s.start)
	last := s.lastProg.Load()
	if !force && now.Nanoseconds()-last < int64(200*time.Millisecond) {
		return
	}
	if !s.lastProg.CompareAndSwap(last, now.Nanoseconds()) && !force {
		return
	}
	s.progMu.Lock()
	defer s.progMu.Unlock()
	s.opts.Progress(Progress{Nodes: s.nodes.Load(), Tests: tests, Lo: int(lo), Hi: int(hi), Move: move, Elapsed: now})
}

// errNodes is the error of a search past MaxNodes.
func (s *searcher[P]) errNodes() error {
	return budget.Exceed(budget.Nodes, s.opts.MaxNodes, "the search visited more than %d nodes without finishing", s.opts.MaxNodes)
}
