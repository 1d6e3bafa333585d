package tier

import (
	"errors"
	"fmt"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
)

// An acyclic tier by rank ranges, for a scheduler that cannot hold a
// tier's children's records in one worker's memory (the Beam pipeline of
// module grundy/beam): a range's positions name the (child tier, child
// rank) of each of their moves (Ranger.Options), the scheduler joins
// those with the children's records, and each position's record follows
// from its options' records alone (Ranger.Record, Negamax). A tier
// solved so, range by range, has the records SolveOne gives it.

// Option is the place of a move's position in its (child) tier.
type Option struct {
	Tier game.Tier
	Rank int64
}

// Ranger answers for single positions of g's acyclic tiers. It holds g's
// tier graph (built once by NewRanger) and no records; it is safe for
// concurrent use.
type Ranger[P comparable] struct{ s *solver[P] }

// NewRanger returns a Ranger of g.
func NewRanger[P comparable](g game.Tiered[P]) (*Ranger[P], error) {
	if scoredGame(g) {
		return nil, errors.New("a game with scores (margins) is solved whole by grundy db build; its tiers are not solved by rank ranges")
	}
	s, err := newOne(g, Options{})
	if err != nil {
		return nil, err
	}
	return &Ranger[P]{s: s}, nil
}

// position is rank r of acyclic tier t.
func (x *Ranger[P]) position(t game.Tier, r int64) (*tierState, P, error) {
	var zero P
	ts, err := x.s.tierState(t)
	if err != nil {
		return nil, zero, err
	}
	if ts.loopy {
		return nil, zero, fmt.Errorf("tier %s is loopy: its positions' records need the retrograde analysis of the whole tier", ts.name)
	}
	if r < 0 || r >= ts.size {
		return nil, zero, fmt.Errorf("rank %d is out of tier %s's range [0, %d)", r, ts.name, ts.size)
	}
	p, ok := x.s.g.TierUnrank(t, r)
	if !ok {
		return nil, zero, ts.errUnranked(r)
	}
	return ts, p, nil
}

// Options appends to dst the place of each move of rank r of acyclic
// tier t, in the order of the game's moves (none for a position that
// ends the game), checked as the solver checks them: every move leaves
// the tier for a child tier, within its size.
func (x *Ranger[P]) Options(t game.Tier, r int64, dst []Option) ([]Option, error) {
	ts, p, err := x.position(t, r)
	if err != nil {
		return dst, err
	}
	for _, q := range x.s.moves(nil, p) {
		k, ct, err := x.s.childIndex(ts, ts.childTiers, p, q)
		if err != nil {
			return dst, err
		}
		rq, err := x.s.rankIn(ts, x.s.tiers[ts.children[k]].size, p, q)
		if err != nil {
			return dst, err
		}
		dst = append(dst, Option{Tier: ct, Rank: rq})
	}
	return dst, nil
}

// Record is the record of rank r of acyclic tier t from its options'
// records (in any order; one per move, as Options lists them): the
// record SolveOne gives it.
func (x *Ranger[P]) Record(t game.Tier, r int64, opts []uint16) (uint16, error) {
	_, p, err := x.position(t, r)
	if err != nil {
		return 0, err
	}
	if len(opts) == 0 {
		return x.s.terminalCode(p)
	}
	var verdict func() (outcome.Outcome, error)
	if x.s.end != nil {
		verdict = func() (outcome.Outcome, error) { return x.s.endlessVerdict(p) }
	}
	c, err := Negamax(opts, verdict)
	if err != nil {
		return 0, fmt.Errorf("the position %s: %w", x.s.format(p), err)
	}
	return c, nil
}

// ErrEmptyOption is Negamax's error for an option whose record is
// db.Empty: a move to a rank its tier holds no position at.
var ErrEmptyOption = errors.New("a move reaches a rank that holds no position")

// Negamax is the record of a position with moves, all out of its tier,
// from its options' records — the acyclic pass's rule, pure so that a
// scheduler holding only those records can apply it: won in 1 + the
// least remoteness of a lost option (the winner hurries), else lost in
// 1 + the greatest remoteness of the options if they are all won (the
// loser delays), else what the game's verdict on endless play makes of
// it (verdict, called only then; nil for a game without one: a draw).
func Negamax(opts []uint16, verdict func() (outcome.Outcome, error)) (uint16, error) {
	const none = ^uint32(0)
	minLost := none
	var loseIn uint32 // 1 + the greatest remoteness of a won option
	nonWon, drawn := 0, 0
	for _, c := range opts {
		switch {
		case c == db.Empty:
			return 0, ErrEmptyOption
		case c >= 4 && c&1 == 0:
			minLost = min(minLost, uint32(c-4)/2)
		case c >= 5:
			loseIn = max(loseIn, uint32(c-5)/2+1)
		case c == db.Draw:
			nonWon++
			drawn++
		default: // decided by endless play
			nonWon++
		}
	}
	var (
		o   outcome.Outcome
		rem uint32
	)
	switch {
	case minLost != none:
		o, rem = outcome.N, minLost+1
	case nonWon == 0:
		o, rem = outcome.P, loseIn
	case verdict == nil:
		return db.Draw, nil
	default:
		v, err := verdict()
		if err != nil {
			return 0, err
		}
		// The player who loses endless play steers for a drawn option;
		// the one who wins it is held to a draw only if every way on is
		// drawn.
		if drawn > 0 && (v != outcome.N || drawn == nonWon) {
			return db.Draw, nil
		}
		switch v {
		case outcome.N:
			return db.EndlessWin, nil
		case outcome.P:
			return db.EndlessLos, nil
		}
		return db.Draw, nil
	}
	c, ok := db.Encode(o, rem)
	if !ok {
		return 0, fmt.Errorf("remoteness %d, more than a record holds (%d)", rem, db.MaxRemoteness(2))
	}
	return c, nil
}
