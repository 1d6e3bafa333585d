package payoff

import (
	"context"
	"fmt"
	"iter"
	"math/big"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/game"
)

// bound is a value or ±∞: inf is −1 for −∞, +1 for +∞, 0 for v.
type bound struct {
	inf int8
	v   num
}

var (
	negInf = bound{inf: -1}
	posInf = bound{inf: 1}
)

func (c *core) cmpB(a, b bound) int {
	if a.inf != 0 || b.inf != 0 {
		switch {
		case a.inf < b.inf:
			return -1
		case a.inf > b.inf:
			return 1
		}
		return 0
	}
	return c.cmp(a.v, b.v)
}

// ttEntry brackets a position's value (for player 0): lo ≤ value ≤ hi.
type ttEntry struct{ lo, hi bound }

type zeroSum[P comparable] struct {
	core
	g        game.Multiplayer[P]
	outcomes func(P) iter.Seq2[P, *big.Rat]
	format   func(P) string
	tt       map[P]*ttEntry
	onStack  map[P]bool
	nodes    int
}

// RootStats describes a RootValue search.
type RootStats struct {
	Nodes     int // positions searched, counting repeats
	Positions int // distinct positions in the transposition table
}

// RootValue returns the value of p in a two-player zero-sum game for the
// player to move at p (for player 0 if p is a chance position): the payoff
// that player secures under optimal play by both. It searches by
// alpha-beta with a transposition table and does not find optimal moves
// (use a Solver for those). Every terminal payoff vector must be (v, −v).
// A cycle is reported when the search meets it; a cycle inside a pruned
// part of the game goes unseen (a Solver, which visits everything, always
// reports it).
func RootValue[P comparable](ctx context.Context, g game.Multiplayer[P], p P, opts Options) (Value, RootStats, error) {
	if n := g.Players(); n != 2 {
		return Value{}, RootStats{}, fmt.Errorf("alpha-beta needs a two-player zero-sum game; this one has %d players", n)
	}
	z := &zeroSum[P]{core: newCore(2, opts), g: g, tt: map[P]*ttEntry{}, onStack: map[P]bool{}}
	if st, ok := g.(game.Stochastic[P]); ok {
		z.outcomes = st.Outcomes
	}
	z.format = formatter[P](g)
	if err := ctx.Err(); err != nil {
		return Value{}, RootStats{}, err
	}
	v, err := z.search(ctx, p, negInf, posInf, 0)
	stats := RootStats{Nodes: z.nodes, Positions: len(z.tt)}
	if err != nil {
		return Value{}, stats, err
	}
	if g.ToMove(p) == 1 {
		v = z.neg(v)
	}
	return v.value(), stats, nil
}

// search returns the value of p for player 0 by fail-soft alpha-beta: the
// exact value if it lies strictly inside (alpha, beta), otherwise a bound
// on the same side of the window as the value.
func (z *zeroSum[P]) search(ctx context.Context, p P, alpha, beta bound, depth int) (num, error) {
	if z.onStack[p] {
		return num{}, fmt.Errorf("position %s repeats along a line of play: %w", z.format(p), ErrCycle)
	}
	if depth > z.maxDepth {
		return num{}, fmt.Errorf("a line of play is longer than %d moves (at position %s); the game may be too deep for this solver", z.maxDepth, z.format(p))
	}
	z.nodes++
	e := z.tt[p]
	if e != nil {
		if z.cmpB(e.lo, beta) >= 0 || z.cmpB(e.lo, e.hi) == 0 {
			return e.lo.v, nil
		}
		if z.cmpB(e.hi, alpha) <= 0 {
			return e.hi.v, nil
		}
		if z.cmpB(e.lo, alpha) > 0 {
			alpha = e.lo
		}
		if z.cmpB(e.hi, beta) < 0 {
			beta = e.hi
		}
	} else {
		if len(z.tt) >= z.maxState {
			return num{}, budget.TooManyStates(z.maxState)
		}
		if err := z.charge(len(z.tt)); err != nil {
			return num{}, err
		}
		if err := z.tick(ctx); err != nil {
			return num{}, err
		}
		e = &ttEntry{lo: negInf, hi: posInf}
		z.tt[p] = e
	}
	z.onStack[p] = true
	g, err := z.expand(ctx, p, alpha, beta, depth)
	delete(z.onStack, p)
	if err != nil {
		delete(z.tt, p)
		return num{}, err
	}
	gb := bound{v: g}
	switch {
	case z.cmpB(gb, alpha) <= 0:
		e.hi = gb
	case z.cmpB(gb, beta) >= 0:
		e.lo = gb
	default:
		e.lo, e.hi = gb, gb
	}
	return g, nil
}

func (z *zeroSum[P]) expand(ctx context.Context, p P, alpha, beta bound, depth int) (num, error) {
	who := z.g.ToMove(p)
	switch who {
	case game.Chance:
		if z.outcomes == nil {
			return num{}, fmt.Errorf("position %s is a chance position, but the game gives no outcomes (it does not implement game.Stochastic)", z.format(p))
		}
		acc := z.zero()
		err := eachOutcome(z.outcomes(p), z.format(p), func(q P, pr *big.Rat, pf float64) error {
			v, err := z.search(ctx, q, negInf, posInf, depth+1)
			if err != nil {
				return err
			}
			acc = z.addMul(acc, pr, pf, v)
			return nil
		})
		return acc, err
	case 0, 1:
	default:
		return num{}, fmt.Errorf("position %s: player to move %d is not one of the 2 players", z.format(p), who)
	}
	var best bound
	if who == 0 {
		best = negInf
	} else {
		best = posInf
	}
	for q := range z.g.Moves(p) {
		v, err := z.search(ctx, q, alpha, beta, depth+1)
		if err != nil {
			return num{}, err
		}
		vb := bound{v: v}
		if who == 0 {
			if z.cmpB(vb, best) > 0 {
				best = vb
				if z.cmpB(best, alpha) > 0 {
					alpha = best
				}
			}
		} else if z.cmpB(vb, best) < 0 {
			best = vb
			if z.cmpB(best, beta) < 0 {
				beta = best
			}
		}
		if z.cmpB(alpha, beta) >= 0 {
			break
		}
	}
	if best.inf == 0 {
		return best.v, nil
	}
	v, err := terminal(&z.core, z.g.Payoff(p), z.format(p))
	if err != nil {
		return num{}, err
	}
	if !z.isZero(z.add(v[0], v[1])) {
		return num{}, fmt.Errorf("terminal position %s has payoffs %s and %s, which do not sum to 0: the game is not zero-sum", z.format(p), v[0].value(), v[1].value())
	}
	return v[0], nil
}
