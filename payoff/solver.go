package payoff

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math/big"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/game"
)

// DefaultMaxStates bounds the distinct positions a search memoises unless
// Options.MaxStates says otherwise.
const DefaultMaxStates = 10_000_000

// DefaultMaxDepth bounds the length of a line of play the depth-first
// search follows (its recursion depth) unless Options.MaxDepth says
// otherwise.
const DefaultMaxDepth = 100_000

// ErrCycle is wrapped by the error returned for a game whose positions
// repeat.
var ErrCycle = errors.New("the game has a cycle; backward induction needs an acyclic game")

// TieBreak selects which option a player takes among several that give it
// the same, maximal payoff.
type TieBreak int

const (
	// TieFirst, the default, takes the first such option in the game's
	// move order.
	TieFirst TieBreak = iota
	// TieLast takes the last one.
	TieLast
	// TieSpiteful takes the one leaving the other players the least in
	// total (the "paranoid" assumption), the first of those on a further tie.
	TieSpiteful
	// TieGenerous takes the one leaving the others the most in total, the
	// first of those on a further tie.
	TieGenerous
)

var tieNames = []string{"first", "last", "spiteful", "generous"}

// String returns the rule's name as ParseTieBreak accepts it.
func (t TieBreak) String() string {
	if t >= 0 && int(t) < len(tieNames) {
		return tieNames[t]
	}
	return fmt.Sprintf("TieBreak(%d)", int(t))
}

// ParseTieBreak parses "first", "last", "spiteful" or "generous".
func ParseTieBreak(s string) (TieBreak, error) {
	for i, n := range tieNames {
		if s == n {
			return TieBreak(i), nil
		}
	}
	return 0, fmt.Errorf("unknown tie-break rule %q; expected one of %s", s, strings.Join(tieNames, ", "))
}

// Options tune a Solver.
type Options struct {
	TieBreak TieBreak
	// Float computes in float64 instead of exact rationals.
	Float bool
	// MaxStates bounds the distinct positions memoised; 0 means
	// DefaultMaxStates.
	MaxStates int
	// MaxDepth bounds the length of a line of play; 0 means DefaultMaxDepth.
	MaxDepth int
	// Progress, if not nil, is called with the number of positions solved
	// so far, every 65536 positions.
	Progress func(solved int)
	// Memory, if not nil, is charged for the memo as it grows (in steps of
	// 4096 positions, stateBytes each); past it the search stops with its
	// *budget.Exceeded (Resource Memory). What is charged stays charged
	// while the Solver lives.
	Memory *budget.Bytes
}

// stateBytes is what a memoised position costs, as charged to
// Options.Memory: the key, the map's slot and a payoff vector of
// rationals.
const stateBytes = 160

// charge charges Memory for the memo when it reaches a new chunk of 4096
// positions.
func (c *core) charge(states int) error {
	if c.memory == nil || states%4096 != 0 {
		return nil
	}
	return c.memory.Charge(4096*stateBytes, "the payoff search's table of positions")
}

// core holds what the backward-induction Solver and RootValue share: the
// game, its checks and its arithmetic.
type core struct {
	float    bool
	players  int
	maxDepth int
	maxState int
	progress func(int)
	solved   int
	memory   *budget.Bytes
}

func newCore(players int, opts Options) core {
	c := core{float: opts.Float, players: players, maxDepth: opts.MaxDepth, maxState: opts.MaxStates, progress: opts.Progress, memory: opts.Memory}
	if c.maxDepth <= 0 {
		c.maxDepth = DefaultMaxDepth
	}
	if c.maxState <= 0 {
		c.maxState = DefaultMaxStates
	}
	return c
}

