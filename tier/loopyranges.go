package tier

import (
	"fmt"

	"github.com/grundy-go/grundy/game"
)

// A loopy tier by rank ranges, for the Beam pipeline's distributed
// retrograde analysis (module grundy/beam): a range's positions name
// every move, those that stay in the tier included (Ranger.Moves), and
// the record of a position without moves (Ranger.Terminal); the
// pipeline runs solveLoopy's bucket queue level by level, a round of
// messages between ranges per level.

// Moves appends to dst the place of each move of rank r of tier t,
// loopy or not, in the order of the game's moves: a move that stays in
// a loopy tier has Tier t. The moves are checked as the solver checks
// them (a move stays in the tier only if it is loopy, else it reaches a
// child tier; the rank is within its tier's size).
func (x *Ranger[P]) Moves(t game.Tier, r int64, dst []Option) ([]Option, error) {
	ts, err := x.s.tierState(t)
	if err != nil {
		return dst, err
	}
	if r < 0 || r >= ts.size {
		return dst, fmt.Errorf("rank %d is out of tier %s's range [0, %d)", r, ts.name, ts.size)
	}
	p, ok := x.s.g.TierUnrank(t, r)
	if !ok {
		return dst, ts.errUnranked(r)
	}
	for _, q := range x.s.moves(nil, p) {
		k, ct, err := x.s.childIndex(ts, ts.childTiers, p, q)
		if err != nil {
			return dst, err
		}
		size := ts.size
		if k >= 0 {
			size = x.s.tiers[ts.children[k]].size
		}
		rq, err := x.s.rankIn(ts, size, p, q)
		if err != nil {
			return dst, err
		}
		dst = append(dst, Option{Tier: ct, Rank: rq})
	}
	return dst, nil
}

// Terminal is the record of rank r of tier t, a position without moves:
// won or lost in 0, or drawn, as the game's TerminalOutcome says (lost
// without one).
func (x *Ranger[P]) Terminal(t game.Tier, r int64) (uint16, error) {
	ts, err := x.s.tierState(t)
	if err != nil {
		return 0, err
	}
	p, ok := x.s.g.TierUnrank(t, r)
	if !ok || r < 0 || r >= ts.size {
		return 0, fmt.Errorf("rank %d of tier %s names no position", r, ts.name)
	}
	return x.s.terminalCode(p)
}

// Endless reports whether the game gives a verdict on endless play
// (game.Endless), which a loopy tier's positions that no finite play
// decides take: without one they are draws.
func (x *Ranger[P]) Endless() bool { return x.s.end != nil }
