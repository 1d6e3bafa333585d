package tier

import (
	"context"
	"errors"
	"fmt"
	"math/bits"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
)

// errWide stops a pass that met a remoteness too large for 1-byte
// records: the tier is solved again with 2-byte ones.
var errWide = errors.New("records need 2 bytes")

// solveTier solves one tier from its children's records, which are in
// memory, and returns its records (charged to the budget).
func (s *solver[P]) solveTier(ctx context.Context, ts *tierState) (db.Records, error) {
	s.cur.Total = popcount(ts.reach)
	s.cur.Done = 0
	s.report(s.cur)
	kids, err := s.childrenOf(ts)
	if err != nil {
		return db.Records{}, err
	}
	if s.score != nil && ts.loopy {
		return s.solveScoredLoopy(ctx, ts, kids)
	}
	if ts.loopy {
		if um, ok := s.g.(game.TierUnmover[P]); ok && s.score == nil && !s.opts.graphLoopy {
			recs, err := s.solveUnmove(ctx, ts, kids, um)
			if !errors.Is(err, errTooManyMoves) {
				return recs, err
			}
			// Counters of a byte do not hold its moves: the graph's do.
		}
		return s.solveLoopy(ctx, ts, kids)
	}
	first := 1
	if s.score != nil {
		first = 2 // margins take 2 bytes (db/score.go)
	}
	for width := first; ; width++ {
		recs, err := s.allocRecords(ts.size, width, ts)
		if err != nil {
			return db.Records{}, err
		}
		if s.walk != nil {
			err = parallel(ctx, s, s.cur, s.workers, int64(len(ts.reach)), newWalkScratch,
				func(w0, w1 int64, sc *walkScratch) (int64, error) {
					return s.solveWalk(s.walk, ts, kids, recs, width, w0, w1, sc)
				})
		} else {
			err = s.solvePlain(ctx, ts, kids, recs, width)
		}
		if errors.Is(err, errWide) && width == 1 {
			s.opts.Memory.Release(int64(len(recs.Data)))
			continue
		}
		if err != nil {
			s.opts.Memory.Release(int64(len(recs.Data)))
			return db.Records{}, err
		}
		return recs, nil
	}
}

// solvePlain is an acyclic tier's pass through TierUnrank and the moves.
func (s *solver[P]) solvePlain(ctx context.Context, ts *tierState, kids *children, recs db.Records, width int) error {
	return parallel(ctx, s, s.cur, s.workers, int64(len(ts.reach)),
		func() *[]P { b := make([]P, 0, 64); return &b },
		func(w0, w1 int64, buf *[]P) (int64, error) {
			var n int64
			for w := w0; w < w1; w++ {
				for word := ts.reach[w]; word != 0; word &= word - 1 {
					r := w<<6 | int64(bits.TrailingZeros64(word))
					p, ok := s.g.TierUnrank(ts.t, r)
					if !ok {
						return n, ts.errUnranked(r)
					}
					*buf = s.moves((*buf)[:0], p)
					code, err := s.evalAcyclic(ts, kids, p, *buf)
					if err != nil {
						return n, err
					}
					if !db.Fits(code, width) {
						return n, errWide
					}
					recs.Set(r, code)
					n++
				}
			}
			return n, nil
		})
}

// childCode is the record of q, a move from p out of ts.
func (s *solver[P]) childCode(ts *tierState, kids *children, p, q P) (uint16, error) {
	k, _, err := s.childIndex(ts, kids.tiers, p, q)
	if err != nil || k < 0 {
		return 0, err
	}
	return s.kidCode(ts, kids, k, p, q)
}

// kidCode is childCode for q in ts's child tier number k.
func (s *solver[P]) kidCode(ts *tierState, kids *children, k int, p, q P) (uint16, error) {
	r, err := s.rankIn(ts, kids.sizes[k], p, q)
	if err != nil {
		return 0, err
	}
	c := kids.recs[k].Get(r)
	if c == db.Empty {
		return 0, s.errMove(ts, p, q, fmt.Sprintf("reaches rank %d of tier %s, which holds no position there", r, kids.names[k]))
	}
	return c, nil
}

// evalAcyclic is negamax over a position's moves, all out of its tier:
// won in 1 + the least remoteness of a lost option (the winner hurries),
// else lost in 1 + the greatest remoteness of the options if they are
// all won with a remoteness (the loser delays), else decided as the
// retrograde analysis of the whole game decides positions it leaves
// unresolved (see retro's endless): a draw, or the game's verdict on
// endless play.
func (s *solver[P]) evalAcyclic(ts *tierState, kids *children, p P, moves []P) (uint16, error) {
	if len(moves) == 0 {
		return s.terminalCode(p)
	}
	var buf [16]uint16 // on the stack for the usual number of moves
	codes := buf[:0]
	for _, q := range moves {
		c, err := s.childCode(ts, kids, p, q)
		if err != nil {
			return 0, err
		}
		codes = append(codes, c)
	}
	var verdict func() (outcome.Outcome, error)
	if s.end != nil {
		verdict = func() (outcome.Outcome, error) { return s.endlessVerdict(p) }
	}
	if s.score != nil {
		c, err := ScoredNegamax(codes)
		if err != nil {
			return 0, fmt.Errorf("the position %s: %w", s.format(p), err)
		}
		return c, nil
	}
	c, err := Negamax(codes, verdict)
	if err != nil {
		return 0, fmt.Errorf("the position %s: %w", s.format(p), err)
	}
	return c, nil
}