// tick counts a solved position and polls ctx now and then.
func (c *core) tick(ctx context.Context) error {
	c.solved++
	if c.solved&0xffff == 0 {
		if c.progress != nil {
			c.progress(c.solved)
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	return nil
}

// Solver finds the backward-induction payoff vector of positions of a
// Multiplayer game, memoising every position it solves. It is not safe for
// concurrent use.
type Solver[P comparable] struct {
	core
	g        game.Multiplayer[P]
	outcomes func(P) iter.Seq2[P, *big.Rat]
	format   func(P) string
	tie      TieBreak
	memo     map[P][]num // nil slice: on the search stack
}

// New returns a Solver for g. A game with chance positions must implement
// game.Stochastic.
func New[P comparable](g game.Multiplayer[P], opts Options) (*Solver[P], error) {
	n := g.Players()
	if n < 1 {
		return nil, fmt.Errorf("the game has %d players; at least 1 is needed", n)
	}
	if opts.TieBreak < TieFirst || opts.TieBreak > TieGenerous {
		return nil, fmt.Errorf("unknown tie-break rule %d", int(opts.TieBreak))
	}
	s := &Solver[P]{core: newCore(n, opts), g: g, tie: opts.TieBreak, memo: map[P][]num{}}
	if st, ok := g.(game.Stochastic[P]); ok {
		s.outcomes = st.Outcomes
	}
	s.format = formatter[P](g)
	return s, nil
}

// formatter writes positions in error messages: the game's own notation
// if it is a game.Formatter, else fmt's %v.
func formatter[P comparable](g any) func(P) string {
	if f, ok := g.(game.Formatter[P]); ok {
		return f.Format
	}
	return func(p P) string { return fmt.Sprint(p) }
}

// States returns the number of distinct positions solved so far.
func (s *Solver[P]) States() int { return len(s.memo) }

// Payoff returns the backward-induction payoff vector of p, indexed by
// player number.
func (s *Solver[P]) Payoff(ctx context.Context, p P) (Vector, error) {
	v, err := s.solve(ctx, p, 0)
	if err != nil {
		return nil, err
	}
	return toVector(v), nil
}

// Choice is one option of a position with its payoff vector.
type Choice[P comparable] struct {
	Position P
	Payoff   Vector
	// Probability is set for the outcomes of a chance position.
	Probability *big.Rat
}

// Analysis is a position solved: its payoff vector and its options.
type Analysis[P comparable] struct {
	Position P
	Mover    int // the player to move, or game.Chance
	Payoff   Vector
	// Options lists every option (every outcome, at a chance position) in
	// the game's order, with its payoff vector.
	Options []Choice[P]
	// Optimal holds the indices in Options of the options that give the
	// mover its maximal payoff (empty at terminal and chance positions).
	Optimal []int
	// Chosen is the index in Options of the optimal option the tie-break
	// rule picks, or -1.
	Chosen int
}

// Analyze solves p and its options.
func (s *Solver[P]) Analyze(ctx context.Context, p P) (*Analysis[P], error) {
	v, err := s.solve(ctx, p, 0)
	if err != nil {
		return nil, err
	}
	a := &Analysis[P]{Position: p, Mover: s.g.ToMove(p), Payoff: toVector(v), Chosen: -1}
	if a.Mover == game.Chance {
		for q, pr := range s.outcomes(p) {
			qv, err := s.solve(ctx, q, 1)
			if err != nil {
				return nil, err
			}
			a.Options = append(a.Options, Choice[P]{Position: q, Payoff: toVector(qv), Probability: new(big.Rat).Set(pr)})
		}
		return a, nil
	}
	var vals [][]num
	for q := range s.g.Moves(p) {
		qv, err := s.solve(ctx, q, 1)
		if err != nil {
			return nil, err
		}
		vals = append(vals, qv)
		a.Options = append(a.Options, Choice[P]{Position: q, Payoff: toVector(qv)})
	}
	if len(vals) == 0 {
		return a, nil
	}
	a.Chosen = s.choose(a.Mover, vals)
	for i, qv := range vals {
		if s.cmp(qv[a.Mover], vals[a.Chosen][a.Mover]) == 0 {
			a.Optimal = append(a.Optimal, i)
		}
	}
	return a, nil
}

// solve returns the payoff vector of p; the slice must not be modified.
func (s *Solver[P]) solve(ctx context.Context, p P, depth int) ([]num, error) {
	if depth == 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	if v, ok := s.memo[p]; ok {
		if v == nil {
			return nil, fmt.Errorf("position %s repeats along a line of play: %w", s.format(p), ErrCycle)
		}
		return v, nil
	}
	if depth > s.maxDepth {
		return nil, fmt.Errorf("a line of play is longer than %d moves (at position %s); the game may be too deep for this solver", s.maxDepth, s.format(p))
	}
	if len(s.memo) >= s.maxState {
		return nil, budget.TooManyStates(s.maxState)
	}
	if err := s.charge(len(s.memo)); err != nil {
		return nil, err
	}
	if err := s.tick(ctx); err != nil {
		return nil, err
	}
	s.memo[p] = nil
	v, err := s.compute(ctx, p, depth)
	if err != nil {
		delete(s.memo, p)
		return nil, err
	}
	s.memo[p] = v
	return v, nil
}

func (s *Solver[P]) compute(ctx context.Context, p P, depth int) ([]num, error) {
	who := s.g.ToMove(p)
	if who == game.Chance {
		if s.outcomes == nil {
			return nil, fmt.Errorf("position %s is a chance position, but the game gives no outcomes (it does not implement game.Stochastic)", s.format(p))
		}
		acc := make([]num, s.players)
		for i := range acc {
			acc[i] = s.zero()
		}
		err := eachOutcome(s.outcomes(p), s.format(p), func(q P, pr *big.Rat, pf float64) error {
			qv, err := s.solve(ctx, q, depth+1)
			if err != nil {
				return err
			}
			for i := range acc {
				acc[i] = s.addMul(acc[i], pr, pf, qv[i])
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		return acc, nil
	}
	if who < 0 || who >= s.players {
		return nil, fmt.Errorf("position %s: player to move %d is not one of the %d players", s.format(p), who, s.players)
	}
	var best []num
	for q := range s.g.Moves(p) {
		qv, err := s.solve(ctx, q, depth+1)
		if err != nil {
			return nil, err
		}
		if best == nil || s.better(who, qv, best) {
			best = qv
		}
	}
	if best != nil {
		return best, nil
	}
	return terminal(&s.core, s.g.Payoff(p), s.format(p))
}

// terminal checks and converts a terminal payoff vector.
func terminal(c *core, pay []*big.Rat, where string) ([]num, error) {
	if len(pay) != c.players {
		return nil, fmt.Errorf("terminal position %s has a payoff vector of %d entries for %d players", where, len(pay), c.players)
	}
	v := make([]num, len(pay))
	for i, x := range pay {
		if x == nil {
			return nil, fmt.Errorf("terminal position %s: the payoff of player %d is not a finite number (NaN or infinite)", where, i)
		}
		v[i] = c.fromRat(x)
	}
	return v, nil
}

// eachOutcome walks a chance position's outcomes, checking that the
// probabilities are positive and sum to exactly 1.
func eachOutcome[P comparable](seq iter.Seq2[P, *big.Rat], where string, f func(q P, pr *big.Rat, pf float64) error) error {
	total := new(big.Rat)
	n := 0
	var err error
	for q, pr := range seq {
		n++
		if pr == nil || pr.Sign() <= 0 {
			err = fmt.Errorf("chance position %s: outcome %d has probability %v; probabilities must be positive", where, n, ratString(pr))
			break
		}
		total.Add(total, pr)
		if total.Cmp(one) > 0 {
			err = fmt.Errorf("chance position %s: the probabilities of the outcomes sum to more than 1", where)
			break
		}
		pf, _ := pr.Float64()
		if err = f(q, pr, pf); err != nil {
			break
		}
	}
	if err != nil {
		return err
	}
	if n == 0 {
		return fmt.Errorf("chance position %s has no outcomes", where)
	}
	if total.Cmp(one) != 0 {
		return fmt.Errorf("chance position %s: the probabilities of the outcomes sum to %s, not 1", where, total.RatString())
	}
	return nil
}

var one = big.NewRat(1, 1)

func ratString(r *big.Rat) string {
	if r == nil {
		return "nil"
	}
	return r.RatString()
}

// better reports whether option vector a is preferred by player who to the
// incumbent b, which comes earlier in move order.
func (s *Solver[P]) better(who int, a, b []num) bool {
	switch c := s.cmp(a[who], b[who]); {
	case c > 0:
		return true
	case c < 0:
		return false
	}
	switch s.tie {
	case TieLast:
		return true
	case TieSpiteful:
		return s.cmp(s.others(who, a), s.others(who, b)) < 0
	case TieGenerous:
		return s.cmp(s.others(who, a), s.others(who, b)) > 0
	}
	return false
}

// choose returns the index of the option the rule picks.
func (s *Solver[P]) choose(who int, vals [][]num) int {
	best := 0
	for i := 1; i < len(vals); i++ {
		if s.better(who, vals[i], vals[best]) {
			best = i
		}
	}
	return best
}

func (s *Solver[P]) others(who int, v []num) num {
	t := s.zero()
	for i, x := range v {
		if i != who {
			t = s.add(t, x)
		}
	}
	return t
}
