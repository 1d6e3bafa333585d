package gobblet

import (
	"context"
	"errors"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/outcome"
)

// Search without a database. A position that is won or lost within d
// plies is decided by a depth-bounded search, exactly: the least d for
// which the player to move can force a line within d plies is the
// remoteness of a win (the winner hastens), and a position all of whose
// moves lead to such wins is lost in 1 + the greatest of their
// remotenesses (the loser delays), every one of them decided within d-1
// plies. Play that repeats needs no care here: a forced win within d
// plies is one whatever the game graph's cycles. What the search cannot
// decide (draws, and wins longer than the bound) it leaves undecided,
// and solve points to the database.

var errSearchCap = errors.New("search cap reached")

type sval struct {
	o   outcome.Outcome // D: undecided within the depth searched
	rem uint32
}

type sentry struct {
	depth int8
	v     sval
}

type searcher struct {
	g     *Game
	cap   int
	nodes int
	mem   *budget.Bytes
	tt    map[Pos]sentry
	buf   [][]Pos
}

func newSearcher(g *Game, cap int, mem *budget.Bytes) *searcher {
	return &searcher{g: g, cap: cap, mem: mem, tt: map[Pos]sentry{}}
}

// maxSearchDepth bounds the depth of solve's search (the table's depth
// is an int8); the cap on positions stops it long before, except where
// few positions are reachable.
const maxSearchDepth = 120

// solve searches p to depth 0, 1, ..., maxDepth and returns the first
// decided value (D when none) and the depth it reached.
func (s *searcher) solve(ctx context.Context, p Pos, maxDepth int) (sval, int, error) {
	for d := 0; d <= maxDepth; d++ {
		v, err := s.bounded(ctx, p, d, 0)
		if err != nil || v.o != outcome.D {
			return v, d, err
		}
	}
	return sval{o: outcome.D}, maxDepth, nil
}

// bounded is p's value when decided within d plies, D otherwise.
func (s *searcher) bounded(ctx context.Context, p Pos, d, ply int) (sval, error) {
	key := s.g.Canonical(p)
	if e, ok := s.tt[key]; ok && (e.v.o != outcome.D || int(e.depth) >= d) {
		return e.v, nil
	}
	if s.nodes++; s.nodes > s.cap {
		return sval{}, errSearchCap
	}
	if s.nodes%4096 == 0 {
		if err := ctx.Err(); err != nil {
			return sval{}, err
		}
		// An entry of the table: key, value and the map's overhead.
		if err := s.mem.Charge(4096*48, "gobblet's search table"); err != nil {
			return sval{}, err
		}
	}
	for len(s.buf) <= ply {
		s.buf = append(s.buf, make([]Pos, 0, 96))
	}
	moves := s.g.AppendMoves(s.buf[ply][:0], p)
	s.buf[ply] = moves
	var v sval
	switch {
	case len(moves) == 0:
		v = sval{o: s.g.TerminalOutcome(p)}
	case d == 0:
		v = sval{o: outcome.D}
	default:
		win, allWon := false, true
		var best, worst uint32
		for i := range moves {
			c, err := s.bounded(ctx, s.buf[ply][i], d-1, ply+1)
			if err != nil {
				return sval{}, err
			}
			switch c.o {
			case outcome.P:
				if !win || c.rem+1 < best {
					best = c.rem + 1
				}
				win = true
			case outcome.N:
				worst = max(worst, c.rem+1)
			default:
				allWon = false
			}
		}
		switch {
		case win:
			v = sval{o: outcome.N, rem: best}
		case allWon:
			v = sval{o: outcome.P, rem: worst}
		default:
			v = sval{o: outcome.D}
		}
	}
	s.tt[key] = sentry{depth: int8(d), v: v}
	return v, nil
}

// winningMoves lists the moves from p (won) to positions the search
// decides lost within maxDepth plies, and counts the moves it leaves
// undecided (any of which may win too).
func (s *searcher) winningMoves(ctx context.Context, p Pos, maxDepth int) (wins []Pos, undecided int, err error) {
	for _, q := range s.g.AppendMoves(nil, p) {
		c, _, err := s.solve(ctx, q, maxDepth)
		if err != nil {
			return nil, 0, err
		}
		switch c.o {
		case outcome.P:
			wins = append(wins, q)
		case outcome.D:
			undecided++
		}
	}
	return wins, undecided, nil
}
